import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditLog, erpOrders, mailOutbox, staffRecoveryCodes, users } from '#server/db/schema.ts'
import { apiLogin, bearer, createMember, PASSWORD, uniqueEmail, type MemberFixture } from '#tests/helpers/members.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { totpAt } from '#tests/helpers/totp.ts'

/**
 * The console's members and access pages through the production build (`app.inject`): who may
 * open them, search and paging, granting access with a step-up code (then the member opens the
 * restricted API), unlocking, a new verification mail, withdrawal, the CSV export, the access
 * logs per member and per order, and the staff's own password and recovery codes. One clock
 * drives the app and `Date` (the TOTP library reads the real time), so step-up freshness is
 * tested without waiting.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let now = Date.UTC(2026, 10, 23, 2, 0, 0)
const advance = (ms: number) => {
  now += ms
  vi.setSystemTime(now)
}
const MIN = 60_000

let admin: EnrolledStaff
let editor: EnrolledStaff
let viewer: EnrolledStaff
let memberCookie = ''
/** 35 verified members of one company, for search and paging. */
const crowd: MemberFixture[] = []

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
  t = await buildTestApp({ pages: true, clock: () => new Date(now) })
  admin = await enrolStaff(
    t.runtime.services,
    { username: 'members.admin@example.com', name: '관리자', role: 'admin' },
    now,
  )
  editor = await enrolStaff(
    t.runtime.services,
    { username: 'members.editor@example.com', name: '편집자', role: 'editor' },
    now,
  )
  viewer = await enrolStaff(
    t.runtime.services,
    { username: 'members.viewer@example.com', name: '감사자', role: 'viewer' },
    now,
  )
  for (let i = 0; i < 35; i++) {
    advance(1000)
    crowd.push(
      await createMember(t, {
        company: '검색밸브상사',
        division: i % 2 ? '설계팀' : '구매팀',
        name: `검색회원${String(i).padStart(2, '0')}`,
      }),
    )
  }
  const someone = await createMember(t)
  const login = await apiLogin(t.app, someone.username, someone.password)
  memberCookie = login.cookie!.map((c) => c.split(';')[0]).join('; ')
}, 240_000)
afterAll(async () => {
  await t?.close()
  vi.useRealTimers()
}, 60_000)

const db = () => t.runtime.database.db
const form = (values: Record<string, string>) => new URLSearchParams(values).toString()
const post = (url: string, values: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: form(values),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })
/** The next 30-second step's code, after moving the clock there: a code works once per step. */
const nextCode = (staff: EnrolledStaff) => {
  advance(30_000)
  return totpAt(staff.secret, now)
}
/** Lets the admin session's last code grow older than the five minutes of step-up (the other sessions kept alive). */
const staleStepUp = async () => {
  advance(6 * MIN)
  for (const staff of [editor, viewer])
    expect(await t.runtime.services.console.authenticate(staff.sessionToken)).not.toBeNull()
}
const auditOf = (action: string) =>
  db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id))
const rowsOf = (res: LightMyRequestResponse) => (res.body.match(/<tr>/g) ?? []).length - 1
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!

function expectPrivate(res: LightMyRequestResponse) {
  expect(res.headers['cache-control']).toBe('private, no-store')
  expect(res.headers['x-robots-tag']).toMatch(/noindex/)
}

