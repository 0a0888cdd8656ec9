import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, circuitSerials } from '#server/db/schema.ts'
import { IMPORT_BATCH } from '#server/services/import/kind.ts'
import { IMPORT_LIMITS, type ImportEvent } from '#shared/import-kinds.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The console's import calls through the real app: who may import, the dry run's answer, the
 * import's stream of progress events, the size limit, the templates and the page itself.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff
beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'import.editor@example.com',
    name: '가져오기편집자',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, { username: 'import.viewer@example.com', role: 'viewer' })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: Record<string, { name: string; data: string | Buffer }>) {
  const form = new FormData()
  for (const [field, part] of Object.entries(parts))
    form.set(field, new Blob([typeof part.data === 'string' ? part.data : new Uint8Array(part.data)]), part.name)
  const response = new Response(form)
  return { payload: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type')! }
}
async function post(
  step: 'check' | 'run',
  kind: string,
  parts: Record<string, { name: string; data: string | Buffer }>,
  cookie?: string,
  lang = 'ko',
) {
  const { payload, type } = await multipart(parts)
  return t.app.inject({
    method: 'POST',
    url: `/admin/import/${step}?kind=${kind}&lang=${lang}`,
    payload,
    headers: { 'content-type': type, ...(cookie && { cookie }) },
  })
}
const events = (body: string): ImportEvent[] =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map(
      (frame) =>
        JSON.parse(
          frame
            .split('\n')
            .find((l) => l.startsWith('data: '))!
            .slice(6),
        ) as ImportEvent,
    )

const serials = (n: number, from = 1) =>
  `code1,code2,title,title_en,model\n${Array.from({ length: n }, (_, i) => `88,${String(from + i).padStart(4, '0')},가져온 결선도 ${from + i},Imported diagram ${from + i},TM 05`).join('\n')}\n`

describe('who may import', () => {
  it('is the 404 of the site without a console session, 403 for a viewer', async () => {
    expect((await post('check', 'serial', { table: { name: 'a.csv', data: serials(1) } })).statusCode).toBe(404)
    const viewed = await post('check', 'serial', { table: { name: 'a.csv', data: serials(1) } }, viewer.cookie)
    expect(viewed.statusCode).toBe(403)
    const page = await t.app.inject({ url: '/admin/import', headers: { cookie: viewer.cookie } })
    expect(page.statusCode).toBe(403)
  })
})

describe('the dry run and the import', () => {
  it('a dry run lists the problems in the page language; a good file is counted, then imported with progress, audited once', async () => {
    const bad = await post(
      'check',
      'serial',
      { table: { name: 'bad.csv', data: 'code1,code2,title,title_en,colour\n8,0001,가,A,red\n' } },
      editor.cookie,
      'en',
    )
    expect(bad.statusCode).toBe(200)
    expect(bad.json().data).toEqual({
      ok: false,
      problems: [{ row: 1, column: 'colour', message: 'Unknown column. Use a field key or its Korean name.' }],
    })

    const good = { table: { name: 'serials.csv', data: serials(2500) } }
    const checked = await post('check', 'serial', good, editor.cookie)
    expect(checked.json().data).toEqual({ ok: true, summary: { rows: 2500, inserted: 2500, updated: 0, files: 0 } })
    expect(await t.runtime.database.db.$count(circuitSerials, eq(circuitSerials.code1, '88'))).toBe(0)

    const ran = await post('run', 'serial', good, editor.cookie)
    expect(ran.statusCode).toBe(200)
    expect(ran.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(ran.headers['content-encoding']).toBeUndefined()
    const stream = events(ran.body)
    // 0, then after each batch of IMPORT_BATCH rows, the last one partial.
    const steps = Array.from({ length: Math.ceil(2500 / IMPORT_BATCH) }, (_, i) =>
      Math.min(2500, (i + 1) * IMPORT_BATCH),
    )
    expect(stream.filter((e) => e.type === 'progress').map((e) => (e.type === 'progress' ? e.done : 0))).toEqual([
      0,
      ...steps,
    ])
    expect(stream.at(-1)).toEqual({ type: 'done', summary: { rows: 2500, inserted: 2500, updated: 0, files: 0 } })
    expect(await t.runtime.database.db.$count(circuitSerials, eq(circuitSerials.code1, '88'))).toBe(2500)
    const [entry] = await t.runtime.database.db.select().from(auditLog).where(eq(auditLog.record_type, 'import'))
    expect(entry).toMatchObject({
      user_id: editor.userId,
      action: 'import',
      record_id: 'serial',
      after: { kind: 'serial', file: 'serials.csv', rows: 2500, inserted: 2500, updated: 0, files: 0 },
    })
  }, 120_000)

  it('refuses a body over the limits with a bilingual message, and a request without a table', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/admin/import/check?kind=reference',
      payload: 'x',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(IMPORT_LIMITS.table + IMPORT_LIMITS.zip + 1_000_000),
        cookie: editor.cookie,
      },
    })
    expect(big.statusCode).toBe(413)
    expect(big.json().error.messages).toEqual({
      ko: 'ZIP 파일이 너무 큽니다. 최대 200.0 MB입니다.',
      en: 'The ZIP file is too large. At most 200.0 MB.',
    })
    // No length announced (a chunked body): counted as it arrives (agencies take no ZIP: 30 MB in all).
    const { Readable } = await import('node:stream')
    const chunked = await t.app.inject({
      method: 'POST',
      url: '/admin/import/check?kind=agency',
      payload: Readable.from(
        (function* () {
          yield Buffer.from(
            '--x\r\nContent-Disposition: form-data; name="table"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n',
          )
          for (let i = 0; i < 40; i++) yield Buffer.alloc(1024 * 1024, 0x41)
          yield Buffer.from('\r\n--x--\r\n')
        })(),
      ),
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: editor.cookie },
    })
    expect(chunked.statusCode).toBe(413)
    expect(chunked.json().error.message).toBe('CSV/XLSX 파일이 너무 큽니다. 최대 30.0 MB입니다.')
    const table = await post(
      'check',
      'reference',
      { table: { name: 'big.csv', data: Buffer.alloc(IMPORT_LIMITS.table + 1, 0x41) } },
      editor.cookie,
    )
    expect(table.statusCode).toBe(413)
    expect(table.json().error.message).toBe('CSV/XLSX 파일이 너무 큽니다. 최대 30.0 MB입니다.')
    const none = await post('check', 'reference', { other: { name: 'x.csv', data: 'a' } }, editor.cookie)
    expect(none.statusCode).toBe(400)
    expect(none.json().error.message).toBe('가져올 CSV 또는 XLSX 파일을 선택하세요.')
  }, 60_000)
})

