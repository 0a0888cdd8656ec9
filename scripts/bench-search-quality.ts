// Site-search quality (issue 32): the queries of scripts/search-quality/queries.json against the
// demo content, in-process, each compared with the entries a person would expect on the first page.
//   npm run bench -- --search-quality [--verbose] [--postgres <admin url>]
//   npx tsx scripts/bench-search-quality.ts [--verbose] [--postgres <admin url>]
// Reports, per language and overall: recall@15 (the share of each query's expected entries among
// its first 15 hits, averaged over the queries) and MRR (the mean of 1 / the rank of the first
// expected entry among the first 15, 0 when none is there). --verbose lists every query that
// misses an expected entry, with where its expected entries stand.
import fs from 'node:fs'
import { argOf, benchRuntime } from './bench-lib.ts'

type Query = { lang: 'ko' | 'en'; q: string; kind: string; expect: string[] }
type Hit = { kind: string; title: string }

const args = process.argv.slice(2)
const verbose = args.includes('--verbose')
const file = argOf(args, 'queries') ?? new URL('./search-quality/queries.json', import.meta.url)
const { queries } = JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: Query[] }
export const PAGE = 15

/** `title` or `title@kind`: does this hit stand for the expected entry? */
const matches = (hit: Hit, expected: string) => {
  const at = expected.lastIndexOf('@')
  const kind = at > 0 && /^[a-z]+$/.test(expected.slice(at + 1)) ? expected.slice(at + 1) : null
  const title = kind ? expected.slice(0, at) : expected
  return hit.title === title && (kind === null || hit.kind === kind)
}

const { runtime, done } = await benchRuntime(args, 'quality')
try {
  const rows: { lang: string; kind: string; recall: number; rr: number }[] = []
  const misses: string[] = []
  for (const query of queries) {
    const result = await runtime.services.search.search({
      keyword: query.q,
      lang: query.lang,
      page: 1,
      recordSize: PAGE,
      pageSize: 5,
    })
    const hits = result.list as Hit[]
    const ranks = query.expect.map((expected) => hits.findIndex((hit) => matches(hit, expected)))
    const found = ranks.filter((rank) => rank >= 0)
    const recall = query.expect.length === 0 ? 1 : found.length / query.expect.length
    const rr = found.length === 0 ? 0 : 1 / (Math.min(...found) + 1)
    rows.push({ lang: query.lang, kind: query.kind, recall, rr })
    if (recall < 1 || rr < 1) {
      misses.push(
        `${query.lang} ${JSON.stringify(query.q)} (${query.kind}): recall ${recall.toFixed(2)}, RR ${rr.toFixed(2)}, ` +
          `${result.pagination.totalRecordCountAll} hits; expected at ${ranks.map((r) => (r < 0 ? '-' : r + 1)).join(', ')}` +
          (verbose
            ? `\n    first: ${hits
                .slice(0, 5)
                .map((h) => h.title)
                .join(' | ')}`
            : ''),
      )
    }
  }
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0)
  const summary = (lang: string | null) => {
    const of = rows.filter((row) => lang === null || row.lang === lang)
    return {
      queries: of.length,
      [`recall@${PAGE}`]: Number(mean(of.map((row) => row.recall)).toFixed(3)),
      MRR: Number(mean(of.map((row) => row.rr)).toFixed(3)),
    }
  }
  console.log(`\nSearch quality on ${runtime.database.driver} (demo content, first ${PAGE} hits)`)
  console.table({ Korean: summary('ko'), English: summary('en'), all: summary(null) })
  if (verbose && misses.length) console.log(`Queries below 1:\n  ${misses.join('\n  ')}`)
  else if (misses.length) console.log(`${misses.length} queries below 1 (--verbose lists them)`)
} finally {
  await done()
}