describe('who may open the member pages', () => {
  const pages = () => [
    '/admin/members',
    `/admin/members/${crowd[0]!.id}`,
    '/admin/access-log',
    '/admin/account',
    '/admin/members.data',
  ]

  it('anonymous visitors and members get the site 404, never cached', async () => {
    for (const url of pages()) {
      for (const cookie of [undefined, memberCookie]) {
        const res = await get(url, cookie)
        expect(res.statusCode, `${url} ${cookie ?? ''}`).toBe(404)
        expectPrivate(res)
      }
    }
    expect((await post('/admin/members/export', {}, memberCookie)).statusCode).toBe(404)
    expect((await post(`/admin/members/${crowd[0]!.id}`, { intent: 'unlock' })).statusCode).toBe(404)
  })

  it('an editor gets 403 for members and logs (only their own account page opens); no member link in the menu', async () => {
    for (const url of ['/admin/members', `/admin/members/${crowd[0]!.id}`, '/admin/access-log'])
      expect((await get(url, editor.cookie)).statusCode, url).toBe(403)
    expect((await post('/admin/members/export', { code: nextCode(editor) }, editor.cookie)).statusCode).toBe(403)
    expect(
      (await post(`/admin/members/${crowd[0]!.id}`, { intent: 'grant', code: nextCode(editor) }, editor.cookie))
        .statusCode,
    ).toBe(403)
    expect((await userRow(crowd[0]!.id)).access_yn).toBe('N')
    const account = await get('/admin/account', editor.cookie)
    expect(account.statusCode).toBe(200)
    expect(account.body).toContain('href="/admin/account"')
    expect(account.body).not.toContain('href="/admin/members"')
  })

  it('a viewer reads the list, a member and the logs, but sees no action or export and cannot act', async () => {
    const list = await get('/admin/members', viewer.cookie)
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain('검색회원34')
    expect(list.body).not.toContain('/admin/members/export')
    const detail = await get(`/admin/members/${crowd[0]!.id}`, viewer.cookie)
    expect(detail.statusCode).toBe(200)
    expect(detail.body).toContain(crowd[0]!.username)
    expect(detail.body).not.toContain('name="intent"')
    expect((await get('/admin/access-log', viewer.cookie)).statusCode).toBe(200)
    expect(
      (await post(`/admin/members/${crowd[0]!.id}`, { intent: 'withdraw', confirm: 'yes' }, viewer.cookie)).statusCode,
    ).toBe(403)
    expect((await userRow(crowd[0]!.id)).delete_yn).toBe('N')
  })

  it('an unknown or non-member id is the 404 inside the console', async () => {
    expect((await get('/admin/members/999999', admin.cookie)).statusCode).toBe(404)
    expect((await get(`/admin/members/${admin.userId}`, admin.cookie)).statusCode).toBe(404)
    expect((await get('/admin/members/abc', admin.cookie)).statusCode).toBe(404)
  })
})

describe('search and paging', () => {
  it('finds members by company, pages 20 at a time, newest first, with state, access, joined and last login', async () => {
    const first = await get(`/admin/members?${form({ q: '검색밸브' })}`, admin.cookie)
    expect(first.statusCode).toBe(200)
    expectPrivate(first)
    expect(first.body).toContain('>35건<')
    expect(rowsOf(first)).toBe(20)
    expect(first.body.indexOf('검색회원34')).toBeLessThan(first.body.indexOf('검색회원33'))
    expect(first.body).not.toContain('검색회원14')
    expect(first.body).toContain('console-badge--active')
    const second = await get(`/admin/members?${form({ q: '검색밸브', page: '2' })}`, admin.cookie)
    expect(rowsOf(second)).toBe(15)
    expect(second.body).toContain('검색회원00')
    expect(second.body).toContain(crowd[0]!.username)
  })

  it('searches every word over company, department, name and e-mail, filters by access, sorts by name', async () => {
    const byName = await get(`/admin/members?${form({ q: '검색회원07' })}`, admin.cookie)
    expect(byName.body).toContain('>1건<')
    expect(byName.body).toContain(crowd[7]!.username)
    // Every word must appear, in any column.
    expect((await get(`/admin/members?${form({ q: '검색밸브 검색회원07' })}`, admin.cookie)).body).toContain('>1건<')
    expect((await get(`/admin/members?${form({ q: '검색밸브 없는말' })}`, admin.cookie)).body).toContain('>0건<')
    expect((await get(`/admin/members?${form({ q: '검색밸브 설계' })}`, admin.cookie)).body).toContain('>17건<')
    const byEmail = await get(`/admin/members?${form({ q: crowd[3]!.username.toUpperCase() })}`, admin.cookie)
    expect(byEmail.body).toContain('>1건<')
    expect((await get(`/admin/members?${form({ q: '검색밸브', access: 'Y' })}`, admin.cookie)).body).toContain('>0건<')
    const byNameAsc = await get(`/admin/members?${form({ q: '검색밸브', sort: 'name', dir: 'asc' })}`, admin.cookie)
    expect(byNameAsc.body.indexOf('검색회원00')).toBeLessThan(byNameAsc.body.indexOf('검색회원01'))
    expect(byNameAsc.body).toContain('aria-sort="ascending"')
  })

  it('shows the last login, in English too', async () => {
    const m = crowd[10]!
    await apiLogin(t.app, m.username, m.password)
    const res = await get(`/admin/members?${form({ q: m.username, lang: 'en' })}`, admin.cookie)
    expect(res.body).toContain('Found: 1<')
    expect(res.body).toContain('Last login')
    expect((await userRow(m.id)).last_login_at).not.toBeNull()
    expect(res.body).not.toContain('>Never<')
  })

  it('refuses an over-long search word or an unknown choice with 400 (not 500), the list still shown', async () => {
    const res = await get(`/admin/members?${form({ q: 'x'.repeat(101) })}`, admin.cookie)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('검색어는 100자까지 입력할 수 있습니다.')
    const unknown = await get(`/admin/members?${form({ q: '검색밸브', state: 'nonsense', page: '-3' })}`, admin.cookie)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('>35건<')
  })
})