describe('the page and the templates', () => {
  it('shows the form with every kind, and links templates: CSV with BOM that imports as is, and XLSX', async () => {
    const page = await t.app.inject({ url: '/admin/import', headers: { cookie: editor.cookie } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('일괄 가져오기')
    expect(page.body).toContain('회로도 시리얼')
    expect(page.body).toContain('href="/admin/import/template?kind=agency&amp;format=csv"')
    const csv = await t.app.inject({
      url: '/admin/import/template?kind=reference&format=csv',
      headers: { cookie: editor.cookie },
    })
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="import-reference.csv"')
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFdoc_number,revision,type,product_id,title,title_en,url,url_en,file_ko,file_en',
    )
    // The template's example row is a good row (its file named in a ZIP alongside).
    const checked = await post(
      'check',
      'agency',
      {
        table: {
          name: 't.csv',
          data: (
            await t.app.inject({
              url: '/admin/import/template?kind=agency&format=csv',
              headers: { cookie: editor.cookie },
            })
          ).rawPayload,
        },
      },
      editor.cookie,
    )
    expect(checked.json().data).toMatchObject({ ok: true, summary: { rows: 1, inserted: 1 } })
    const xlsx = await t.app.inject({
      url: '/admin/import/template?kind=serial&format=xlsx',
      headers: { cookie: editor.cookie },
    })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    expect(book.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'code1',
      'code2',
      'title',
      'title_en',
      'model',
      'file',
    ])
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe('0100')
  })
})
