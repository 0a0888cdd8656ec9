import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, sessions, termsVersions, userConsents, users } from '#server/db/schema.ts'
import { apiLogin, bearer, createMember, PASSWORD, uniqueEmail } from '#tests/helpers/members.ts'
import { startSmtpServer, type TestSmtp } from '#tests/helpers/smtp.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The member calls end to end through `inject`, with the real mail path: the outbox sends to a
 * local SMTP server, and the links are read from the received messages.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let smtp: TestSmtp
let now = Date.now()
const termIds: number[] = []
beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await buildTestApp({
    seed: false,
    checkAnswers: true,
    clock: () => new Date(now),
    env: { SMTP_URL: smtp.url, SITE_URL: 'https://www.example.com' },
  })
  // The two terms the consents refer to (the demo seed is not needed here).
  const effective = new Date('2025-01-01T00:00:00Z')
  const published = { version: 1, effective_at: effective, published_at: effective }
  termIds.push(
    ...(
      await t.runtime.database.db
        .insert(termsVersions)
        .values([
          {
            type: 1,
            title: '서비스 이용약관',
            title_en: 'Terms',
            description: '<p>약관</p>',
            description_en: '<p>Terms</p>',
            ...published,
          },
          {
            type: 2,
            title: '개인정보처리방침',
            title_en: 'Privacy',
            description: '<p>방침</p>',
            description_en: '<p>Policy</p>',
            ...published,
          },
        ])
        .returning({ id: termsVersions.id })
    ).map((r) => r.id),
  )
}, 120_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const json = (res: { json(): unknown }) =>
  res.json() as { success: boolean; data?: unknown; error?: { code: string; message: string } }

async function signUp(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/sign', headers, payload: body })
}

function signUpBody(username: string, extra: Record<string, unknown> = {}) {
  return {
    company: '대한상사',
    division: '구매팀',
    name: '김철수',
    username,
    password: PASSWORD,
    consent_service: true,
    consent_privacy: true,
    ...extra,
  }
}

/** The first (or `nth`) received mail to `address` with a link to `path`. */
async function mailTo(address: string, path = '/confirm', nth = 0) {
  await t.runtime.services.mail.flush()
  let seen = 0
  return smtp.waitFor((m) => m.envelopeTo.includes(address) && m.links.some((l) => l.includes(path)) && seen++ === nth)
}

