import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiLogin, bearer, createMember, type MemberFixture } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * Bad input for every member call: each is a 4xx envelope (never a 500), and afterwards nothing
 * in the member tables has changed and the member can still log in as before.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let member: MemberFixture
let other: MemberFixture
let token: string
beforeAll(async () => {
  t = await buildTestApp({ seed: false, checkAnswers: true })
  member = await createMember(t, { company: 'Valid Co', division: 'QA', name: 'Valid Park' })
  other = await createMember(t)
  token = (await apiLogin(t.app, member.username, member.password)).token!
}, 120_000)
afterAll(async () => t?.close())

const long = (n: number) => 'x'.repeat(n)
const okSign = {
  company: '대한상사',
  division: '구매팀',
  name: '김철수',
  username: 'new.member@example.com',
  password: 'Valve#2024a',
  consent_service: true,
  consent_privacy: true,
}
const form = (fields: [string, string][]) => new URLSearchParams(fields).toString()
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' }

type Case = {
  name: string
  method?: 'GET' | 'POST'
  url: string
  payload?: unknown
  headers?: Record<string, string>
  auth?: boolean
  status: number
  /** The field the message belongs to and (part of) its English text. */
  field?: [string, string]
}

const cases: Case[] = [
  // POST sign
  {
    name: 'sign: empty body',
    method: 'POST',
    url: '/api/sign',
    payload: {},
    status: 400,
    field: ['company', 'Please enter the company name.'],
  },
  {
    name: 'sign: missing company',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, company: undefined },
    status: 400,
    field: ['company', 'Please enter the company name.'],
  },
  {
    name: 'sign: blank department',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, division: '   ' },
    status: 400,
    field: ['division', 'Please enter your department name.'],
  },
  {
    name: 'sign: missing name',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, name: '' },
    status: 400,
    field: ['name', 'Please enter your name.'],
  },
  {
    name: 'sign: missing username',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, username: undefined },
    status: 400,
    field: ['username', 'Please enter your ID.'],
  },
  {
    name: 'sign: missing password',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, password: undefined },
    status: 400,
    field: ['password', 'Please enter your password.'],
  },
  {
    name: 'sign: company over 50',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, company: long(51) },
    status: 400,
    field: ['company', 'too long'],
  },
  {
    name: 'sign: department over 50',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, division: long(51) },
    status: 400,
    field: ['division', 'too long'],
  },
  {
    name: 'sign: name over 50',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, name: '가'.repeat(51) },
    status: 400,
    field: ['name', 'too long'],
  },
  {
    name: 'sign: e-mail over 100',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, username: `${long(95)}@example.com` },
    status: 400,
    field: ['username', 'The email format is not valid.'],
  },
  {
    name: 'sign: not an e-mail',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, username: 'not-an-email' },
    status: 400,
    field: ['username', 'The email format is not valid.'],
  },
  {
    name: 'sign: e-mail without domain dot',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, username: 'a@b' },
    status: 400,
    field: ['username', 'The email format is not valid.'],
  },
  {
    name: 'sign: e-mail with a space',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, username: 'a b@example.com' },
    status: 400,
    field: ['username', 'The email format is not valid.'],
  },
  {
    name: 'sign: password without digit or special',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, password: 'password' },
    status: 400,
    field: ['password', 'Please check the password conditions.'],
  },
  {
    name: 'sign: password without special',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, password: 'Passw0rd1' },
    status: 400,
    field: ['password', 'Please check the password conditions.'],
  },
  {
    name: 'sign: password too short',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, password: 'Aa1!' },
    status: 400,
    field: ['password', 'Please check the password conditions.'],
  },
  {
    name: 'sign: password of 31 characters',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, password: `Aa1!${long(27)}` },
    status: 400,
    field: ['password', 'Please check the password conditions.'],
  },
  {
    name: 'sign: password with a space',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, password: 'Valve#2024 a' },
    status: 400,
    field: ['password', 'Please check the password conditions.'],
  },
  {
    name: 'sign: password with Hangul',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, password: 'Valve#2024가' },
    status: 400,
    field: ['password', 'Please check the password conditions.'],
  },
  {
    name: 'sign: confirmation differs',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, password_confirm: 'Valve#2024b' },
    status: 400,
    field: ['password_confirm', 'confirmation'],
  },
  {
    name: 'sign: service consent missing',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, consent_service: undefined },
    status: 400,
    field: ['consent_service', 'Please agree to the terms and conditions.'],
  },
  {
    name: 'sign: privacy consent refused',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, consent_privacy: 'N' },
    status: 400,
    field: ['consent_privacy', 'Please agree to the terms and conditions.'],
  },
  {
    name: 'sign: company is a number',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, company: 123 },
    status: 400,
    field: ['company', 'company name'],
  },
  {
    name: 'sign: username is an array',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, username: ['a@example.com'] },
    status: 400,
    field: ['username', 'Please enter your ID.'],
  },
  {
    name: 'sign: line break in the name',
    method: 'POST',
    url: '/api/sign',
    payload: { ...okSign, name: '홍\n길동' },
    status: 400,
    field: ['name', 'not allowed'],
  },
  { name: 'sign: body is an array', method: 'POST', url: '/api/sign', payload: [okSign], status: 400 },
  {
    name: 'sign: malformed JSON',
    method: 'POST',
    url: '/api/sign',
    payload: '{"company":',
    headers: { 'content-type': 'application/json' },
    status: 400,
  },
  {
    name: 'sign: XML body',
    method: 'POST',
    url: '/api/sign',
    payload: '<sign/>',
    headers: { 'content-type': 'application/xml' },
    status: 415,
  },
  {
    name: 'sign: 20 KB form',
    method: 'POST',
    url: '/api/sign',
    payload: form([['company', long(20_000)]]),
    headers: formHeaders,
    status: 413,
  },
  {
    name: 'sign: repeated username field',
    method: 'POST',
    url: '/api/sign',
    payload: form([
      ['username', 'a@example.com'],
      ['username', 'b@example.com'],
    ]),
    headers: formHeaders,
    status: 400,
  },
  // POST login
  {
    name: 'login: missing username',
    method: 'POST',
    url: '/api/login',
    payload: form([['password', 'Valve#2024a']]),
    headers: formHeaders,
    status: 400,
    field: ['username', 'Please enter your ID.'],
  },
  {
    name: 'login: missing password',
    method: 'POST',
    url: '/api/login',
    payload: form([['username', 'a@example.com']]),
    headers: formHeaders,
    status: 400,
    field: ['password', 'Please enter your password.'],
  },
  {
    name: 'login: bad e-mail',
    method: 'POST',
    url: '/api/login',
    payload: form([
      ['username', 'abc'],
      ['password', 'Valve#2024a'],
    ]),
    headers: formHeaders,
    status: 400,
    field: ['username', 'The email format is not valid.'],
  },
  {
    name: 'login: password breaks the rule',
    method: 'POST',
    url: '/api/login',
    payload: form([
      ['username', 'a@example.com'],
      ['password', 'short'],
    ]),
    headers: formHeaders,
    status: 400,
    field: ['password', 'Please check the password conditions.'],
  },
  {
    name: 'login: username is a number',
    method: 'POST',
    url: '/api/login',
    payload: { username: 42, password: 'Valve#2024a' },
    status: 400,
    field: ['username', 'Please enter your ID.'],
  },
  {
    name: 'login: over-long flag',
    method: 'POST',
    url: '/api/login',
    payload: { username: 'a@example.com', password: 'Valve#2024a', flag: long(21) },
    status: 400,
  },
  // GET email/regist
  { name: 'email/regist: no code', url: '/api/email/regist?username=a%40example.com', status: 400 },
  { name: 'email/regist: malformed code', url: '/api/email/regist?email_regist_code=abc', status: 400 },
  { name: 'email/regist: unknown code', url: `/api/email/regist?email_regist_code=${'A'.repeat(43)}`, status: 400 },
  {
    name: 'email/regist: bad username',
    url: `/api/email/regist?username=nope&email_regist_code=${'A'.repeat(43)}`,
    status: 400,
  },
  // GET check/nickname
  { name: 'check/nickname: missing', url: '/api/check/nickname', status: 400 },
  { name: 'check/nickname: over-long', url: `/api/check/nickname?nickname=${long(101)}`, status: 400 },
  // GET find/username
  {
    name: 'find/username: missing department',
    url: '/api/find/username?company=A&name=B',
    status: 400,
    field: ['division', 'Please enter your department name.'],
  },
  {
    name: 'find/username: over-long company',
    url: `/api/find/username?company=${long(51)}&division=A&name=B`,
    status: 400,
  },
  { name: 'find/username: repeated name', url: '/api/find/username?company=A&division=B&name=C&name=D', status: 400 },
  // POST pwd/reset
  {
    name: 'pwd/reset: bad e-mail',
    method: 'POST',
    url: '/api/pwd/reset',
    payload: { username: 'x', company: 'A', name: 'B' },
    status: 400,
    field: ['username', 'The email format is not valid.'],
  },
  {
    name: 'pwd/reset: missing name',
    method: 'POST',
    url: '/api/pwd/reset',
    payload: { username: 'a@example.com', company: 'A' },
    status: 400,
    field: ['name', 'Please enter your name.'],
  },
  // POST pwd/reset/confirm
  {
    name: 'pwd/reset/confirm: malformed token',
    method: 'POST',
    url: '/api/pwd/reset/confirm',
    payload: { token: 'abc', password: 'Valve#2024b' },
    status: 400,
  },
  {
    name: 'pwd/reset/confirm: weak password',
    method: 'POST',
    url: '/api/pwd/reset/confirm',
    payload: { token: 'A'.repeat(43), password: 'weak' },
    status: 400,
  },
  {
    name: 'pwd/reset/confirm: unknown token',
    method: 'POST',
    url: '/api/pwd/reset/confirm',
    payload: { token: 'B'.repeat(43), password: 'Valve#2024b' },
    status: 400,
  },
  // POST pwd/change
  {
    name: 'pwd/change: anonymous',
    method: 'POST',
    url: '/api/pwd/change',
    payload: { old_password: 'Valve#2024a', new_password: 'Valve#2024b' },
    status: 401,
  },
  {
    name: 'pwd/change: missing current password',
    method: 'POST',
    url: '/api/pwd/change',
    auth: true,
    payload: { new_password: 'Valve#2024b' },
    status: 400,
    field: ['old_password', 'Please enter your current password.'],
  },
  {
    name: 'pwd/change: weak new password',
    method: 'POST',
    url: '/api/pwd/change',
    auth: true,
    payload: { old_password: 'Valve#2024a', new_password: 'weakweak' },
    status: 400,
    field: ['new_password', 'Please check the password conditions.'],
  },
  {
    name: 'pwd/change: new equals current',
    method: 'POST',
    url: '/api/pwd/change',
    auth: true,
    payload: { old_password: 'Valve#2024a', new_password: 'Valve#2024a' },
    status: 400,
    field: ['new_password', 'different'],
  },
  {
    name: 'pwd/change: confirmation differs',
    method: 'POST',
    url: '/api/pwd/change',
    auth: true,
    payload: { old_password: 'Valve#2024a', new_password: 'Valve#2024b', new_password_confirm: 'Valve#2024c' },
    status: 400,
  },
  {
    name: 'pwd/change: wrong current password',
    method: 'POST',
    url: '/api/pwd/change',
    auth: true,
    payload: { old_password: 'Wrong#2024a', new_password: 'Valve#2024b' },
    status: 400,
  },
  // GET user, user/detail
  { name: 'user: anonymous', url: '/api/user', status: 401 },
  { name: 'user: bogus token', url: '/api/user', headers: bearer('Z'.repeat(43)), status: 401 },
  { name: 'user/detail: id not a number', url: '/api/user/detail?id=abc', auth: true, status: 400 },
  { name: 'user/detail: negative id', url: '/api/user/detail?id=-1', auth: true, status: 400 },
  { name: 'user/detail: another member', url: '/api/user/detail?id=OTHER', auth: true, status: 403 },
  // POST user/update, user/withdraw
  {
    name: 'user/update: name',
    method: 'POST',
    url: '/api/user/update',
    auth: true,
    payload: { name: 'Changed' },
    status: 400,
  },
  {
    name: 'user/update: access_yn',
    method: 'POST',
    url: '/api/user/update',
    auth: true,
    payload: { access_yn: 'Y' },
    status: 400,
  },
  {
    name: 'user/update: over-long nickname',
    method: 'POST',
    url: '/api/user/update',
    auth: true,
    payload: { nickname: long(51) },
    status: 400,
  },
  {
    name: 'user/update: unknown language',
    method: 'POST',
    url: '/api/user/update',
    auth: true,
    payload: { lang: 'fr' },
    status: 400,
  },
  { name: 'user/update: anonymous', method: 'POST', url: '/api/user/update', payload: { nickname: 'x' }, status: 401 },
  { name: 'user/withdraw: anonymous', method: 'POST', url: '/api/user/withdraw', status: 401 },
  {
    name: 'user/withdraw: bogus token',
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer('Y'.repeat(43)),
    status: 401,
  },
]

