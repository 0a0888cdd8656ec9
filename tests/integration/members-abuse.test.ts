import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, users } from '#server/db/schema.ts'
import { apiLogin, createMember, PASSWORD, uniqueEmail } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * Issue 31, findings 9–11: what a stranger can do to someone else's account or address through
 * the public member calls: lock the login, block the sign-up with an unverified registration,
 * learn that an address is a console account, fill the mailbox (docs/decisions/008-member-accounts.md,
 * addendum). Without SMTP_URL and without the sender loop, the messages stay in the outbox table,
 * where the tests read them.
 */
const DAILY_MAILS = 4
let t: Awaited<ReturnType<typeof buildTestApp>>
let now = Date.now()
beforeAll(async () => {
  t = await buildTestApp({
    seed: false,
    checkAnswers: true,
    clock: () => new Date(now),
    env: { MAIL_RECIPIENT_DAILY_LIMIT: String(DAILY_MAILS) },
  })
}, 120_000)
afterAll(async () => t?.close())

const db = () => t.runtime.database.db
let addressCounter = 0
/** A client address not used before in this file. */
const freshAddress = () => `198.18.${100 + Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`

const WRONG = 'Wrong#2024x'

function signUpBody(username: string, extra: Record<string, string> = {}) {
  return {
    company: '대한상사',
    division: '구매팀',
    name: '김철수',
    username,
    password: PASSWORD,
    consent_service: 'true',
    consent_privacy: 'true',
    ...extra,
  }
}

const post = (url: string, payload: Record<string, string>, remoteAddress = freshAddress(), lang = 'ko') =>
  t.app.inject({ method: 'POST', url, remoteAddress, headers: { cookie: `lang=${lang}` }, payload })

/** The messages queued for `address`, newest first. */
const mailsTo = (address: string) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.to, address)).orderBy(desc(mailOutbox.id))

/** The code of the newest link to `path` mailed to `address`. */
async function codeFrom(address: string, path: '/confirm' | '/reset-password'): Promise<string> {
  for (const mail of await mailsTo(address)) {
    const link = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)]
      .map(([l]) => new URL(l))
      .find((u) => u.pathname === path)
    if (link) return link.searchParams.get(path === '/confirm' ? 'email_regist_code' : 'token')!
  }
  throw new Error(`no ${path} mail to ${address}`)
}

describe('finding 9: a stranger cannot lock a member out', () => {
  it('wrong passwords from one address slow that address only; the member signs in from another', async () => {
    const m = await createMember(t)
    const attacker = freshAddress()
    const codes: number[] = []
    for (let i = 0; i < 12; i++) codes.push((await apiLogin(t.app, m.username, WRONG, attacker)).res.statusCode)
    // The attacker's address is slowed down: after a few failures it is told to wait.
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(codes.at(-1)).toBe(429)
    // Even the right password from that address waits for the window.
    expect((await apiLogin(t.app, m.username, m.password, attacker)).res.statusCode).toBe(429)
    // The member, from an address never used before, is not locked out.
    expect((await apiLogin(t.app, m.username, m.password, freshAddress())).res.statusCode).toBe(200)
  })

  it('guessing from many addresses is limited, yet the member signs in from an address already used', async () => {
    const m = await createMember(t)
    const home = freshAddress()
    expect((await apiLogin(t.app, m.username, m.password, home)).res.statusCode).toBe(200)
    const codes: number[] = []
    for (let i = 0; i < 30; i++) codes.push((await apiLogin(t.app, m.username, WRONG, freshAddress())).res.statusCode)
    // A distributed guess is cut off for addresses the account has never signed in from…
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10)
    expect(codes.at(-1)).toBe(429)
    expect((await apiLogin(t.app, m.username, m.password, freshAddress())).res.statusCode).toBe(429)
    // …but the member's own address still signs in.
    expect((await apiLogin(t.app, m.username, m.password, home)).res.statusCode).toBe(200)
  })

  it('a password reset gets the member in from a new address during such an attack', async () => {
    const m = await createMember(t, { company: 'Reset Co', name: 'Reset Kim' })
    for (let i = 0; i < 12; i++) await apiLogin(t.app, m.username, WRONG, freshAddress())
    const phone = freshAddress()
    expect((await apiLogin(t.app, m.username, m.password, phone)).res.statusCode).toBe(429)
    const asked = await post('/api/pwd/reset', { username: m.username, company: 'Reset Co', name: 'Reset Kim' }, phone)
    expect(asked.statusCode).toBe(200)
    const token = await codeFrom(m.username, '/reset-password')
    const reset = await post('/api/pwd/reset/confirm', { token, password: 'Fresh#2026z' }, phone)
    expect(reset.statusCode).toBe(200)
    expect((await apiLogin(t.app, m.username, 'Fresh#2026z', phone)).res.statusCode).toBe(200)
  })
})