describe('sign-up and e-mail verification', () => {
  it('creates an unverified account, records both consents and sends a Korean verification mail', async () => {
    const username = uniqueEmail('signup')
    const res = await signUp(signUpBody(username))
    expect(res.statusCode).toBe(200)
    expect(json(res)).toEqual({ success: true, data: null })

    const [user] = await t.runtime.database.db.select().from(users).where(eq(users.username, username))
    expect(user!.email_verified_at).toBeNull()
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const consents = await t.runtime.database.db.select().from(userConsents).where(eq(userConsents.user_id, user!.id))
    expect(consents.map((c) => c.kind).sort()).toEqual(['privacy', 'service'])
    for (const c of consents) {
      // The version in force: number 1 of its type.
      expect(c.terms_version).toBe('1')
      expect(c.terms_version_id).toBe(termIds[c.kind === 'service' ? 0 : 1])
      expect(new Date(c.granted_at).getTime()).toBe(now)
    }

    const mail = await mailTo(username)
    expect(mail.subject).toContain('이메일 인증')
    expect(mail.text).toContain('김철수님')
    expect(mail.html).toContain('<a href="https://www.example.com/confirm?')
    const link = new URL(mail.links.find((l) => l.includes('/confirm'))!)
    expect(link.searchParams.get('username')).toBe(username)
    expect(link.searchParams.get('email_regist_code')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The body is not kept once sent.
    const [row] = await t.runtime.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, username))
    expect(row).toMatchObject({ status: 'sent', html: '', text: '', attempts: 1 })

    // Not verified yet: login is refused with the reason (and a new mail goes out).
    const early = await apiLogin(t.app, username, PASSWORD)
    expect(early.res.statusCode).toBe(403)
    expect(json(early.res)).toMatchObject({ success: false, data: 3, error: { code: 'EMAIL_NOT_VERIFIED' } })

    const q = `username=${encodeURIComponent(username)}&email_regist_code=${link.searchParams.get('email_regist_code')}`
    // The first code was replaced by the one sent again at the refused login.
    expect((await t.app.inject(`/api/email/regist?${q}`)).statusCode).toBe(400)
    const again = await mailTo(username, '/confirm', 1)
    const code2 = new URL(again.links.find((l) => l.includes('/confirm'))!).searchParams.get('email_regist_code')!
    const q2 = `username=${encodeURIComponent(username)}&email_regist_code=${code2}`
    const ok = await t.app.inject(`/api/email/regist?${q2}`)
    expect(ok.statusCode).toBe(200)
    expect(json(ok)).toEqual({ success: true, data: true })
    // Single use.
    const reused = await t.app.inject(`/api/email/regist?${q2}`)
    expect(reused.statusCode).toBe(400)
    expect(json(reused).error).toMatchObject({ code: 'AUTH_FAILED', message: '인증에 실패했습니다.' })

    const login = await apiLogin(t.app, username, PASSWORD)
    expect(login.res.statusCode).toBe(200)
    expect(login.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('sends the mail in English when the visitor chose English', async () => {
    const username = uniqueEmail('english')
    const res = await signUp(signUpBody(username), { cookie: 'lang=en' })
    expect(res.statusCode).toBe(200)
    const mail = await mailTo(username)
    expect(mail.subject).toBe('[Daehan Actuator] Please verify your e-mail address')
    expect(mail.text).toContain('Dear 김철수,')
    expect(mail.links.find((l) => l.includes('/confirm'))).toContain('&lang=en')
  })

  it('answers "already registered" for an existing ID, whatever its case', async () => {
    const m = await createMember(t)
    const res = await signUp(signUpBody(m.username.toUpperCase()), { cookie: 'lang=en' })
    expect(res.statusCode).toBe(409)
    expect(json(res)).toMatchObject({
      success: false,
      error: { code: 'ALREADY_REGISTERED', message: 'You are already a registered member.' },
    })
  })

  it('accepts the verification code alone (the logged link) but refuses a code with another username', async () => {
    const username = uniqueEmail('alone')
    await signUp(signUpBody(username))
    const mail = await mailTo(username)
    const code = new URL(mail.links.find((l) => l.includes('/confirm'))!).searchParams.get('email_regist_code')!
    const wrong = await t.app.inject(`/api/email/regist?username=someone.else%40example.com&email_regist_code=${code}`)
    expect(wrong.statusCode).toBe(400)
    // The failed attempt did not use the code up.
    expect((await t.app.inject(`/api/email/regist?email_regist_code=${code}`)).statusCode).toBe(200)
  })

  it('refuses an expired verification code', async () => {
    const username = uniqueEmail('expired')
    await signUp(signUpBody(username))
    const mail = await mailTo(username)
    const code = new URL(mail.links.find((l) => l.includes('/confirm'))!).searchParams.get('email_regist_code')!
    now += 24 * 60 * 60 * 1000 + 1000
    try {
      const res = await t.app.inject(
        `/api/email/regist?username=${encodeURIComponent(username)}&email_regist_code=${code}`,
      )
      expect(res.statusCode).toBe(400)
      const [user] = await t.runtime.database.db.select().from(users).where(eq(users.username, username))
      expect(user!.email_verified_at).toBeNull()
    } finally {
      now -= 24 * 60 * 60 * 1000 + 1000
    }
  })

  it('reports ID availability (check/nickname)', async () => {
    const m = await createMember(t)
    const taken = await t.app.inject(`/api/check/nickname?nickname=${encodeURIComponent(m.username)}`)
    expect(json(taken)).toEqual({ success: true, data: { available: false } })
    const free = await t.app.inject(`/api/check/nickname?nickname=${encodeURIComponent(uniqueEmail('free'))}`)
    expect(json(free)).toEqual({ success: true, data: { available: true } })
  })
})

describe('login and sessions', () => {
  it('sets an HttpOnly, SameSite=Lax, Secure (https site) cookie of 4,377,600 s and answers the token', async () => {
    const m = await createMember(t)
    const { res, token, cookie } = await apiLogin(t.app, m.username, m.password)
    expect(res.statusCode).toBe(200)
    expect(json(res)).toEqual({ success: true, data: token })
    expect(cookie).toEqual([
      `session=${token}; Path=/; Max-Age=4377600; HttpOnly; SameSite=Lax; Secure`,
      // A hint without the token, so scripts know whether to ask GET user at all.
      'member=1; Path=/; Max-Age=4377600; SameSite=Lax; Secure',
    ])
    // Stored hashed, never as sent.
    const rows = await t.runtime.database.db.select().from(sessions)
    expect(rows.some((r) => r.token_hash === token)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true)
  })

  it('accepts JSON and multipart bodies as well as url-encoded forms, and a mixed-case ID', async () => {
    const m = await createMember(t)
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: m.username.toUpperCase(), password: m.password },
    })
    expect(asJson.statusCode).toBe(200)
    const boundary = '----x'
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="flag"\r\n\r\nN\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${m.username}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${m.password}\r\n`,
      `--${boundary}--\r\n`,
    ].join('')
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    })
    expect(multipart.statusCode).toBe(200)
  })

  it('answers 1 for an unknown ID and 2 for a wrong password, in the caller language', async () => {
    const m = await createMember(t)
    const unknown = await apiLogin(t.app, uniqueEmail('nobody'), PASSWORD)
    expect(unknown.res.statusCode).toBe(401)
    expect(json(unknown.res)).toMatchObject({
      success: false,
      data: 1,
      error: { code: 'ID_MISMATCH', message: '아이디가 일치하지 않습니다.' },
    })
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login?lang=en',
      payload: { username: m.username, password: 'Wrong#2024x' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(json(wrong)).toMatchObject({
      success: false,
      data: 2,
      error: { code: 'PASSWORD_MISMATCH', message: 'The password does not match.' },
    })
    expect(wrong.headers['set-cookie']).toBeUndefined()
  })

  it('GET user answers the caller’s own data by cookie or Bearer, never the hash', async () => {
    const m = await createMember(t)
    const { token } = await apiLogin(t.app, m.username, m.password)
    const byBearer = await t.app.inject({ url: '/api/user', headers: bearer(token!) })
    expect(byBearer.statusCode).toBe(200)
    const data = json(byBearer).data as Record<string, unknown>
    expect(data).toMatchObject({
      id: m.id,
      username: m.username,
      company: m.company,
      division: m.division,
      name: m.name,
      access_yn: 'N',
      role: 'member',
      delete_yn: 'N',
    })
    expect(JSON.stringify(data)).not.toMatch(/argon|password/)
    expect(byBearer.headers['cache-control']).toBe('private, no-store')
    const byCookie = await t.app.inject({ url: '/api/user', headers: { cookie: `lang=en; session=${token}` } })
    expect((json(byCookie).data as { id: number }).id).toBe(m.id)
    const anonymous = await t.app.inject({ url: '/api/user?lang=en' })
    expect(anonymous.statusCode).toBe(401)
    expect(json(anonymous).error).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Only registered member can use it, Please log in after signing up',
    })
    const garbage = await t.app.inject({ url: '/api/user', headers: bearer('x'.repeat(43)) })
    expect(garbage.statusCode).toBe(401)
  })

  it('GET user/detail answers only the caller’s own id', async () => {
    const a = await createMember(t)
    const b = await createMember(t)
    const { token } = await apiLogin(t.app, a.username, a.password)
    expect((await t.app.inject({ url: `/api/user/detail?id=${a.id}`, headers: bearer(token!) })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/user/detail', headers: bearer(token!) })).statusCode).toBe(200)
    const other = await t.app.inject({ url: `/api/user/detail?id=${b.id}`, headers: bearer(token!) })
    expect(other.statusCode).toBe(403)
    expect(JSON.stringify(other.json())).not.toContain(b.username)
  })

  it('logout ends the session on the server and clears the cookie', async () => {
    const m = await createMember(t)
    const { token } = await apiLogin(t.app, m.username, m.password)
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: `session=${token}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['set-cookie']).toEqual([
      'session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      'member=; Path=/; Max-Age=0; SameSite=Lax; Secure',
    ])
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token!) })).statusCode).toBe(401)
  })

  it('a session expires after 4,377,600 s', async () => {
    const m = await createMember(t)
    const { token } = await apiLogin(t.app, m.username, m.password)
    now += 4_377_600 * 1000 + 1000
    try {
      expect((await t.app.inject({ url: '/api/user', headers: bearer(token!) })).statusCode).toBe(401)
    } finally {
      now -= 4_377_600 * 1000 + 1000
    }
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token!) })).statusCode).toBe(200)
  })
})

