// Site-search benchmark (issue 10), in-process against the database, on PGlite or PostgreSQL:
//   npx tsx scripts/bench-search.ts [--documents 100000] [--dir <pglite dir to keep>] [--postgres <admin url>]
// 1. a fresh database with the demo content and the search fixture (scripts/search-fixture.ts:
//    `--documents` service documents, each indexed in Korean and English);
// 2. a full reindex, timed, and the size of the index;
// 3. p50/p99 latency of the search at 1 and 10 concurrent callers for seven kinds of keyword, and
//    in the same run the naive ILIKE scan for the same 2-syllable word, as the baseline.
// `npm run bench -- --search-200k` runs it on PGlite (keeping the directory for the HTTP part)
// and, with DATABASE_URL set, on PostgreSQL too.
import { sql } from 'drizzle-orm'
import { searchEntries } from '#server/db/schema.ts'
import { progressBar } from '#server/manage/progress.ts'
import { argOf, benchRuntime, measure } from './bench-lib.ts'
import { addSearchFixture } from './search-fixture.ts'

const args = process.argv.slice(2)
const arg = (name: string) => argOf(args, name)
const documents = Number(arg('documents') ?? 100_000)

/** What is searched: seven kinds of keyword (and the baseline scans the first one naively). */
export const SEARCH_QUERIES = [
  { name: '2-syllable Korean word', keyword: '정수', lang: 'ko' },
  { name: '1-syllable Korean word', keyword: '댐', lang: 'ko' },
  { name: 'English word', keyword: 'gearbox', lang: 'en' },
  { name: 'initial consonants', keyword: 'ㅈㄷㅇㅊ', lang: 'ko' },
  { name: 'serial number', keyword: '25-0100', lang: 'ko' },
  { name: 'two Korean words', keyword: '정수장 감속기', lang: 'ko' },
  { name: 'model and English word', keyword: 'TM-BASIC gearbox', lang: 'en' },
] as const

const { runtime, done } = await benchRuntime(args, 'search')
const { db } = runtime.database
const driver = runtime.database.driver
try {
  const fixture = progressBar(`${driver}: fixture`)
  await addSearchFixture(db, documents, (done) => fixture.update(done, documents))
  fixture.end()

  const bar = progressBar(`${driver}: reindex`)
  const started = performance.now()
  const entries = await runtime.services.search.reindex(({ done, total }) => bar.update(done, total))
  const reindexSeconds = (performance.now() - started) / 1000
  bar.end()
  await db.execute(sql`vacuum analyze search_entries, search_titles, search_words, search_key_counts`)

  const size = async (relation: string) => {
    const [row] = await db
      .select({ n: sql<string>`pg_total_relation_size(${relation}::regclass)::text` })
      .from(sql`(select 1) as one`)
    return Number(row?.n ?? 0)
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
  const sizes = {
    table: await size('search_entries'),
    grams: await size('search_entries_grams_idx'),
    titles: await size('search_titles'),
    titleGrams: await size('search_titles_title_grams_idx'),
    words: await size('search_words'),
    wordsIndex: await size('search_words_words_idx'),
    counts: await size('search_key_counts'),
  }

  const search = (keyword: string, lang: 'ko' | 'en') => () =>
    runtime.services.search.search({ keyword, lang, page: 1, recordSize: 15, pageSize: 5 })
  const rows = []
  for (const q of SEARCH_QUERIES) {
    const hits = (await search(q.keyword, q.lang)()).pagination.totalRecordCountAll
    const one = await measure(search(q.keyword, q.lang), 1, 200)
    const ten = await measure(search(q.keyword, q.lang), 10, 400)
    rows.push({
      query: `${q.name} (${q.keyword})`,
      hits,
      '1 conn p50 ms': one.p50,
      '1 conn p99 ms': one.p99,
      '10 conn p50 ms': ten.p50,
      '10 conn p99 ms': ten.p99,
    })
  }
  // The baseline: what a search without the index does, for the same 2-syllable word.
  const word = SEARCH_QUERIES[0]
  const naive = () =>
    db
      .select({
        id: searchEntries.id,
        title: searchEntries.title,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(searchEntries)
      .where(
        sql`${searchEntries.lang} = ${word.lang} and (${searchEntries.title} ilike ${`%${word.keyword}%`} or ${searchEntries.body} ilike ${`%${word.keyword}%`})`,
      )
      .orderBy(sql`${searchEntries.updated_at} desc nulls first`, sql`${searchEntries.id} desc`)
      .limit(15)
  const naiveHits = (await naive())[0]?.total ?? 0
  const naiveOne = await measure(naive, 1, 30)
  const naiveTen = await measure(naive, 10, 60)
  rows.push({
    query: `naive ILIKE scan (${word.keyword})`,
    hits: naiveHits,
    '1 conn p50 ms': naiveOne.p50,
    '1 conn p99 ms': naiveOne.p99,
    '10 conn p50 ms': naiveTen.p50,
    '10 conn p99 ms': naiveTen.p99,
  })

  console.log(
    `\nSite search on ${driver}: ${documents.toLocaleString('en-US')} documents → ${entries.toLocaleString('en-US')} index entries`,
  )
  console.log(
    `full reindex ${reindexSeconds.toFixed(1)} s; entries ${mb(sizes.table)} (body keys index ${mb(sizes.grams)}), titles ${mb(sizes.titles)} (title keys index ${mb(sizes.titleGrams)}), ` +
      `words ${mb(sizes.words)} (index ${mb(sizes.wordsIndex)}), key counts ${mb(sizes.counts)}`,
  )
  console.table(rows)
  const ratio = rows[0]!['1 conn p99 ms'] / naiveOne.p99
  console.log(
    `2-syllable word p99 at 1 connection: ${rows[0]!['1 conn p99 ms']} ms = ${ratio.toFixed(3)} × the naive scan's ${naiveOne.p99} ms`,
  )
} finally {
  await done()
}
