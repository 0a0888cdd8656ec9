import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { circuitSerials, erpOrders, restrictedAccessLog, users } from '#server/db/schema.ts'
import { partnerAndMember } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The unit pages /id/{serial} through the production build (docs/decisions/058-unit-pages.md): one
// app for every case, over the demo orders (every tenth of 2024-2026 carries a serial that has a
// circuit diagram).
let t: Awaited<ReturnType<typeof buildTestApp>>
let partner: { id: number; cookie: string }
let member: { cookie: string }
let order: typeof erpOrders.$inferSelect

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  const db = t.runtime.database.db
  ;({ partner, member } = await partnerAndMember(t))
  const codes = new Set((await db.select().from(circuitSerials)).map((s) => `${s.code1}${s.code2}`))
  // A TM-BASIC unit with a circuit diagram: its page links the catalogue's TM BASIC and its documents.
  order = (await db.select().from(erpOrders).orderBy(erpOrders.id)).find(
    (o) => codes.has(o.serial_no!.slice(2, 8)) && o.model?.startsWith('TM-BASIC'),
  )!
  expect(order).toBeDefined()
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const page = (url: string, cookie = '') => t.app.inject({ url, headers: cookie ? { cookie } : {} })
const lastLog = async () =>
  (await t.runtime.database.db.select().from(restrictedAccessLog).orderBy(desc(restrictedAccessLog.id)).limit(1))[0]

describe('the identification link', () => {
  it('finds the unit whatever the case and without the hyphen; never indexed, never kept', async () => {
    const serial = order.serial_no!
    for (const asked of [serial, serial.toLowerCase(), serial.replace('-', '')]) {
      const res = await page(`/id/${asked}`)
      expect(res.statusCode, asked).toBe(200)
      expect(res.headers['cache-control'], asked).toBe('private, no-store')
      expect(res.body, asked).toContain(`<dd class="unit__serial">${serial}</dd>`)
      expect(res.body, asked).toContain('<meta name="robots" content="noindex"/>')
    }
    expect((await page('/sitemap.xml')).body).not.toContain('/id/')
  })

  it('answers an unknown serial with the serial lookup filled in (404), and a malformed one with 400', async () => {
    const unknown = await page(`/id/${order.serial_no!.slice(0, 8)}-ZZZ9`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('등록되지 않은 시리얼 번호')
    expect(unknown.body).toContain('action="/service/reference/circuit-diagram"')
    expect(unknown.body).toContain(`value="${order.serial_no!.slice(2, 4)}"`)
    const invalid = await page('/id/%2D%2D?lang=en')
    expect(invalid.statusCode).toBe(400)
    expect(invalid.body).toContain('Not a serial number')
    expect((await page(`/id/${'A1'.repeat(40)}`)).statusCode).toBe(400)
  })
})

describe('the public part', () => {
  it('shows the model, its product, circuit diagram, documents and the after-sales line, and nothing of the order', async () => {
    const res = await page(`/id/${order.serial_no}`)
    expect(res.body).toContain(order.model!)
    expect(res.body).toContain('href="/product/electric-actuator/tm/basic"')
    expect(res.body).toContain(
      `/service/reference/circuit-diagram?code=${order.serial_no!.slice(2, 4)}-${order.serial_no!.slice(4, 8)}`,
    )
    expect(res.body).toMatch(/class="unit-docs__number">DA-[A-Z]+-\d+ · Rev\. [A-Z]/)
    expect(res.body).toContain('href="tel:0318801995"')
    expect(res.body).toContain('로그인')
    for (const secret of [order.customer!, order.project_name, order.work_no, order.ord_no!, 'class="order-spec'])
      expect(res.body.includes(secret), secret).toBe(false)
    const en = await page(`/id/${order.serial_no}?lang=en`)
    expect(en.body).toContain('Model documents')
    expect(en.body).toContain(`Unit ${order.serial_no}`)
  })

  it('is what the site search opens for a serial', async () => {
    const res = await page(`/search/result?keyword=${order.serial_no!.toLowerCase().replace('-', '')}`)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`href="/id/${order.serial_no}"`)
  })
})

describe('the restricted part', () => {
  it('shows a member with access the specification, ORD and delivery, and logs the view as a detail view', async () => {
    const res = await page(`/id/${order.serial_no}`, partner.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toContain('기계 사양')
    expect(res.body).toContain(order.ord_no!)
    expect(res.body).toContain(order.delivery_date!.replaceAll('-', '.'))
    expect(res.body).toContain(`href="/morgan/detail/ERP/${order.work_no}"`)
    expect(await lastLog()).toMatchObject({
      user_id: partner.id,
      system: 'ERP',
      action: 'detail',
      work_no: order.work_no,
    })
  })

  it('shows a member without access the public part only, and ends a revoked access at the next request', async () => {
    const logged = (await lastLog())!.id
    expect((await page(`/id/${order.serial_no}`, member.cookie)).body.includes(order.ord_no!)).toBe(false)
    await t.runtime.database.db.update(users).set({ access_yn: 'N' }).where(eq(users.id, partner.id))
    const res = await page(`/id/${order.serial_no}`, partner.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.body.includes(order.ord_no!)).toBe(false)
    expect(res.body.includes('class="order-spec')).toBe(false)
    expect((await lastLog())!.id).toBe(logged)
  })
})

describe('the site settings', () => {
  it('are read once a request, though the root (footer) and the page (after-sales line) both show them', async () => {
    const { settings } = t.runtime.services
    const read = settings.get
    let reads = 0
    settings.get = (...args) => {
      reads++
      return read(...args)
    }
    try {
      for (const url of [`/id/${order.serial_no}`, '/', '/investment/stock', '/investment/public?lang=en']) {
        reads = 0
        const res = await page(url)
        expect(res.statusCode, url).toBe(200)
        expect(reads, url).toBe(1)
      }
    } finally {
      settings.get = read
    }
  })
})