describe('user/update', () => {
  it('changes the nickname and mail language only', async () => {
    const m = await createMember(t)
    const { token } = await apiLogin(t.app, m.username, m.password)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: bearer(token!),
      payload: { nickname: ' 밸브맨 ', lang: 'en' },
    })
    expect(res.statusCode).toBe(200)
    expect(json(res).data).toMatchObject({ nickname: '밸브맨', name: m.name })
    for (const payload of [
      { name: 'X' },
      { company: 'X' },
      { username: 'x@example.com' },
      { access_yn: 'Y' },
      { role: 'admin' },
    ]) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/user/update', headers: bearer(token!), payload })
      expect(refused.statusCode).toBe(400)
    }
    const [row] = await t.runtime.database.db.select().from(users).where(eq(users.id, m.id))
    expect(row).toMatchObject({ name: m.name, company: m.company, access_yn: 'N', role: 'member', lang: 'en' })
  })
})

describe('restricted-area access (npm run manage -- grant-access / revoke-access)', () => {
  it('setRestrictedAccess changes access_yn by ID (any case); the same session sees it on its next request', async () => {
    const m = await createMember(t)
    const { members } = t.runtime.services
    const { token } = await apiLogin(t.app, m.username, m.password)
    const access = async () =>
      (json(await t.app.inject({ url: '/api/user', headers: bearer(token!) })).data as { access_yn: string }).access_yn
    expect(await access()).toBe('N')

    const granted = await members.setRestrictedAccess(` ${m.username.toUpperCase()} `, true)
    expect(granted).toMatchObject({ changed: true, user: { id: m.id, username: m.username, access_yn: 'Y' } })
    expect(await access()).toBe('Y')
    expect(await members.setRestrictedAccess(m.username, true)).toMatchObject({
      changed: false,
      user: { access_yn: 'Y' },
    })

    expect(await members.setRestrictedAccess(m.username, false)).toMatchObject({
      changed: true,
      user: { access_yn: 'N' },
    })
    expect(await access()).toBe('N')
    expect(await members.setRestrictedAccess(m.username, false)).toMatchObject({ changed: false })
    const [row] = await t.runtime.database.db.select().from(users).where(eq(users.id, m.id))
    expect(row!.access_yn).toBe('N')
  })

  it('finds no unknown or withdrawn member', async () => {
    const { members } = t.runtime.services
    expect(await members.setRestrictedAccess(uniqueEmail('nobody'), true)).toBeNull()
    const m = await createMember(t)
    expect(await members.withdraw(m.id)).toBe(true)
    expect(await members.setRestrictedAccess(m.username, true)).toBeNull()
    expect(await members.setRestrictedAccess(`withdrawn-${m.id}@deleted.invalid`, true)).toBeNull()
    const [row] = await t.runtime.database.db.select().from(users).where(eq(users.id, m.id))
    expect(row!.access_yn).toBe('N')
  })
})