describe('restricted-area access', () => {
  it('granting needs a fresh code, is audited with before and after, and opens the restricted API to the member', async () => {
    const m = crowd[20]!
    const token = (await apiLogin(t.app, m.username, m.password)).token!
    expect((await t.app.inject({ url: '/api/morgan/list?ord=99', headers: bearer(token) })).statusCode).toBe(403)
    await staleStepUp()
    const url = `/admin/members/${m.id}`
    const asked = await post(url, { intent: 'grant' }, admin.cookie)
    expect(asked.statusCode).toBe(403)
    expect(asked.body).toContain('최근 5분 안에 입력한 인증 코드가 필요합니다')
    const wrongCode = totpAt(admin.secret, now) === '000000' ? '111111' : '000000'
    expect((await post(url, { intent: 'grant', code: wrongCode }, admin.cookie)).statusCode).toBe(403)
    expect((await userRow(m.id)).access_yn).toBe('N')
    expect(await auditOf('member.access-grant')).toHaveLength(0)
    expect((await auditOf('auth.step-up-failed')).length).toBeGreaterThan(0)

    const granted = await post(url, { intent: 'grant', code: nextCode(admin) }, admin.cookie)
    expect(granted.statusCode, granted.body.slice(0, 300)).toBe(200)
    expect(granted.body).toContain('제작사양 조회 권한을 부여했습니다.')
    expect((await userRow(m.id)).access_yn).toBe('Y')
    const [entry] = await auditOf('member.access-grant')
    expect(entry).toMatchObject({
      user_id: admin.userId,
      record_type: 'member',
      record_id: String(m.id),
      before: { access_yn: 'N' },
      after: { access_yn: 'Y' },
    })
    // The same session, on its next request: no new login.
    expect((await t.app.inject({ url: '/api/morgan/list?ord=99', headers: bearer(token) })).statusCode).toBe(200)

    // Within the five minutes no code is asked again; revoking closes the API at once.
    const revoked = await post(url, { intent: 'revoke' }, admin.cookie)
    expect(revoked.statusCode).toBe(200)
    expect((await auditOf('member.access-revoke'))[0]).toMatchObject({
      before: { access_yn: 'Y' },
      after: { access_yn: 'N' },
    })
    expect((await t.app.inject({ url: '/api/morgan/list?ord=99', headers: bearer(token) })).statusCode).toBe(403)
  })

  it('the service refuses a grant without a fresh second factor, whoever calls it', async () => {
    await staleStepUp()
    const session = (await t.runtime.services.console.authenticate(admin.sessionToken))!
    expect(session.stepUpFresh).toBe(false)
    expect(
      await t.runtime.services.consoleMembers.setAccess(session, crowd[21]!.id, true, { ip: '127.0.0.1', lang: 'ko' }),
    ).toEqual({ ok: false, reason: 'step-up' })
  })
})

