// Console list benchmark (issue 33, docs/decisions/054-console-lists.md), on PGlite or PostgreSQL:
//   npx tsx scripts/bench-lists.ts [--documents 50000] [--runs 300] [--no-http] [--postgres <admin url>]
// 1. a fresh database with the demo content, its reference archive filled to 50,000 documents
//    (classifications, numbers, Korean and English titles of a few words, a tenth of them drafts,
//    Korean files on all and English files on three in five; plain INSERT … SELECT), analysed;
// 2. in process, p50/p99 at 1 and 10 concurrent callers of the console list's service call for
//    three filtered, sorted pages (count + page + the files column, as the loader asks), and in the
//    same run, as the baseline, the bare indexed SELECT of the same page (no count, no files);
// 3. unless --no-http, the production build (build/main.js) started on the same database and the
//    list page itself requested by a signed-in editor at 1 and 10 connections (HTML, status 200).
// `npm run bench -- --lists` runs it on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { sql } from 'drizzle-orm'
import { referenceDocuments } from '#server/db/schema.ts'
import { parseListQuery, documentListSpec, type DocumentSort, type ListQuery } from '#shared/console-lists.ts'
import { CLASSIFICATION_COUNT } from '#shared/service-pages.ts'
import { enrolStaff } from '#tests/helpers/staff.ts'
import { argOf, benchRuntime, measure, serveBuild } from './bench-lib.ts'

const args = process.argv.slice(2)
const target = Number(argOf(args, 'documents') ?? 50_000)
const runs = Number(argOf(args, 'runs') ?? 300)
const http = !args.includes('--no-http')
// The console needs a key on PostgreSQL (the embedded database makes its own file).
process.env.CONSOLE_KEY ??= 'YmVuY2gtbGlzdHMtY29uc29sZS1rZXktMzItYnl0ZXM='
const { runtime, done, databaseUrl, dataDir } = await benchRuntime(args, 'lists')
const { db } = runtime.database
const driver = runtime.database.driver
const SPEC = documentListSpec(CLASSIFICATION_COUNT - 1)
const query = (params: string): ListQuery<DocumentSort> => parseListQuery(SPEC, new URLSearchParams(params)).query