describe('password change', () => {
  it('checks the current password, then ends every session of the member', async () => {
    const m = await createMember(t)
    const first = await apiLogin(t.app, m.username, m.password)
    const second = await apiLogin(t.app, m.username, m.password)
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/pwd/change',
      headers: { ...bearer(first.token!), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'old_password=Wrong%232024x&new_password=NewValve%2399',
    })
    expect(wrong.statusCode).toBe(400)
    expect(json(wrong)).toMatchObject({ error: { code: 'PASSWORD_MISMATCH' } })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pwd/change',
      headers: { ...bearer(first.token!), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `old_password=${encodeURIComponent(m.password)}&new_password=NewValve%2399`,
    })
    expect(res.statusCode).toBe(200)
    expect(String(res.headers['set-cookie'])).toContain('session=; Path=/; Max-Age=0')
    for (const token of [first.token!, second.token!]) {
      expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(401)
    }
    expect((await apiLogin(t.app, m.username, m.password)).res.statusCode).toBe(401)
    expect((await apiLogin(t.app, m.username, 'NewValve#99')).res.statusCode).toBe(200)
  })
})

describe('find ID', () => {
  it('answers the masked ID for company, department and name; "No matching information." otherwise', async () => {
    const m = await createMember(t, {
      username: `findme.${Date.now()}@valves.co.kr`,
      company: 'Find Corp',
      division: 'QA',
      name: 'Jane Find',
    })
    const res = await t.app.inject({
      url: '/api/find/username?company=find%20corp&division=QA&name=Jane%20Find',
      remoteAddress: '198.51.100.1',
    })
    expect(res.statusCode).toBe(200)
    const id = json(res).data as string
    expect(id).toMatch(/^fi\*+@va\*+\.co\.kr$/)
    expect(id).not.toBe(m.username)
    const none = await t.app.inject({
      url: '/api/find/username?company=Find%20Corp&division=Sales&name=Jane%20Find&lang=en',
      remoteAddress: '198.51.100.1',
    })
    expect(none.statusCode).toBe(404)
    expect(json(none)).toMatchObject({
      success: false,
      error: { code: 'NO_MATCH', message: 'No matching information.' },
    })
  })
})