describe('account actions', () => {
  it('unlocks a member locked by 10 wrong passwords, audited; the right password works again', async () => {
    const m = crowd[25]!
    // A guess spread over addresses the member never signed in from (one address alone is stopped
    // sooner, by its own limit, without locking the ID: ADR 008, addendum).
    for (let i = 0; i < 10; i++)
      expect((await apiLogin(t.app, m.username, `Wrong#pass${i}`, `198.18.9.${i + 1}`)).res.statusCode).not.toBe(200)
    // Refused at a new address (the account is locked there), and not counted: the refused attempt tried nothing.
    expect((await apiLogin(t.app, m.username, m.password, '198.18.9.100')).token).toBeUndefined()
    const locked = await get(`/admin/members?${form({ state: 'locked' })}`, admin.cookie)
    expect(locked.body).toContain('>1건<')
    expect(locked.body).toContain(m.username)
    const detail = await get(`/admin/members/${m.id}`, admin.cookie)
    expect(detail.body).toContain('로그인 잠김')
    expect(detail.body).toContain('value="unlock"')
    const res = await post(`/admin/members/${m.id}`, { intent: 'unlock' }, admin.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('로그인 잠금을 해제했습니다.')
    const [entry] = await auditOf('member.unlock')
    expect(entry).toMatchObject({
      user_id: admin.userId,
      record_id: String(m.id),
      before: { failed_logins: 10 },
      after: { failed_logins: 0, locked_until: null },
    })
    expect((entry!.before as { locked_until: string }).locked_until).toMatch(/^2026-/)
    expect((await apiLogin(t.app, m.username, m.password, '198.18.9.100')).token).toBeDefined()
    // Nothing to unlock now.
    expect((await post(`/admin/members/${m.id}`, { intent: 'unlock' }, admin.cookie)).statusCode).toBe(409)
  })

  it('sends a new verification mail to an unverified member through the outbox, audited; refused once verified', async () => {
    const username = uniqueEmail('unverified')
    expect(
      await t.runtime.services.members.signUp(
        { username, password: PASSWORD, company: '미인증상사', division: '영업팀', name: '미인증' },
        { ip: '198.51.100.7', lang: 'ko' },
      ),
    ).toEqual({ ok: true })
    const [u] = await db().select().from(users).where(eq(users.username, username))
    await db().delete(mailOutbox).where(eq(mailOutbox.to, username))
    expect(
      (await get(`/admin/members?${form({ state: 'unverified', q: '미인증상사' })}`, admin.cookie)).body,
    ).toContain('>1건<')
    const res = await post(`/admin/members/${u!.id}`, { intent: 'resend' }, admin.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('인증 메일을 보냈습니다.')
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, username))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toMatch(/\/confirm\?username=.+&email_regist_code=[A-Za-z0-9_-]{43}/)
    expect((await auditOf('member.verification-resend'))[0]).toMatchObject({
      record_id: String(u!.id),
      before: { email_verified: false },
    })
    expect((await post(`/admin/members/${crowd[1]!.id}`, { intent: 'resend' }, admin.cookie)).statusCode).toBe(409)
  })

  it('withdraws a member after the confirmation: personal data gone at once, audited without it', async () => {
    const m = crowd[30]!
    const url = `/admin/members/${m.id}`
    const unconfirmed = await post(url, { intent: 'withdraw' }, admin.cookie)
    expect(unconfirmed.statusCode).toBe(400)
    expect(unconfirmed.body).toContain('탈퇴 처리를 확인하는 항목에 체크해 주세요.')
    expect((await userRow(m.id)).delete_yn).toBe('N')
    const res = await post(url, { intent: 'withdraw', confirm: 'yes' }, admin.cookie)
    expect(res.statusCode).toBe(200)
    const row = await userRow(m.id)
    expect(row).toMatchObject({ delete_yn: 'Y', name: '', company: '', username: `withdrawn-${m.id}@deleted.invalid` })
    const [entry] = await auditOf('member.withdraw')
    expect(entry).toMatchObject({
      record_id: String(m.id),
      before: { delete_yn: 'N' },
      after: { delete_yn: 'Y', access_yn: 'N' },
    })
    expect(JSON.stringify(entry)).not.toContain(m.username)
    expect((await apiLogin(t.app, m.username, m.password)).token).toBeUndefined()
    const page = await get(url, admin.cookie)
    expect(page.body).toContain(`탈퇴한 회원 #${m.id}`)
    expect(page.body).not.toContain('value="withdraw"')
    expect((await get(`/admin/members?${form({ q: '검색밸브' })}`, admin.cookie)).body).toContain('>34건<')
    expect((await get(`/admin/members?${form({ state: 'withdrawn' })}`, admin.cookie)).body).toContain(
      `withdrawn-${m.id}@deleted.invalid`,
    )
    expect((await post(url, { intent: 'withdraw', confirm: 'yes' }, admin.cookie)).statusCode).toBe(404)
  })

  it('shows the consents with their terms versions and the withdrawal of them', async () => {
    const page = await get(`/admin/members/${crowd[30]!.id}`, admin.cookie)
    expect(page.body).toContain('서비스 이용약관')
    expect(page.body).toContain('개인정보 처리방침')
    const live = await get(`/admin/members/${crowd[2]!.id}?lang=en`, admin.cookie)
    expect(live.body).toContain('Terms of service')
    expect(live.body).toContain('Privacy policy')
  })
})