describe('finding 9: an unverified sign-up does not block the owner of the address', () => {
  it('signing up again replaces the pending registration and mails a fresh verification', async () => {
    const address = uniqueEmail('victim')
    const squatted = await post('/api/sign', signUpBody(address, { name: '도용자', password: 'Squat#2024q' }))
    expect(squatted.statusCode).toBe(200)
    const squatterCode = await codeFrom(address, '/confirm')

    const owner = await post('/api/sign', signUpBody(address, { name: '주인', company: '주인상사' }))
    expect(owner.statusCode).toBe(200)
    const rows = await db().select().from(users).where(eq(users.username, address))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ name: '주인', company: '주인상사', email_verified_at: null })
    const ownerCode = await codeFrom(address, '/confirm')
    expect(ownerCode).not.toBe(squatterCode)
    // The squatter's link is dead; the owner's verifies, and the owner's password is the one that works.
    expect((await t.app.inject({ url: `/api/email/regist?email_regist_code=${squatterCode}` })).statusCode).toBe(400)
    expect((await t.app.inject({ url: `/api/email/regist?email_regist_code=${ownerCode}` })).statusCode).toBe(200)
    expect((await apiLogin(t.app, address, 'Squat#2024q', freshAddress())).res.statusCode).toBe(401)
    expect((await apiLogin(t.app, address, PASSWORD, freshAddress())).res.statusCode).toBe(200)
    // A verified member stays "already registered".
    expect((await post('/api/sign', signUpBody(address))).statusCode).toBe(409)
  })

  it('a password reset for a pending registration mails a link to the address, whatever was entered there', async () => {
    const address = uniqueEmail('victim')
    expect((await post('/api/sign', signUpBody(address, { name: '도용자', company: '가짜회사' }))).statusCode).toBe(200)
    const before = (await mailsTo(address)).length
    const res = await post('/api/pwd/reset', { username: address, company: '주인상사', name: '주인' })
    expect(res.statusCode).toBe(200)
    expect((await mailsTo(address)).length).toBe(before + 1)
    const token = await codeFrom(address, '/reset-password')
    expect((await post('/api/pwd/reset/confirm', { token, password: 'Owner#2026o' })).statusCode).toBe(200)
    expect((await apiLogin(t.app, address, 'Owner#2026o', freshAddress())).res.statusCode).toBe(200)
  })
})

describe('finding 10: staff addresses are not revealed by public calls', () => {
  it('check/nickname, sign-up, find-password and login answer for a staff address as for an unknown one', async () => {
    const staff = uniqueEmail('staff')
    const invited = await t.runtime.services.console.inviteStaff(
      { username: staff, name: 'Editor', role: 'editor' },
      { actorId: null, ip: null, lang: 'ko', sendMail: false },
    )
    expect(invited.ok).toBe(true)
    const unknown = uniqueEmail('nobody')
    const check = async (value: string) =>
      (await t.app.inject({ url: `/api/check/nickname?nickname=${encodeURIComponent(value)}` })).json()
    expect(await check(staff)).toEqual(await check(unknown))
    expect((await check(staff)).data).toEqual({ available: true })

    const signed = await post('/api/sign', signUpBody(staff))
    expect(signed.statusCode).toBe(200)
    expect(signed.json()).toEqual((await post('/api/sign', signUpBody(uniqueEmail('new')))).json())
    // Nothing was created or sent for the staff address.
    const rows = await db().select().from(users).where(eq(users.username, staff))
    expect(rows.map((r) => r.role)).toEqual(['editor'])
    expect(await mailsTo(staff)).toHaveLength(0)

    const reset = await post('/api/pwd/reset', { username: staff, company: '', name: 'Editor' })
    expect([400, 404]).toContain(reset.statusCode)
    const resetNamed = await post('/api/pwd/reset', { username: staff, company: 'x', name: 'Editor' })
    expect(resetNamed.statusCode).toBe(404)
    const login = await apiLogin(t.app, staff, PASSWORD, freshAddress())
    expect(login.res.statusCode).toBe(401)
    expect(login.res.json().data).toBe(1)
  })
})

describe('finding 11: mails to one recipient are capped per day across client addresses', () => {
  it(`sends at most ${DAILY_MAILS} member mails a day to one address, then answers 429 in both languages`, async () => {
    const m = await createMember(t, { company: 'Mail Co', name: 'Mail Park' })
    const ask = () =>
      post('/api/pwd/reset', { username: m.username, company: 'Mail Co', name: 'Mail Park' }, freshAddress(), 'en')
    const start = now
    const answers: number[] = []
    try {
      // Three hours of three requests an hour, each from another address (the per-account reset
      // limit allows three mails an hour).
      for (let hour = 0; hour < 3; hour++) {
        for (let i = 0; i < 3; i++) answers.push((await ask()).statusCode)
        now += 61 * 60 * 1000
      }
      const sent = await mailsTo(m.username)
      // The sign-up's verification mail counts too.
      expect(sent.length).toBe(DAILY_MAILS)
      expect(answers).toContain(429)
      const refused = await ask()
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(refused.json().error.message).toMatch(/e-mail/i)
      expect(refused.json().error.messages.ko).toMatch(/메일/)
      // A day later the address gets mail again.
      now = start + 25 * 60 * 60 * 1000
      expect((await ask()).statusCode).toBe(200)
      expect((await mailsTo(m.username)).length).toBe(DAILY_MAILS + 1)
    } finally {
      now = start
    }
  })

  it('counts sign-ups for the address too, whichever client sends them', async () => {
    const address = uniqueEmail('flood')
    const codes: number[] = []
    for (let i = 0; i < DAILY_MAILS + 3; i++) codes.push((await post('/api/sign', signUpBody(address))).statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(DAILY_MAILS)
    expect(codes.slice(DAILY_MAILS)).toEqual([429, 429, 429])
    const pending = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, address), eq(mailOutbox.status, 'pending')))
    expect(pending).toHaveLength(DAILY_MAILS)
  })
})