describe('password reset by e-mail link', () => {
  it('mails a single-use link (no password in it); the new password works and old sessions end', async () => {
    const m = await createMember(t, { company: 'Reset Co', name: 'Reset Kim' })
    const { token: oldToken } = await apiLogin(t.app, m.username, m.password)
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/pwd/reset',
      remoteAddress: '198.51.100.2',
      payload: { username: m.username, company: 'Reset Co', name: 'Someone' },
    })
    expect(none.statusCode).toBe(404)
    expect(json(none).error!.code).toBe('NO_MATCH')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pwd/reset',
      remoteAddress: '198.51.100.2',
      payload: { username: m.username, company: 'reset co', name: 'Reset Kim' },
    })
    expect(res.statusCode).toBe(200)
    const mail = await mailTo(m.username, '/reset-password')
    expect(mail.subject).toContain('비밀번호 재설정')
    expect(mail.text).not.toContain(m.password)
    const link = new URL(mail.links.find((l) => l.includes('/reset-password'))!)
    expect(link.origin).toBe('https://www.example.com')
    const code = link.searchParams.get('token')!
    expect(await t.runtime.services.members.checkResetCode(code)).toBe(true)

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/pwd/reset/confirm',
      payload: { token: code, password: 'short' },
    })
    expect(weak.statusCode).toBe(400)
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/pwd/reset/confirm',
      payload: { token: code, password: 'Reset#2025b', password_confirm: 'Reset#2025b' },
    })
    expect(done.statusCode).toBe(200)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/pwd/reset/confirm',
      payload: { token: code, password: 'Other#2025c' },
    })
    expect(again.statusCode).toBe(400)
    expect(json(again).error!.code).toBe('AUTH_FAILED')
    expect((await t.app.inject({ url: '/api/user', headers: bearer(oldToken!) })).statusCode).toBe(401)
    expect((await apiLogin(t.app, m.username, 'Reset#2025b')).res.statusCode).toBe(200)
  })

  it('refuses an expired reset link', async () => {
    const m = await createMember(t, { company: 'Late Co', name: 'Late Lee' })
    await t.app.inject({
      method: 'POST',
      url: '/api/pwd/reset',
      remoteAddress: '198.51.100.3',
      payload: { username: m.username, company: 'Late Co', name: 'Late Lee' },
    })
    const mail = await mailTo(m.username, '/reset-password')
    const code = new URL(mail.links.find((l) => l.includes('/reset-password'))!).searchParams.get('token')!
    now += 31 * 60 * 1000
    try {
      expect(await t.runtime.services.members.checkResetCode(code)).toBe(false)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pwd/reset/confirm',
        payload: { token: code, password: 'Reset#2025b' },
      })
      expect(res.statusCode).toBe(400)
    } finally {
      now -= 31 * 60 * 1000
    }
    expect((await apiLogin(t.app, m.username, m.password)).res.statusCode).toBe(200)
  })
})

