import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importRuns } from '#server/db/schema.ts'
import { startRun } from '#server/services/import/run-record.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The console's list of checks and imports (docs/decisions/067-terms-and-imports-lists.md) through
 * the production build: every run is recorded (console and command line, dry run, import, failure),
 * searched by file name, filtered by state and by who ran it, sorted by date and rows, paged in SQL;
 * a bad field is a 400 in the console's language; every staff member reads it; a finished run links
 * its report.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let other: EnrolledStaff
let viewer: EnrolledStaff

const serials = (n: number, from: number) =>
  `code1,code2,title,title_en,model\n${Array.from({ length: n }, (_, i) => `77,${String(from + i).padStart(4, '0')},목록 결선도 ${from + i},Listed diagram ${from + i},TM 05`).join('\n')}\n`
const bytes = (text: string) => new TextEncoder().encode(text)

async function multipart(parts: Record<string, { name: string; data: string }>) {
  const form = new FormData()
  for (const [field, part] of Object.entries(parts)) form.set(field, new Blob([part.data]), part.name)
  const response = new Response(form)
  return { payload: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type')! }
}
async function importThrough(step: 'check' | 'run', name: string, data: string, cookie: string) {
  const { payload, type } = await multipart({ table: { name, data } })
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/import/${step}?kind=serial`,
    payload,
    headers: { 'content-type': type, cookie },
  })
  expect(res.statusCode).toBe(200)
  return res
}

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, { username: 'il.editor@example.com', name: '기록편집', role: 'editor' })
  other = await enrolStaff(t.runtime.services, {
    username: 'il.other@example.com',
    name: '다른가져오기',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, { username: 'il.viewer@example.com', name: '기록감사', role: 'viewer' })
  const imports = t.runtime.services.imports
  // 22 dry runs of one row by the editor, then one of the console's own checks.
  for (let i = 1; i <= 22; i++)
    await imports.run(
      'serial',
      { fileName: `묶음-${String(i).padStart(2, '0')}.csv`, table: bytes(serials(1, i)) },
      { dryRun: true, actor: { userId: editor.userId } },
    )
  await importThrough('check', 'console-check.csv', serials(2, 100), editor.cookie)
  // An import of three rows by another editor, a file with problems, a command-line check, one still running.
  await importThrough('run', 'real-import.csv', serials(3, 200), other.cookie)
  await importThrough('check', 'broken.csv', 'code1,code2,title,title_en,model\n,,,,\n', editor.cookie)
  await imports.run('serial', { fileName: 'cli-file.csv', table: bytes(serials(2, 300)) }, { dryRun: true })
  await startRun(t.runtime.database.db, {
    kind: 'serial',
    input: { fileName: 'still-running.csv', table: new Uint8Array() },
    dryRun: false,
    userId: editor.userId,
    now: new Date(),
  })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const get = (url: string, cookie = editor.cookie) => t.app.inject({ url, headers: { cookie } })
const text = (html: string) => html.replace(/<!-- -->/g, '')
const rowsOf = (html: string) => (html.match(/<tr>/g) ?? []).length - 1
const runId = async (file: string) =>
  (await db().select({ id: importRuns.id }).from(importRuns).where(eq(importRuns.file_name, file)))[0]!.id

describe('the import history', () => {
  it('records every run: the console’s checks and imports with who ran them, the command line’s, failures with their problems', async () => {
    const runs = await db().select().from(importRuns)
    const of = (file: string) => runs.find((r) => r.file_name === file)!
    expect(of('console-check.csv')).toMatchObject({ status: 'dry-run', dry_run: true, user_id: editor.userId, rows: 2 })
    expect(of('real-import.csv')).toMatchObject({
      status: 'done',
      dry_run: false,
      user_id: other.userId,
      rows: 3,
      inserted: 3,
    })
    expect(of('broken.csv').status).toBe('failed')
    expect(of('broken.csv').problem_count).toBeGreaterThan(0)
    expect(of('cli-file.csv')).toMatchObject({ status: 'dry-run', user_id: null })
    expect(of('real-import.csv').finished_at).not.toBeNull()
  })

  it('is read by every staff member, not by visitors, and is in the console menu in both languages', async () => {
    expect((await t.app.inject({ url: '/admin/imports' })).statusCode).toBe(404)
    const seen = await get('/admin/imports', viewer.cookie)
    expect(seen.statusCode).toBe(200)
    expect(text(seen.body)).toContain('real-import.csv')
    expect(seen.body).toContain('href="/admin/imports"')
    expect(text(seen.body)).toContain('가져오기 기록')
    const en = await get('/admin/imports?lang=en')
    expect(text(en.body)).toContain('Import history')
    expect(text(en.body)).toContain('Command line')
  })

  it('searches by file name, filters by state and by who ran it', async () => {
    expect(text((await get('/admin/imports?q=real-import')).body)).toContain('>1건<')
    const done = await get('/admin/imports?state=done')
    expect(text(done.body)).toContain('>1건<')
    expect(text(done.body)).toContain('real-import.csv')
    expect(text((await get('/admin/imports?state=failed')).body)).toContain('broken.csv')
    expect(text((await get('/admin/imports?state=running')).body)).toContain('>1건<')
    expect(text((await get('/admin/imports?state=dry-run')).body)).toContain('>24건<')
    const byOther = await get(`/admin/imports?person=${other.userId}`)
    expect(text(byOther.body)).toContain('>1건<')
    expect(text(byOther.body)).toContain('다른가져오기')
    const cli = await get('/admin/imports?person=cli&lang=en')
    expect(text(cli.body)).toContain('Found: 1')
    expect(text(cli.body)).toContain('cli-file.csv')
  })

  it('sorts by rows and by date both ways with aria-sort, and pages in SQL', async () => {
    const byRows = await get('/admin/imports?sort=rows&dir=desc')
    expect(byRows.body).toContain('aria-sort="descending"')
    const body = text(byRows.body)
    expect(body.indexOf('real-import.csv')).toBeLessThan(body.indexOf('console-check.csv'))
    expect(body.indexOf('console-check.csv')).toBeLessThan(body.indexOf('묶음-'))
    const oldest = text((await get('/admin/imports?sort=date&dir=asc')).body)
    expect(oldest.indexOf('묶음-01.csv')).toBeLessThan(oldest.indexOf('묶음-02.csv'))
    const newest = text((await get('/admin/imports?q=%EB%AC%B6%EC%9D%8C')).body)
    expect(newest.indexOf('묶음-22.csv')).toBeLessThan(newest.indexOf('묶음-21.csv'))
    expect(rowsOf(newest)).toBe(20)
    const second = text((await get('/admin/imports?q=%EB%AC%B6%EC%9D%8C&page=2')).body)
    expect(rowsOf(second)).toBe(2)
    expect(second).toContain('묶음-01.csv')
  })

  it('links each finished run to its report (counts or problems, in the console’s language); a running one has none yet', async () => {
    const list = await get('/admin/imports')
    const done = await runId('real-import.csv')
    const broken = await runId('broken.csv')
    const running = await runId('still-running.csv')
    expect(list.body).toContain(`href="/admin/imports/${done}"`)
    expect(list.body).not.toContain(`href="/admin/imports/${running}"`)
    const report = await get(`/admin/imports/${done}?lang=en`, viewer.cookie)
    expect(report.statusCode).toBe(200)
    expect(text(report.body)).toContain(`Import report #${done}`)
    expect(text(report.body)).toContain('3 new')
    const problems = await get(`/admin/imports/${broken}`)
    expect(text(problems.body)).toContain('문제 목록')
    expect(text(problems.body)).toContain('아무것도 가져오지 않았습니다')
    expect((await get('/admin/imports/999999')).statusCode).toBe(404)
    expect((await get('/admin/imports/abc')).statusCode).toBe(404)
  })

  it('answers a field it cannot read with 400 in the console’s language, the list still shown', async () => {
    const ko = await get('/admin/imports?state=stuck')
    expect(ko.statusCode).toBe(400)
    expect(text(ko.body)).toContain('이 목록에 없는 선택입니다.')
    expect(ko.body).toContain('<table')
    const en = await get('/admin/imports?lang=en&person=everyone&sort=size')
    expect(en.statusCode).toBe(400)
    expect(text(en.body)).toContain('This list does not offer that choice.')
    expect((await get('/admin/imports?status=live')).statusCode).toBe(400)
  })
})