let closed = false
try {
  // 1. The fixture.
  const started = performance.now()
  const [{ n: before }] = (await db.select({ n: sql<number>`count(*)::int` }).from(referenceDocuments)) as [
    { n: number },
  ]
  await db.execute(sql`insert into files (file_name, origin_file_name, content_type, size)
    values ('bench/list-kor.pdf', '목록 벤치.pdf', 'application/pdf', 1024), ('bench/list-eng.pdf', 'list bench.pdf', 'application/pdf', 1024)
    on conflict do nothing`)
  const words = ['카탈로그', '설치 매뉴얼', '결선도', '인증서', '시험 성적서', '사양서', '도면', '취급 설명서']
  const wordsEn = [
    'Catalog',
    'Installation Manual',
    'Circuit Diagram',
    'Certificate',
    'Test Report',
    'Specification',
    'Drawing',
    'Instructions',
  ]
  const series = ['TM', 'TX', 'TQ', 'WT', 'LTMD', 'NA', 'EP', 'GH']
  const add = target - before
  if (add > 0) {
    await db.execute(sql`insert into reference_documents
      (type, title, title_en, doc_number, revision, revised_at, created_at, published, updated_at, version)
      select 1 + g % ${CLASSIFICATION_COUNT - 1},
        (${sql.raw(`array['${series.join("','")}']`)})[1 + g % 8] || ' ' || (${sql.raw(`array['${words.join("','")}']`)})[1 + (g / 8) % 8] || ' ' || g,
        (${sql.raw(`array['${series.join("','")}']`)})[1 + g % 8] || ' ' || (${sql.raw(`array['${wordsEn.join("','")}']`)})[1 + (g / 8) % 8] || ' ' || g,
        'DA-BEN-' || lpad(g::text, 6, '0'),
        'A',
        now() - make_interval(hours => g),
        now() - make_interval(hours => g),
        g % 10 <> 3,
        now() - make_interval(mins => (g * 7919) % 525600),
        1
      from generate_series(1, ${add}) g`)
    await db.execute(sql`insert into attachments (owner_type, owner_id, file_name, origin_file_name, icon)
      select 'reference', id, 'bench/list-kor.pdf', '목록 벤치.pdf', 'KOR' from reference_documents where doc_number like 'DA-BEN-%'`)
    await db.execute(sql`insert into attachments (owner_type, owner_id, file_name, origin_file_name, icon)
      select 'reference', id, 'bench/list-eng.pdf', 'list bench.pdf', 'ENG' from reference_documents
      where doc_number like 'DA-BEN-%' and id % 5 < 3`)
  }
  // As after any bulk load (bench-orders.ts does the same): statistics, and the visibility map that lets a count stay in an index.
  await db.execute(sql`vacuum analyze reference_documents`)
  await db.execute(sql`vacuum analyze attachments`)
  const [{ n: total }] = (await db.select({ n: sql<number>`count(*)::int` }).from(referenceDocuments)) as [
    { n: number },
  ]
  const fixtureSeconds = (performance.now() - started) / 1000

  // 2. In process: the list's service call against the bare indexed SELECT of the same page.
  const documents = runtime.services.documentsAdmin
  // The bare SELECT of each page: the same rows in the same order from the same indexes, without
  // the list's count, its files column and the rest of the service call.
  const bare =
    (where: string, order: string, offset = 0) =>
    () =>
      db.execute(
        sql.raw(
          `select id, doc_number, title, title_en, published, updated_at from reference_documents d where ${where} order by ${order} limit 20 offset ${offset}`,
        ),
      )
  const hasEnglishFile = `exists (select 1 from attachments a where a.owner_type = 'reference' and a.owner_id = d.id and a.icon in ('ENG','PDF','CAD','GSD','MOV','ETC') offset 0)`
  const cases = [
    {
      name: 'drafts, last changed first',
      params: 'status=draft&sort=updated&dir=desc',
      bare: bare('published = false', 'updated_at desc, id desc'),
    },
    {
      name: 'classification 9, live, English files, by number, page 3',
      params: 'type=9&status=live&language=en&sort=number&dir=asc&page=3',
      bare: bare(`type = 9 and published and ${hasEnglishFile}`, 'doc_number asc, id asc', 40),
    },
    {
      name: 'search "설치 매뉴얼", live, by title',
      params: `q=${encodeURIComponent('설치 매뉴얼')}&status=live&sort=title&dir=asc`,
      bare: bare(
        `published and lower(doc_number || ' ' || title || ' ' || title_en) like '%설치%' and lower(doc_number || ' ' || title || ' ' || title_en) like '%매뉴얼%'`,
        'title asc, id asc',
      ),
    },
  ]
  const rows: Record<string, string | number>[] = []
  for (const c of cases) {
    const q = query(c.params)
    const list = () => documents.list('reference', q, 'ko', 20)
    const first = await list()
    const one = await measure(list, 1, runs)
    const ten = await measure(list, 10, runs * 2)
    rows.push({
      page: `list: ${c.name}`,
      found: first.total,
      '1 conn p50 ms': one.p50,
      '1 conn p99 ms': one.p99,
      '10 conn p50 ms': ten.p50,
      '10 conn p99 ms': ten.p99,
    })
    const bareOne = await measure(c.bare, 1, runs)
    const bareTen = await measure(c.bare, 10, runs * 2)
    rows.push({
      page: `  bare indexed SELECT of the page`,
      found: '',
      '1 conn p50 ms': bareOne.p50,
      '1 conn p99 ms': bareOne.p99,
      '10 conn p50 ms': bareTen.p50,
      '10 conn p99 ms': bareTen.p99,
    })
  }
  console.log(
    `\nConsole document list on ${driver}: ${total.toLocaleString('en-US')} reference documents (fixture in ${fixtureSeconds.toFixed(1)} s), in process, ${runs} calls at 1 caller and ${runs * 2} at 10`,
  )
  console.table(rows)

  // 3. Over HTTP: the page itself, rendered by the production build for a signed-in editor.
  if (http) {
    const editor = await enrolStaff(runtime.services, {
      username: 'bench.lists@example.com',
      name: '목록벤치',
      role: 'editor',
    })
    await runtime.close()
    closed = true
    const server = await serveBuild({ dataDir, databaseUrl })
    const base = server.base
    try {
      const pageRows: Record<string, string | number>[] = []
      for (const c of cases) {
        const url = `${base}/admin/documents/reference?${c.params}`
        const get = async () => {
          const res = await fetch(url, { headers: { cookie: editor.cookie } })
          const body = await res.text()
          if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`)
          return body.length
        }
        const bytes = await get()
        const one = await measure(get, 1, runs)
        const ten = await measure(get, 10, runs * 2)
        pageRows.push({
          page: c.name,
          'HTML kB': Math.round(bytes / 1024),
          '1 conn p50 ms': one.p50,
          '1 conn p99 ms': one.p99,
          '10 conn p50 ms': ten.p50,
          '10 conn p99 ms': ten.p99,
        })
      }
      console.log(`\nThe list page over HTTP on ${driver} (production build, signed-in editor, whole HTML answer)`)
      console.table(pageRows)
    } finally {
      await server.stop()
    }
  }
} finally {
  await done(closed)
}