describe('CSV export', () => {
  it('is refused without a fresh code: back to the list with the reason, nothing audited', async () => {
    await staleStepUp()
    const res = await post('/admin/members/export', { q: '검색밸브' }, admin.cookie)
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(
      '/admin/members?q=%EA%B2%80%EC%83%89%EB%B0%B8%EB%B8%8C&export=step-up#members-export',
    )
    const list = await get(res.headers.location!.replace('#members-export', ''), admin.cookie)
    expect(list.body).toContain('최근 5분 안에 입력한 인증 코드가 필요합니다')
    expect(
      (await post('/admin/members/export', { q: '검색밸브', code: '12' }, admin.cookie)).headers.location,
    ).toContain('export=code-format')
    expect(await auditOf('member.export')).toHaveLength(0)
  })

  it('downloads the filtered list as UTF-8 CSV with BOM and bilingual headers, private, and audits who, filter and rows', async () => {
    await createMember(t, { company: '검색밸브상사', division: '@SUM(1+1)', name: '=HYPERLINK("http://x")' })
    const res = await post('/admin/members/export', { q: '검색밸브', code: nextCode(admin) }, admin.cookie)
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{8}-\d{4}\.csv"$/)
    expectPrivate(res)
    const bytes = res.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
    expect(lines[0]).toBe(
      '회원번호 (ID),회사 (Company),부서 (Department),이름 (Name),이메일 (E-mail),상태 (State),제작사양 조회 권한 (Restricted access),가입일 (Joined),마지막 로그인 (Last login)',
    )
    expect(lines).toHaveLength(1 + 35)
    const line = lines.find((l) => l.includes(crowd[7]!.username))!
    expect(line).toMatch(
      new RegExp(
        `^${crowd[7]!.id},검색밸브상사,설계팀,검색회원07,${crowd[7]!.username.replace(/\./g, '\\.')},정상 \\(active\\),N,2026-11-23 \\d{2}:\\d{2},$`,
      ),
    )
    // Formulas never reach the spreadsheet as formulas.
    expect(res.body).toContain(`'@SUM(1+1),"'=HYPERLINK(""http://x"")"`)
    const [entry] = await auditOf('member.export')
    expect(entry).toMatchObject({
      user_id: admin.userId,
      record_type: 'member',
      after: { filter: { q: '검색밸브', state: '', access: '' }, rows: 35, truncated: false },
    })
  })
})

