import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import jsQR from 'jsqr'
import { epsOrders, erpOrders } from '#server/db/schema.ts'
import { extractPdfText } from '#server/services/files/pdf-text.ts'
import { LABEL_LIMITS } from '#shared/label-rules.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { pdfImages } from '#tests/helpers/pdf-images.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The console's nameplate labels (docs/decisions/060-nameplate-labels.md) through the production
// build: who may make them, the form's checks, and a PDF whose every QR code decodes to its unit's
// identification link.
const SITE = 'https://www.daehan-actuator.example'
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true, env: { SITE_URL: SITE } })
  editor = await enrolStaff(t.runtime.services, { username: 'labels.editor@example.com', role: 'editor' })
  viewer = await enrolStaff(t.runtime.services, { username: 'labels.viewer@example.com', role: 'viewer' })
}, 240_000)
afterAll(async () => t?.close(), 60_000)

const get = (url: string, cookie = editor.cookie) => t.app.inject({ url, headers: { cookie } })

/** An ORD number with at least three orders with serials, across both systems, and their serials. */
async function busyOrd() {
  const db = t.runtime.database.db
  const rows = [
    ...(await db.select({ ord: erpOrders.ord_no, serial: erpOrders.serial_no }).from(erpOrders)),
    ...(await db.select({ ord: epsOrders.ord_no, serial: epsOrders.serial_no }).from(epsOrders)),
  ].filter((r): r is { ord: string; serial: string } => r.ord !== null && r.serial !== null)
  const ord = [...new Set(rows.map((r) => r.ord))].sort().find((o) => rows.filter((r) => r.ord === o).length >= 3)!
  return { ord, serials: rows.filter((r) => r.ord === ord).map((r) => r.serial) }
}

describe('nameplate labels', () => {
  it('are a 404 to anyone not signed in as staff and a 403 to viewers; the console menu shows them to editors', async () => {
    for (const url of ['/admin/labels', '/admin/labels/pdf?by=ord&ord=25-0001']) {
      expect((await get(url, '')).statusCode, url).toBe(404)
      expect((await get(url, viewer.cookie)).statusCode, url).toBe(403)
    }
    const page = await get('/admin/labels')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('href="/admin/labels"')
    expect(page.body).toContain(`${SITE}/id/TM250142-3`)
  })

  it('checks the choice on the server: a bad ORD number, a backwards date range, a bad serial are 400s in the console language', async () => {
    const bad = await get('/admin/labels?by=ord&ord=2501')
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('ORD 번호를 25-0100 형식으로 입력해 주세요.')
    const range = await get('/admin/labels/pdf?by=delivery&from=2025-02-01&to=2025-01-01&lang=en')
    expect(range.statusCode).toBe(400)
    expect(range.body).toBe('The end date must be on or after the start date, at most 366 days later.')
    const serial = await get(`/admin/labels/pdf?by=serials&serials=${encodeURIComponent('TM250142-3 x"><script>')}`)
    expect(serial.statusCode).toBe(400)
    // One ORD number on more orders than a PDF takes: refused, to be narrowed.
    const [order] = await t.runtime.database.db.select().from(erpOrders).limit(1)
    await t.runtime.database.db.insert(erpOrders).values(
      Array.from({ length: LABEL_LIMITS.labelsMax + 1 }, (_, i) => ({
        ...order!,
        id: undefined,
        work_no: `X99-${String(i).padStart(6, '0')}`,
        ord_no: '99-9999',
        serial_no: `ZZ${String(990000 + i)}-1`,
      })),
    )
    const many = await get('/admin/labels/pdf?by=ord&ord=99-9999')
    expect(many.statusCode).toBe(400)
    expect(many.body).toContain(String(LABEL_LIMITS.labelsMax))
    const huge = await get(`/admin/labels/pdf?by=serials&serials=${'TM250142-3+'.repeat(700)}`)
    expect(huge.statusCode).toBe(400)
  })

  it('makes an A4 sheet PDF with one decodable QR code per order: the identification link of its serial, with serial, model and ORD number', async () => {
    const { ord, serials } = await busyOrd()
    const form = await get(`/admin/labels?by=ord&ord=${ord}&layout=sheet&code=qr`)
    expect(form.statusCode).toBe(200)
    expect(form.body).toContain(`/admin/labels/pdf?by=ord&amp;ord=${ord}&amp;layout=sheet&amp;code=qr`)
    const res = await get(`/admin/labels/pdf?by=ord&ord=${ord}&layout=sheet&code=qr`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="nameplate-labels-sheet-/)
    const images = await pdfImages(res.rawPayload)
    expect(images).toHaveLength(serials.length)
    const decoded = images.map((img) => jsQR(img.rgba, img.width, img.height)?.data)
    expect(decoded.sort()).toEqual(serials.map((s) => `${SITE}/id/${s}`).sort())
    const text = await extractPdfText(res.rawPayload)
    for (const s of serials) expect(text).toContain(s)
    expect(text).toContain(`ORD ${ord}`)
  })

  it('makes the same labels with Data Matrix codes, one label a page for a label printer; serials chosen in any case, hyphen or not', async () => {
    const { serials } = await busyOrd()
    const typed = serials.map((s, i) => (i % 2 ? s.toLowerCase() : s.replace(/-/g, ''))).join('\n')
    const res = await get(
      `/admin/labels/pdf?by=serials&serials=${encodeURIComponent(typed)}&layout=single&code=datamatrix`,
    )
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(await pdfImages(res.rawPayload)).toHaveLength(serials.length)
    const text = await extractPdfText(res.rawPayload)
    for (const s of serials) expect(text).toContain(s)
  })
})
