import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencies, siteSettings } from '#server/db/schema.ts'
import { RATE_LIMITS } from '#server/services/members/rate-limit.ts'
import { apiLogin, bearer, createMember } from '#tests/helpers/members.ts'
import { startSmtpServer, type TestSmtp } from '#tests/helpers/smtp.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * Two app nodes on one PostgreSQL, as behind a load balancer (CI's PostgreSQL run): each its own
 * services, pool, page cache and LISTEN connection in this process. What one node does, the other
 * sees: a member's login, the failed-login counters, a content change (at once, its cached page
 * dropped), and the mail outbox sends each message once though both nodes' senders run.
 */
const pgUrl = process.env.DATABASE_URL
const AGENCY_PAGE = '/company/introduction/agency'
let a: Awaited<ReturnType<typeof buildTestApp>>
let b: Awaited<ReturnType<typeof buildTestApp>>
let smtp: TestSmtp
/** Whether a page came from the node's memory. */
const cacheOf = (res: { headers: Record<string, unknown> }) => res.headers['x-cache']

beforeAll(async () => {
  if (!pgUrl) return
  smtp = await startSmtpServer()
  // The answer cache on (under its earlier name and its present one).
  const env = { RESPONSE_CACHE_TTL_MS: '600000', SMTP_URL: smtp.url }
  a = await buildTestApp({ pages: true, env })
  // Node B: the same database as A (its own fresh one goes unused), no second seed.
  b = await buildTestApp({ pages: true, seed: false, env, databaseUrl: () => a.config.DATABASE_URL! })
}, 240_000)
afterAll(async () => {
  await b?.close()
  await a?.close()
  await smtp?.close()
}, 60_000)

describe.skipIf(!pgUrl)('two nodes on one PostgreSQL', () => {
  it('uses one database for both nodes, with a pool each', () => {
    expect(b.config.DATABASE_URL).toBe(a.config.DATABASE_URL)
    expect(b.runtime.database).not.toBe(a.runtime.database)
  })

  it('a member signed in on node A is signed in on node B (and signed out on both)', async () => {
    const member = await createMember(a)
    const { token } = await apiLogin(a.app, member.username, member.password)
    expect(token).toBeDefined()
    const onB = await b.app.inject({ url: '/api/user', headers: bearer(token!) })
    expect(onB.statusCode).toBe(200)
    expect(onB.json().data).toMatchObject({ username: member.username })

    expect((await b.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token!) })).statusCode).toBe(200)
    expect((await a.app.inject({ url: '/api/user', headers: bearer(token!) })).statusCode).toBe(401)
  })

  it('counts failed logins across nodes: failures split over A and B lock the ID on both', async () => {
    const member = await createMember(a)
    for (let i = 0; i < RATE_LIMITS.loginAccount.limit; i++) {
      const node = i % 2 === 0 ? a : b
      expect((await apiLogin(node.app, member.username, 'Wrong#2024x', `198.51.100.${i + 1}`)).res.statusCode).toBe(401)
    }
    expect((await apiLogin(a.app, member.username, member.password, '198.51.100.200')).res.statusCode).toBe(429)
    expect((await apiLogin(b.app, member.username, member.password, '198.51.100.201')).res.statusCode).toBe(429)
  })

  it('a content change on node A shows on node B at the next request (its cached page dropped)', async () => {
    const [agency] = await a.runtime.database.db
      .select()
      .from(agencies)
      .orderBy(asc(agencies.type), asc(agencies.sort_order), asc(agencies.id))
      .limit(1)
    expect(cacheOf(await b.app.inject(AGENCY_PAGE))).toBe('miss')
    // Kept once stored (which may finish after the answer).
    await expect.poll(async () => cacheOf(await b.app.inject(AGENCY_PAGE)), { timeout: 10_000 }).toBe('hit')
    expect((await b.app.inject(AGENCY_PAGE)).body).toContain(agency!.name)

    const heardOnB = new Promise<string[]>((resolve) => {
      const off = b.runtime.services.changes.subscribe((topics) => {
        off()
        resolve(topics)
      })
    })
    await a.runtime.services.content.updateAgency(agency!.id, { name: '두노드밸브상사' })
    expect(await heardOnB).toEqual(['agencies'])

    const next = await b.app.inject(AGENCY_PAGE)
    expect(cacheOf(next)).toBe('miss')
    expect(next.body).toContain('두노드밸브상사')
  })

  it("a settings change on node A is in node B's next footer (B's copy of the settings dropped: ADR 077)", async () => {
    const page = '/company/introduction/info'
    expect((await b.app.inject(page)).body).not.toContain('02-5555-0077')
    const heardOnB = new Promise<void>((resolve) => {
      const off = b.runtime.services.changes.subscribe(() => {
        off()
        resolve()
      })
    })
    await a.runtime.database.db.transaction(async (tx) => {
      await tx.update(siteSettings).set({ phone: '02-5555-0077' }).where(eq(siteSettings.id, 1))
      await a.runtime.services.changes.published(tx, ['settings'])
    })
    await heardOnB
    expect((await b.app.inject(page)).body).toContain('02-5555-0077')
  })

  it("sends each outbox message once while both nodes' senders run at the same time", async () => {
    await a.runtime.services.mail.flush()
    smtp.messages.length = 0
    const count = 40
    await a.runtime.database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await a.runtime.services.mail.enqueue(tx, {
          to: `two-nodes-${i}@example.com`,
          subject: `message ${i}`,
          html: `<p>${i}</p>`,
          text: `${i}`,
          lang: 'ko',
        })
      }
    })
    const [fromA, fromB] = await Promise.all([a.runtime.services.mail.flush(), b.runtime.services.mail.flush()])
    expect(fromA.sent + fromB.sent).toBe(count)
    expect(fromA.failed + fromB.failed).toBe(0)
    const recipients = smtp.messages.flatMap((m) => m.envelopeTo).filter((to) => to.startsWith('two-nodes-'))
    expect(recipients).toHaveLength(count)
    expect(new Set(recipients).size).toBe(count)
  })
})