describe('withdrawal', () => {
  it('marks the account deleted, anonymises it, ends its sessions; the ID can no longer log in', async () => {
    const m = await createMember(t)
    const { token } = await apiLogin(t.app, m.username, m.password)
    const { token: other } = await apiLogin(t.app, m.username, m.password)
    const res = await t.app.inject({ method: 'POST', url: '/api/user/withdraw', headers: bearer(token!) })
    expect(res.statusCode).toBe(200)
    expect(String(res.headers['set-cookie'])).toContain('session=; Path=/; Max-Age=0')
    const db = t.runtime.database.db
    const [row] = await db.select().from(users).where(eq(users.id, m.id))
    expect(row).toMatchObject({
      delete_yn: 'Y',
      username: `withdrawn-${m.id}@deleted.invalid`,
      name: '',
      company: '',
      division: '',
      password_hash: '',
      nickname: null,
    })
    expect(row!.deleted_at).not.toBeNull()
    expect(await db.select().from(sessions).where(eq(sessions.user_id, m.id))).toHaveLength(0)
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, m.username))).toHaveLength(0)
    const consents = await db.select().from(userConsents).where(eq(userConsents.user_id, m.id))
    expect(consents.every((c) => c.withdrawn_at !== null)).toBe(true)
    expect((await t.app.inject({ url: '/api/user', headers: bearer(other!) })).statusCode).toBe(401)
    const login = await apiLogin(t.app, m.username, m.password)
    expect(login.res.statusCode).toBe(401)
    expect(json(login.res).data).toBe(1)
    // The address is free again.
    expect((await signUp(signUpBody(m.username))).statusCode).toBe(200)
  })
})

describe('housekeeping', () => {
  it('deletes sign-ups never verified within 7 days', async () => {
    const username = uniqueEmail('stale')
    await signUp(signUpBody(username))
    await t.runtime.services.mail.flush()
    now += 8 * 24 * 60 * 60 * 1000
    try {
      await t.runtime.services.members.purgeExpired()
    } finally {
      now -= 8 * 24 * 60 * 60 * 1000
    }
    expect(await t.runtime.database.db.select().from(users).where(eq(users.username, username))).toHaveLength(0)
  })
})
