import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { erpOrders, epsOrders, restrictedAccessLog, users } from '#server/db/schema.ts'
import { partnerAndMember } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The restricted-area pages through the production build: the guard, the loaders' checks of
// their input, the canonical address, the 404s and the access log (300 ERP and 120 EPS demo orders).
let t: Awaited<ReturnType<typeof buildTestApp>>
let partner: { id: number; cookie: string }
let member: { cookie: string }

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  ;({ partner, member } = await partnerAndMember(t))
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const page = (url: string, cookie = partner.cookie) => t.app.inject({ url, headers: { cookie } })
const lastLog = async () =>
  (await db().select().from(restrictedAccessLog).orderBy(desc(restrictedAccessLog.id)).limit(1))[0]
const logCount = async () => (await db().select({ id: restrictedAccessLog.id }).from(restrictedAccessLog)).length
/** An ORD year of the demo's ERP orders with more than one page of them (46; an ORD query has 2 digits at least). */
const YEAR = '19'
/** Text of the elements with `class` (server HTML, no nested tags inside). */
const texts = (html: string, cls: string) =>
  [...html.matchAll(new RegExp(`class="${cls}"[^>]*>([^<]*)<`, 'g'))].map((m) => m[1])

describe('guard', () => {
  const urls = [
    '/morgan',
    '/morgan?type=EPS&ord=25',
    '/morgan/detail/ERP/E19-000001',
    '/morgan/detail/NOPE/x',
    '/morgan/elsewhere',
    '/morgan.data',
  ]

  it('sends an anonymous visitor and a member without access home by a full page load, privately', async () => {
    for (const cookie of ['', member.cookie]) {
      for (const url of urls) {
        const res = await page(url, cookie)
        if (url.endsWith('.data')) {
          // A client-side navigation gets the redirect as data, with the reload flag: a full page load.
          expect(res.statusCode, url).toBe(202)
          expect(res.body, url).toMatch(/"SingleFetchRedirect".*"redirect","\/".*"reload",true/)
          expect(res.headers['cache-control'], url).toBe('private, no-store')
          continue
        }
        expect(res.statusCode, url).toBe(302)
        expect(res.headers.location, url).toBe('/')
        expect(res.headers['x-remix-reload-document'], url).toBe('true')
        expect(res.headers['cache-control'], url).toBe('private, no-store')
      }
    }
  })

  it('takes a revoked permission into account at the next page, without a new login', async () => {
    await db().update(users).set({ access_yn: 'N' }).where(eq(users.id, partner.id))
    expect((await page('/morgan')).statusCode).toBe(302)
    await db().update(users).set({ access_yn: 'Y' }).where(eq(users.id, partner.id))
    expect((await page('/morgan')).statusCode).toBe(200)
  })
})