async function snapshot() {
  const db = t.runtime.database.db
  const rows = await db.execute(sql`
    select (select count(*) from users)::int as users,
           (select string_agg(md5(username || password_hash || company || division || name || coalesce(nickname, '') || access_yn || delete_yn || lang), ',' order by id) from users) as users_digest,
           (select count(*) from sessions)::int as sessions,
           (select count(*) from email_tokens)::int as tokens,
           (select count(*) from mail_outbox)::int as mails,
           (select count(*) from user_consents)::int as consents`)
  return (rows as unknown as { rows?: unknown[] }).rows?.[0] ?? (rows as unknown as unknown[])[0]
}

describe(`${cases.length} bad inputs to the member calls`, () => {
  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30)
  })

  it('answers each with its 4xx envelope and the field message, and changes nothing', async () => {
    const before = await snapshot()
    for (const c of cases) {
      const headers: Record<string, string> = { ...(c.auth ? bearer(token) : {}), ...c.headers }
      const res = await t.app.inject({
        method: c.method ?? 'GET',
        url: `${c.url.replace('OTHER', String(other.id))}${c.url.includes('?') ? '&' : '?'}lang=en`,
        headers,
        remoteAddress: '192.0.2.77',
        ...(c.payload === undefined ? {} : { payload: c.payload as string }),
      })
      expect(res.statusCode, c.name).toBe(c.status)
      const body = res.json() as {
        success: boolean
        data?: { fields?: Record<string, string> }
        error: { code: string; message: string }
      }
      expect(body.success, c.name).toBe(false)
      expect(body.error.message, c.name).toBeTruthy()
      if (c.field) expect(body.data?.fields?.[c.field[0]], c.name).toContain(c.field[1])
    }
    expect(await snapshot()).toEqual(before)
    // The member is untouched: same password, same session.
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200)
    expect((await apiLogin(t.app, member.username, member.password)).res.statusCode).toBe(200)
  })

  it('answers Korean messages by default', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'abc', password: '' } })
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST' },
      data: { fields: { username: '이메일 형식이 올바르지 않습니다.', password: '비밀번호를 입력해 주세요.' } },
    })
  })
})
