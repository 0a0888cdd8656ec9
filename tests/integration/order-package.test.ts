import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import JSZip from 'jszip'
import { erpOrders, restrictedAccessLog, users } from '#server/db/schema.ts'
import { extractPdfText } from '#server/services/files/pdf-text.ts'
import { partnerAndMember } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The order package (docs/decisions/059-order-package.md) over the demo orders: who gets it, what
// the ZIP holds, the specification sheet's Korean text, the access log.
let t: Awaited<ReturnType<typeof buildTestApp>>
let partner: { id: number; cookie: string }
let member: { cookie: string }

beforeAll(async () => {
  t = await buildTestApp()
  ;({ partner, member } = await partnerAndMember(t))
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const get = (url: string, cookie = partner.cookie) => t.app.inject({ url, headers: { cookie } })

/** A demo ERP order with the circuit-diagram number 25-0100 (a published serial diagram with two files) and a TM model. */
async function sampleOrder() {
  const [order] = await db()
    .select()
    .from(erpOrders)
    .where(
      and(
        sql`${erpOrders.spec}->>'circuit_no' = '25-0100'`,
        sql`${erpOrders.model} like 'TM-%'`,
        isNotNull(erpOrders.ord_no),
      ),
    )
    .orderBy(erpOrders.work_no)
    .limit(1)
  return order!
}

describe('order package', () => {
  it('refuses anyone without restricted access as the area does (to /), before looking at the request; nothing logged', async () => {
    const before = (await db().select({ id: restrictedAccessLog.id }).from(restrictedAccessLog)).length
    for (const url of ['/morgan/package/ERP/E19-000001', '/morgan/package/NOPE/%00x']) {
      for (const cookie of ['', member.cookie]) {
        const res = await get(url, cookie)
        expect(res.statusCode, url).toBe(302)
        expect(res.headers.location).toBe('/')
        expect(res.headers['cache-control']).toBe('private, no-store')
      }
    }
    await db().update(users).set({ access_yn: 'N' }).where(eq(users.id, partner.id))
    expect((await get('/morgan/package/ERP/E19-000001')).statusCode).toBe(302)
    await db().update(users).set({ access_yn: 'Y' }).where(eq(users.id, partner.id))
    expect((await db().select({ id: restrictedAccessLog.id }).from(restrictedAccessLog)).length).toBe(before)
  })

  it('answers 404 (bilingual) for another system, a malformed or an unknown work number', async () => {
    for (const url of [
      '/morgan/package/XYZ/E19-000001',
      '/morgan/package/ERP/..%2F..%2Fetc',
      `/morgan/package/ERP/${'9'.repeat(200)}`,
      '/morgan/package/ERP/E00-999999',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.messages.ko).toBeTruthy()
      expect(res.json().error.messages.en).toBeTruthy()
    }
  })

  it('streams a ZIP named with the work number: the Korean specification sheet, the circuit diagrams, the manuals in Korean and English; the download logged', async () => {
    const order = await sampleOrder()
    const res = await get(`/morgan/package/erp/${order.work_no}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toContain(`order-package-${order.work_no}.zip`)
    expect(res.headers['cache-control']).toBe('private, no-store')

    const zip = await JSZip.loadAsync(res.rawPayload)
    const names = Object.keys(zip.files).sort()
    const sheet = `사양서-${order.work_no}.pdf`
    expect(names).toContain(sheet)
    const circuits = names.filter((n) => n.startsWith('결선도/'))
    expect(circuits.length).toBeGreaterThanOrEqual(1)
    const manuals = names.filter((n) => n.startsWith('취급설명서/'))
    expect(manuals.some((n) => /\.pdf$/.test(n))).toBe(true)
    for (const name of [...circuits, ...manuals])
      expect((await zip.file(name)!.async('uint8array')).subarray(0, 5)).toEqual(new TextEncoder().encode('%PDF-'))

    const text = (await extractPdfText(await zip.file(sheet)!.async('uint8array'))).replace(/\s+/g, ' ')
    expect(text).toContain('ERP 제작사양서')
    expect(text).toContain(`작업번호 ${order.work_no}`)
    expect(text).toContain(`ORD 번호 ${order.ord_no}`)
    expect(text).toMatch(/출력일 \d{4}\.\d{2}\.\d{2}/)
    for (const label of ['기계 사양', '전기 사양', '액추에이터', '결선도 번호 25-0100', '프로젝트명', '모델명'])
      expect(text).toContain(label)
    expect(text).toContain(order.project_name)

    const [log] = await db().select().from(restrictedAccessLog).orderBy(desc(restrictedAccessLog.id)).limit(1)
    expect(log).toMatchObject({ user_id: partner.id, system: 'ERP', action: 'package', work_no: order.work_no })
  })
})