describe('/morgan', () => {
  it('asks for a search word first, and asks the service nothing', async () => {
    const before = await logCount()
    const res = await page('/morgan')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toContain('empty-state__message">검색어를 입력해 주세요.')
    expect(res.body).toContain('<div class="restricted" lang="ko">')
    expect(res.body).toContain('<meta name="robots" content="noindex"/>')
    expect(await logCount()).toBe(before)
  })

  it('lists 30 orders of the system a page, numbered down from the total, and logs the query', async () => {
    // Whole rows: a partial select of the order tables type-checks as `never` today.
    const all = await db().select().from(erpOrders)
    const total = all.filter((o) => o.ord_no?.startsWith(YEAR)).length
    expect(total).toBeGreaterThan(30)
    const res = await page(`/morgan?type=ERP&ord=${YEAR}&page=2`)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`검색 결과 ${total.toLocaleString('ko-KR')}건`)
    const numbers = texts(res.body, 'order-table__no').slice(1).map(Number)
    expect(numbers).toHaveLength(Math.min(30, total - 30))
    expect(numbers[0]).toBe(total - 30)
    for (const ord of texts(res.body, 'order-table__ord').slice(1)) expect(ord).toMatch(new RegExp(`^${YEAR}`))
    expect(await lastLog()).toMatchObject({
      user_id: partner.id,
      system: 'ERP',
      action: 'list',
      query: { ord: YEAR, page: 2 },
    })
  })

  it('reads the system case-insensitively and searches EPS by name', async () => {
    const [sample] = await db().select().from(epsOrders).limit(1)
    const word = sample!.project_name.split(' ')[0]!
    const res = await page(`/morgan?type=eps&name=${encodeURIComponent(word)}`)
    expect(res.statusCode).toBe(200)
    const projects = texts(res.body, 'order-table__project')
    expect(projects.length).toBeGreaterThan(0)
    for (const project of projects) expect(project).toContain(word)
    expect(res.body).toMatch(/aria-current="page"[^>]*>EPS</)
  })

  it('redirects the form sent without JavaScript (ord1, ord2) to the canonical address', async () => {
    const cases: [string, string][] = [
      [
        '/morgan?type=EPS&name=+%EC%A0%95%EC%88%98+&ord1=25&ord2=0100',
        '/morgan?type=EPS&name=%EC%A0%95%EC%88%98&ord=25-0100',
      ],
      ['/morgan?type=ERP&name=&ord1=25&ord2=', '/morgan?type=ERP&ord=25'],
      ['/morgan?type=ERP&name=&ord1=&ord2=', '/morgan?type=ERP'],
      ['/morgan?type=ERP&name=x&ord1=&ord2=01&page=4', '/morgan?type=ERP&name=x&ord=-01'],
    ]
    for (const [from, to] of cases) {
      const res = await page(from)
      expect(res.statusCode, from).toBe(302)
      expect(res.headers.location, from).toBe(to)
    }
  })

  it('answers a broken rule with its Korean message at the input (400), never a 500', async () => {
    const cases: [string, string][] = [
      [
        `/morgan?type=ERP&ord=${encodeURIComponent("25-0100'--")}`,
        'ORD 번호는 숫자 2자리와 4자리 이내로 입력해 주세요.',
      ],
      ['/morgan?type=ERP&ord=2025', 'ORD 번호는 숫자 2자리와 4자리 이내로 입력해 주세요.'],
      ['/morgan?type=ERP&name=x&ord=-01', 'ORD 번호는 숫자 2자리와 4자리 이내로 입력해 주세요.'],
      [`/morgan?type=ERP&name=${encodeURIComponent('가'.repeat(10_000))}`, '프로젝트명은 100자 이내로 입력해 주세요.'],
      ['/morgan?type=SAP&name=x', '조회 구분은 ERP 또는 EPS만 가능합니다.'],
    ]
    for (const [url, message] of cases) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.body, url).toContain(message)
      expect(res.body, url).not.toContain('empty-state__message">검색어를 입력해 주세요.')
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
    // The 10 KB name is not sent back whole.
    const long = await page(`/morgan?type=ERP&name=${encodeURIComponent('가'.repeat(10_000))}`)
    expect(long.body).not.toContain('가'.repeat(101))
  })

  it('reads a page below 1 or not a number as page 1, one past the end as an empty page with the pager', async () => {
    for (const p of ['-1', '0', 'abc', '1.5', '']) {
      const res = await page(`/morgan?type=ERP&ord=${YEAR}&page=${p}`)
      expect(res.statusCode, p).toBe(200)
      expect(texts(res.body, 'order-table__no').slice(1), p).toHaveLength(30)
    }
    const past = await page(`/morgan?type=ERP&ord=${YEAR}&page=999`)
    expect(past.statusCode).toBe(200)
    expect(past.body).toContain('empty-state__message">검색 결과가 없습니다.')
    expect(past.body).toContain('aria-label="페이지 이동"')
  })
})

describe('/morgan/detail/{type}/{id}', () => {
  it('shows every field in closed groups, a dash when empty, and logs the view', async () => {
    const [order] = await db().select().from(erpOrders).limit(1)
    const res = await page(`/morgan/detail/erp/${order!.work_no}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toContain(`>${order!.work_no}</span>`)
    expect(res.body.match(/<details/g)).toHaveLength(10)
    expect(res.body).not.toMatch(/<details[^>]* open/)
    expect(res.body).toMatch(/<dt>메모 2<\/dt><dd>-<\/dd>/)
    // Without history, previous leads to the system's list (or the list named by the Referer).
    expect(res.body).toMatch(/href="\/morgan\?type=ERP"[^>]*>이전</)
    const referred = await t.app.inject({
      url: `/morgan/detail/ERP/${order!.work_no}`,
      headers: { cookie: partner.cookie, referer: 'http://localhost:80/morgan?type=ERP&ord=19&page=3' },
    })
    expect(referred.body).toMatch(/href="\/morgan\?type=ERP&amp;ord=19&amp;page=3"[^>]*>이전</)
    const elsewhere = await t.app.inject({
      url: `/morgan/detail/ERP/${order!.work_no}`,
      headers: { cookie: partner.cookie, referer: 'https://evil.example/morgan?x' },
    })
    expect(elsewhere.body).toMatch(/href="\/morgan\?type=ERP"[^>]*>이전</)
    expect(await lastLog()).toMatchObject({
      user_id: partner.id,
      system: 'ERP',
      action: 'detail',
      work_no: order!.work_no,
    })
  })

  it('answers 404 for another system, a malformed or an unknown work number, in the area frame', async () => {
    const [eps] = await db().select().from(epsOrders).limit(1)
    for (const url of [
      `/morgan/detail/ERP/${eps!.work_no}`,
      '/morgan/detail/SAP/E19-000001',
      '/morgan/detail/ERP/%3Cscript%3E',
      '/morgan/detail/ERP/E00-999999',
      `/morgan/detail/ERP/${'A'.repeat(41)}`,
    ]) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['cache-control'], url).toBe('private, no-store')
      expect(res.body).toContain('restricted-header')
    }
  })
})
