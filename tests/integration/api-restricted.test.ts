import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { erpOrders, epsOrders, restrictedAccessLog, users } from '#server/db/schema.ts'
import { errorEnvelopeSchema } from '#shared/api-schemas/common.ts'
import { orderDetailSchema, orderListSchema } from '#shared/api-schemas/restricted.ts'
import { orderFields } from '#shared/order-fields.ts'
import { expectError, getData } from '#tests/helpers/api.ts'
import { apiLogin, bearer, createMember } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// The four restricted-area calls over the demo orders (300 ERP, 120 EPS).
let t: Awaited<ReturnType<typeof buildTestApp>>
let partner: { id: number; token: string; cookie: string }
let member: { token: string }
beforeAll(async () => {
  t = await buildTestApp({ checkAnswers: true })
  const p = await createMember(t, { company: '협력사', name: '김협력' })
  await t.runtime.database.db.update(users).set({ access_yn: 'Y' }).where(eq(users.id, p.id))
  const login = await apiLogin(t.app, p.username, p.password)
  partner = { id: p.id, token: login.token!, cookie: login.cookie!.map((c) => c.split(';')[0]).join('; ') }
  const m = await createMember(t)
  member = { token: (await apiLogin(t.app, m.username, m.password)).token! }
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const get = (url: string, headers: Record<string, string> = bearer(partner.token)) => t.app.inject({ url, headers })
const list = (path: string, query: Record<string, string>) =>
  getData(t.app, `${path}?${new URLSearchParams(query)}`, orderListSchema, bearer(partner.token))

describe('restricted-area access', () => {
  const urls = [
    '/api/morgan/list?location=정수',
    '/api/morgan/detail?ord_detail=E19-000001',
    '/api/activeEner/list?ord=25',
    '/api/activeEner/detail?ord_detail=P19-000001',
  ]

  it('answers 401 without a session, 403 to a member without permission, both private and no-store, even for a bad query', async () => {
    for (const url of [...urls, '/api/morgan/list?page=-1&ord=x', '/api/morgan/detail']) {
      const anonymous = await t.app.inject({ url })
      expect(anonymous.statusCode, url).toBe(401)
      expect(errorEnvelopeSchema.parse(anonymous.json()).error.code).toBe('UNAUTHORIZED')
      expect(anonymous.headers['cache-control']).toBe('private, no-store')
      const denied = await get(url, bearer(member.token))
      expect(denied.statusCode, url).toBe(403)
      expect(denied.json().error.messages).toEqual({
        ko: '접근 권한이 없습니다.',
        en: 'You do not have permission to access',
      })
      expect(denied.headers['cache-control']).toBe('private, no-store')
    }
  })

  it('accepts the session cookie as well as the Bearer token', async () => {
    const res = await get('/api/morgan/list?location=정수', { cookie: partner.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it('takes a revoked permission into account at the next request, without a new login', async () => {
    await db().update(users).set({ access_yn: 'N' }).where(eq(users.id, partner.id))
    expect((await get(urls[0]!)).statusCode).toBe(403)
    await db().update(users).set({ access_yn: 'Y' }).where(eq(users.id, partner.id))
    expect((await get(urls[0]!)).statusCode).toBe(200)
  })
})

describe('GET /api/morgan/list and /api/activeEner/list', () => {
  it('finds orders by part of the project name, spacing ignored, 30 a page, newest delivery first, numbered down from the total', async () => {
    const [sample] = await db().select().from(erpOrders).limit(1)
    const word = sample!.project_name.split(' ')[1]!.slice(0, 2)
    const data = await list('/api/morgan/list', { location: word })
    const names: string[] = (await db().select().from(erpOrders)).map((o) => o.project_name)
    const all = names.filter((name) => name.replace(/\s/g, '').includes(word))
    expect(data.pagination.totalRecordCountAll).toBe(all.length)
    expect(data.list).toHaveLength(Math.min(30, all.length))
    expect(data.list[0]!.순번).toBe(all.length)
    expect(data.list.at(-1)!.순번).toBe(all.length - data.list.length + 1)
    for (const row of data.list) expect(row.프로젝트명.replace(/\s/g, '')).toContain(word)
    const dates = data.list.map((r) => r.납기일 ?? '')
    expect(dates.filter(Boolean)).toEqual([...dates.filter(Boolean)].sort().reverse())
    // The name with its spaces removed finds the same orders.
    const exact = (await db().select().from(erpOrders).where(eq(erpOrders.project_name, sample!.project_name))).length
    const spaced = await list('/api/morgan/list', { location: sample!.project_name.replace(/\s/g, '') })
    expect(spaced.pagination.totalRecordCountAll).toBe(exact)
    for (const row of spaced.list) expect(row.프로젝트명).toBe(sample!.project_name)
  })

  it('pages through a large result: page 2 continues, a window of 5, past the end empty with the totals', async () => {
    // The ORD year with the most orders (an ORD query is 2 digits at least).
    const counts = new Map<string, number>()
    for (const o of await db().select().from(erpOrders)) {
      const year = o.ord_no!.slice(0, 2)
      counts.set(year, (counts.get(year) ?? 0) + 1)
    }
    const ord = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
    const first = await list('/api/morgan/list', { ord })
    expect(first.pagination.totalRecordCountAll).toBeGreaterThan(30)
    const second = await list('/api/morgan/list', { ord, page: '2' })
    expect(second.list[0]!.순번).toBe(first.list.at(-1)!.순번 - 1)
    expect(new Set([...first.list, ...second.list].map((r) => r.작업번호)).size).toBe(
      first.list.length + second.list.length,
    )
    expect(second.pagination.page_list).toEqual([1, 2, 3, 4, 5].filter((n) => n <= second.pagination.totalPageCount))
    const past = await list('/api/morgan/list', { ord, page: '999' })
    expect(past.list).toEqual([])
    expect(past.pagination.totalRecordCountAll).toBe(first.pagination.totalRecordCountAll)
    const negative = await list('/api/morgan/list', { ord, page: '-1' })
    expect(negative.pagination.page).toBe(1)
  })

  it('looks up an ORD number whole or by its beginning, in each system separately', async () => {
    const [order] = await db().select().from(epsOrders).limit(1)
    const data = await list('/api/activeEner/list', { ord: order!.ord_no!, type: 'eps' })
    expect(data.list.map((r) => r.작업번호)).toContain(order!.work_no)
    for (const row of data.list) expect(row.ORD번호).toBe(order!.ord_no)
    const byYear = await list('/api/activeEner/list', { ord: order!.ord_no!.slice(0, 2) })
    for (const row of byYear.list) expect(row.ORD번호!.startsWith(order!.ord_no!.slice(0, 2))).toBe(true)
    // An EPS work number is not an ERP order.
    const erp = await list('/api/morgan/list', { ord: order!.ord_no! })
    expect(erp.list.map((r) => r.작업번호)).not.toContain(order!.work_no)
    // Both filters at once narrow the result.
    const both = await list('/api/activeEner/list', { ord: order!.ord_no!, location: order!.project_name })
    for (const row of both.list) expect(row.프로젝트명).toBe(order!.project_name)
  })

  it("requires the specification's ORD form: 2 characters, or 2, a hyphen and 1–4 (issue 31, finding 12)", async () => {
    for (const ord of ['1', '2', '-01', '25-', '2-0100', '250', '25-01000']) {
      const url = `/api/morgan/list?${new URLSearchParams({ ord })}`
      const body = expectError(await get(url), 400, url)
      expect(body.error.messages).toEqual({
        ko: 'ORD 번호는 숫자 2자리와 4자리 이내로 입력해 주세요. (예: 25-0100)',
        en: 'Enter the ORD number as 2 and up to 4 digits (e.g. 25-0100).',
      })
    }
    for (const ord of ['25', '25-0', '25-01', '25-0100']) {
      const data = await list('/api/morgan/list', { ord })
      for (const row of data.list) expect(row.ORD번호!.startsWith(ord)).toBe(true)
    }
  })

  it('answers an empty list for a name nobody has', async () => {
    const data = await list('/api/morgan/list', { location: '존재하지않는프로젝트' })
    expect(data).toEqual({
      list: [],
      pagination: { page: 1, page_list: [], totalPageCount: 0, totalRecordCountAll: 0 },
    })
  })

  it('refuses hostile and malformed input with a bilingual 400, never a 500', async () => {
    const bad: Record<string, string>[] = [
      { ord: "25-0100'--" },
      { ord: '25-01000' },
      { ord: '2025' },
      { location: '가'.repeat(10_000) },
      {},
      { location: '정수', type: 'EPS' },
      { location: '정수', recordSize: '1000' },
    ]
    for (const query of bad) {
      const url = `/api/morgan/list?${new URLSearchParams(query)}`
      expectError(await get(url), 400, url)
    }
    const body = expectError(await get('/api/morgan/list'), 400)
    expect(body.error.messages.ko).toBe('프로젝트명 또는 ORD 번호를 입력해 주세요.')
    // Quotes, percent signs and markup in a name are only searched for.
    for (const location of ["'; drop table erp_orders; --", '%', '_', '<script>alert(1)</script>']) {
      const data = await list('/api/morgan/list', { location })
      expect(data.pagination.totalRecordCountAll, location).toBe(0)
    }
    expect((await db().select().from(erpOrders)).length).toBe(300)
  })
})

describe('GET /api/morgan/detail and /api/activeEner/detail', () => {
  it('answers every field of the system in its groups, empty ones as empty strings', async () => {
    const [order] = await db().select().from(erpOrders).where(eq(erpOrders.work_no, 'E19-000001')).limit(1)
    const target = order ?? (await db().select().from(erpOrders).limit(1))[0]!
    const data = await getData(
      t.app,
      `/api/morgan/detail?ord_detail=${target.work_no}`,
      orderDetailSchema,
      bearer(partner.token),
    )
    expect(data.type).toBe('ERP')
    expect(data.작업번호).toBe(target.work_no)
    expect(data.groups.map((g) => g.label)).toEqual(['기계 사양', '전기 사양'])
    expect(data.groups[0]!.sections.map((s) => s.label)).toEqual([
      '액추에이터',
      '밸브',
      '개도 지시계',
      '공급 전원',
      '감속기',
    ])
    const fields = data.groups.flatMap((g) => g.sections.flatMap((s) => s.fields))
    expect(fields.map((f) => f.key)).toEqual(orderFields('ERP').map((f) => f.key))
    expect(fields.find((f) => f.key === 'project_name')!.value).toBe(target.project_name)
    expect(fields.find((f) => f.key === 'memo4')!.value).toBe('')
  })

  it('serves EPS orders under activeEner only, 404 for an unknown work number, 400 for a malformed one', async () => {
    const [order] = await db().select().from(epsOrders).limit(1)
    const data = await getData(
      t.app,
      `/api/activeEner/detail?ord_detail=${order!.work_no}`,
      orderDetailSchema,
      bearer(partner.token),
    )
    expect(data.groups.map((g) => g.label)).toContain('스위치 유닛 파트')
    const wrongSystem = await get(`/api/morgan/detail?ord_detail=${order!.work_no}`)
    expect(wrongSystem.statusCode).toBe(404)
    expect(wrongSystem.json().error.messages.ko).toBe('해당 작업번호의 사양을 찾을 수 없습니다.')
    expect(wrongSystem.headers['cache-control']).toBe('private, no-store')
    expectError(await get(`/api/activeEner/detail?ord_detail=${encodeURIComponent("P19'--")}`), 400)
    expectError(await get('/api/activeEner/detail'), 400)
  })
})

describe('GET /api/docs', () => {
  it('describes the four calls with their session, query, 401, 403 and (detail) 404', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as {
      paths: Record<
        string,
        { get: { responses: Record<string, unknown>; parameters: { name: string }[]; security?: unknown[] } }
      >
    }
    for (const path of ['/api/morgan/list', '/api/morgan/detail', '/api/activeEner/list', '/api/activeEner/detail']) {
      const op = doc.paths[path]?.get
      expect(op, path).toBeDefined()
      expect(Object.keys(op!.responses), path).toEqual(expect.arrayContaining(['200', '400', '401', '403']))
      expect(op!.security?.length, path).toBeGreaterThan(0)
      if (path.endsWith('detail')) expect(Object.keys(op!.responses)).toContain('404')
      expect(op!.parameters.map((p) => p.name)).toEqual(
        expect.arrayContaining(
          path.endsWith('detail') ? ['ord_detail'] : ['location', 'ord', 'type', 'page', 'recordSize', 'pageSize'],
        ),
      )
    }
  })
})

describe('access log', () => {
  it('records every list query and detail view with who, what, when and from where', async () => {
    const [order] = await db().select().from(epsOrders).limit(1)
    await t.app.inject({
      url: `/api/activeEner/detail?ord_detail=${order!.work_no}`,
      headers: bearer(partner.token),
      remoteAddress: '198.51.100.7',
    })
    await t.app.inject({
      url: `/api/activeEner/list?location=${encodeURIComponent('댐')}&page=2`,
      headers: bearer(partner.token),
      remoteAddress: '198.51.100.7',
    })
    const [listed, viewed] = await db()
      .select()
      .from(restrictedAccessLog)
      .orderBy(desc(restrictedAccessLog.id))
      .limit(2)
    expect(listed).toMatchObject({
      user_id: partner.id,
      system: 'EPS',
      action: 'list',
      query: { name: '댐', page: 2 },
      ip: '198.51.100.7',
    })
    expect(viewed).toMatchObject({
      user_id: partner.id,
      system: 'EPS',
      action: 'detail',
      work_no: order!.work_no,
      ip: '198.51.100.7',
    })
    // Refused calls see nothing and are not logged as views.
    const before = (await db().select().from(restrictedAccessLog)).length
    await get(`/api/activeEner/detail?ord_detail=${order!.work_no}`, bearer(member.token))
    expect((await db().select().from(restrictedAccessLog)).length).toBe(before)
  })

  it('forgets entries older than a year', async () => {
    await db()
      .insert(restrictedAccessLog)
      .values({
        user_id: partner.id,
        system: 'ERP',
        action: 'list',
        ip: '192.0.2.1',
        created_at: new Date(Date.now() - 366 * 24 * 3600 * 1000),
      })
    await t.runtime.services.restricted.purgeOldLog()
    const old = (await db().select().from(restrictedAccessLog)).filter(
      (r) => r.created_at.getTime() < Date.now() - 365 * 24 * 3600 * 1000,
    )
    expect(old).toEqual([])
  })
})