describe('restricted-area access logs', () => {
  it('per member and per order (work or ORD number): who looked, when, what', async () => {
    const m = crowd[15]!
    await db().update(users).set({ access_yn: 'Y' }).where(eq(users.id, m.id))
    const [order] = await db()
      .select()
      .from(erpOrders)
      .where(isNotNull(erpOrders.ord_no))
      .orderBy(asc(erpOrders.work_no))
      .limit(1)
    const token = (await apiLogin(t.app, m.username, m.password)).token!
    expect(
      (await t.app.inject({ url: `/api/morgan/detail?ord_detail=${order!.work_no}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(200)
    expect(
      (await t.app.inject({ url: `/api/morgan/list?ord=${order!.ord_no!.slice(0, 2)}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(200)
    expect((await t.app.inject({ url: '/api/morgan/list?ord=99-9', headers: bearer(token) })).statusCode).toBe(200)

    const mine = await get(`/admin/members/${m.id}`, admin.cookie)
    expect(mine.body).toContain(`ERP ${order!.work_no} 사양 열람`)
    expect(mine.body).toContain('ERP 검색: ORD 99-9 (1쪽)')

    const byWork = await get(`/admin/access-log?${form({ system: 'ERP', number: order!.work_no })}`, admin.cookie)
    expect(byWork.statusCode).toBe(200)
    expect(byWork.body).toContain('총 2건')
    expect(byWork.body).toContain(m.username)
    expect(byWork.body).toContain(`ERP 검색: ORD ${order!.ord_no!.slice(0, 2)} (1쪽)`)
    expect(byWork.body).not.toContain('99-9')
    expect(byWork.body).toContain(order!.project_name)
    const byOrd = await get(
      `/admin/access-log?${form({ system: 'ERP', number: order!.ord_no!, lang: 'en' })}`,
      viewer.cookie,
    )
    expect(byOrd.body).toContain(`Opened ERP ${order!.work_no}`)
    // The other system's log is not this order's.
    expect(
      (await get(`/admin/access-log?${form({ system: 'EPS', number: order!.work_no })}`, admin.cookie)).body,
    ).toContain('총 0건')
    const bad = await get(`/admin/access-log?${form({ system: 'ERP', number: '<script>' })}`, admin.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('작업번호 또는 ORD 번호를 확인해 주세요.')
  })
})

describe('staff self-service', () => {
  it('changes the own password after the current one; other console sessions end; audited', async () => {
    const services = t.runtime.services.console
    const req = { ip: '127.0.0.1', lang: 'ko' as const }
    const pending = await services.signInPassword({ username: editor.username, password: editor.password }, req)
    expect(pending.ok).toBe(true)
    const other = await services.signInSecondFactor(
      (pending as { pendingToken: string }).pendingToken,
      nextCode(editor),
      req,
    )
    expect(other.ok).toBe(true)
    const otherToken = (other as { sessionToken: string }).sessionToken

    const wrong = await post(
      '/admin/account',
      {
        intent: 'password',
        old_password: 'Wrong#2026x',
        new_password: 'Fresh#2026pw',
        new_password_confirm: 'Fresh#2026pw',
      },
      editor.cookie,
    )
    expect(wrong.statusCode).toBe(400)
    const weak = await post(
      '/admin/account',
      { intent: 'password', old_password: editor.password, new_password: 'short', new_password_confirm: 'short' },
      editor.cookie,
    )
    expect(weak.statusCode).toBe(400)
    const res = await post(
      '/admin/account?lang=en',
      {
        intent: 'password',
        old_password: editor.password,
        new_password: 'Fresh#2026pw',
        new_password_confirm: 'Fresh#2026pw',
      },
      editor.cookie,
    )
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Your password has been changed.')
    expect((await get('/admin/account', editor.cookie)).statusCode).toBe(200)
    expect(await services.authenticate(otherToken)).toBeNull()
    expect(await services.signInPassword({ username: editor.username, password: editor.password }, req)).toMatchObject({
      ok: false,
    })
    expect(await services.signInPassword({ username: editor.username, password: 'Fresh#2026pw' }, req)).toMatchObject({
      ok: true,
    })
    expect((await auditOf('staff.password'))[0]).toMatchObject({
      user_id: editor.userId,
      record_id: String(editor.userId),
      after: { password: 'changed', other_sessions_ended: 1 },
    })
  })

  it('makes ten new recovery codes after a current code, shown once; the older ones stop working', async () => {
    const missing = await post('/admin/account', { intent: 'recovery' }, viewer.cookie)
    expect(missing.statusCode).toBe(400)
    const wrong = await post(
      '/admin/account',
      { intent: 'recovery', code: totpAt(viewer.secret, now) === '000000' ? '111111' : '000000' },
      viewer.cookie,
    )
    expect(wrong.statusCode).toBe(403)
    const codesOf = (res: LightMyRequestResponse) =>
      [...res.body.matchAll(/<code>([a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})<\/code>/g)].map((m) => m[1]!)
    const first = await post('/admin/account', { intent: 'recovery', code: nextCode(viewer) }, viewer.cookie)
    expect(first.statusCode).toBe(200)
    const older = codesOf(first)
    expect(older).toHaveLength(10)
    const second = await post('/admin/account', { intent: 'recovery', code: nextCode(viewer) }, viewer.cookie)
    const newer = codesOf(second)
    expect(newer).toHaveLength(10)
    expect(newer).not.toContain(older[0])
    // Shown once: the page itself never lists them.
    expect(codesOf(await get('/admin/account', viewer.cookie))).toEqual([])
    expect(
      await db()
        .select()
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.user_id, viewer.userId))),
    ).toHaveLength(10)
    const services = t.runtime.services.console
    const req = { ip: '127.0.0.1', lang: 'ko' as const }
    const signIn = async (code: string) => {
      const pending = (await services.signInPassword(
        { username: viewer.username, password: viewer.password },
        req,
      )) as { pendingToken: string }
      return services.signInSecondFactor(pending.pendingToken, code, req)
    }
    expect(await signIn(older[0]!)).toMatchObject({ ok: false })
    expect(await signIn(newer[0]!)).toMatchObject({ ok: true })
    expect((await auditOf('staff.recovery-codes'))[0]).toMatchObject({
      user_id: viewer.userId,
      before: { unused_codes: 10 },
      after: { unused_codes: 10 },
    })
  })
})
