import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { users } from '#server/db/schema.ts'
import type { buildTestApp } from './test-app.ts'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

let counter = 0
/** A unique e-mail per call (test files run in parallel on separate databases, but keep them apart anyway). */
export const uniqueEmail = (prefix = 'member') =>
  `${prefix}.${process.pid}.${Date.now().toString(36)}.${++counter}@example.com`

export const PASSWORD = 'Valve#2024a'

export type MemberFixture = {
  id: number
  username: string
  password: string
  company: string
  division: string
  name: string
}

/**
 * A verified member, created through the real sign-up service (so consents and the mail are
 * written too) and verified directly in the database.
 */
export async function createMember(
  t: TestApp,
  overrides: Partial<Omit<MemberFixture, 'id'>> = {},
  ip = `203.0.113.${(counter % 250) + 1}`,
): Promise<MemberFixture> {
  const m = {
    username: uniqueEmail(),
    password: PASSWORD,
    company: '대한상사',
    division: '구매팀',
    name: '홍길동',
    ...overrides,
  }
  const result = await t.runtime.services.members.signUp(m, { ip, lang: 'ko' })
  if (!result.ok) throw new Error(`sign-up failed: ${result.reason}`)
  const db = t.runtime.database.db
  const [row] = await db
    .update(users)
    .set({ email_verified_at: new Date() })
    .where(eq(users.username, m.username))
    .returning({ id: users.id })
  return { ...m, id: row!.id }
}

/** Logs in through the API; returns the token and the Set-Cookie header. */
export async function apiLogin(app: FastifyInstance, username: string, password: string, remoteAddress = '192.0.2.10') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ flag: 'N', username, password }).toString(),
  })
  return {
    res,
    token: res.statusCode === 200 ? (res.json().data as string) : undefined,
    cookie: res.headers['set-cookie'] as string[] | undefined,
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The Cookie header that sends back what a Set-Cookie header set. */
export const cookieOf = (setCookie: string[] | undefined) => (setCookie ?? []).map((c) => c.split(';')[0]).join('; ')

/**
 * Two members signed in through the API, as the restricted-area tests need them: a partner with
 * restricted-area access (its id and Cookie header) and a member without (its Cookie header).
 */
export async function partnerAndMember(t: TestApp) {
  const p = await createMember(t, { company: '협력사', name: '김협력' })
  await t.runtime.database.db.update(users).set({ access_yn: 'Y' }).where(eq(users.id, p.id))
  const partner = { id: p.id, cookie: cookieOf((await apiLogin(t.app, p.username, p.password)).cookie) }
  const m = await createMember(t)
  const member = { cookie: cookieOf((await apiLogin(t.app, m.username, m.password)).cookie) }
  return { partner, member }
}
