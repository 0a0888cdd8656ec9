import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { users } from '#server/db/schema.ts'
import { createRuntime } from '#server/runtime.ts'
import { runManage } from '#tests/helpers/manage.ts'
import { apiLogin, bearer, PASSWORD, uniqueEmail } from '#tests/helpers/members.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'

// `npm run manage -- <command>` as an operator runs it, on its own embedded database.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-manage-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const manage = (...args: string[]) => runManage(dataDir, ...args)

describeEmbedded('npm run manage', () => {
  it('help lists every command', () => {
    const { status, out } = manage('help')
    expect(status).toBe(0)
    for (const name of [
      'migrate',
      'seed',
      'reindex',
      'import-orders',
      'grant-access',
      'revoke-access',
      'create-admin',
      'backup',
      'restore',
      'help',
    ])
      expect(out).toMatch(new RegExp(`^  ${name}\\b`, 'm'))
  })

  it('an unknown command says so, shows the list and exits 2', () => {
    const { status, out } = manage('no-such-command')
    expect(status).toBe(2)
    expect(out).toContain('Unknown command: no-such-command')
    expect(out).toContain('Commands:')
  })

  it('reindex rebuilds the index with a progress bar', () => {
    expect(manage('seed').out).toContain('demo content loaded')
    const { status, out } = manage('reindex')
    expect(status, out).toBe(0)
    // Not a terminal: one progress line per tenth of the work, ending at 100 %.
    expect(out).toMatch(/^indexing \[#+\] 100% (\d+)\/\1 /m)
    expect(out).toMatch(/search index rebuilt: [\d,]+ entries in [\d.]+ s/)
  }, 180_000)
})

/**
 * The site on the same data directory, as the server has it: the commands above cannot run while
 * it is open (the PGlite directory lock), so each check opens it, asks, and closes it again.
 */
async function openSite() {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: undefined,
  })
  const runtime = await createRuntime(config)
  const app = await buildApp({ config, services: runtime.services, logger: false })
  await app.ready()
  return {
    app,
    runtime,
    async close() {
      await app.close()
      await runtime.close()
    },
  }
}

type Site = Awaited<ReturnType<typeof openSite>>

async function withSite<T>(fn: (site: Site) => Promise<T>): Promise<T> {
  const site = await openSite()
  try {
    return await fn(site)
  } finally {
    await site.close()
  }
}

/** A verified member, through the real sign-up service. */
async function createMember(site: Site, username = uniqueEmail('access')): Promise<{ id: number; username: string }> {
  const result = await site.runtime.services.members.signUp(
    { username, password: PASSWORD, company: '대한상사', division: '구매팀', name: '홍길동' },
    { ip: '203.0.113.9', lang: 'ko' },
  )
  if (!result.ok) throw new Error(`sign-up failed: ${result.reason}`)
  const [row] = await site.runtime.database.db
    .update(users)
    .set({ email_verified_at: new Date() })
    .where(eq(users.username, username))
    .returning({ id: users.id })
  return { id: row!.id, username }
}

describeEmbedded('npm run manage -- grant-access / revoke-access', () => {
  let member: { id: number; username: string }
  let token: string
  /** access_yn in the database, and as GET /api/user answers the member's existing session. */
  const access = () =>
    withSite(async (site) => {
      const [row] = await site.runtime.database.db
        .select({ access_yn: users.access_yn })
        .from(users)
        .where(eq(users.id, member.id))
      const res = await site.app.inject({ url: '/api/user', headers: bearer(token) })
      expect(res.statusCode).toBe(200)
      return { database: row!.access_yn, api: (res.json() as { data: { access_yn: string } }).data.access_yn }
    })

  beforeAll(async () => {
    await withSite(async (site) => {
      member = await createMember(site)
      const login = await apiLogin(site.app, member.username, PASSWORD)
      if (!login.token) throw new Error(`login answered ${login.res.statusCode}`)
      token = login.token
    })
    expect(await access()).toEqual({ database: 'N', api: 'N' })
  }, 180_000)

  it('grant-access sets access_yn to Y for the member with that e-mail (any case); the existing session sees it without a new login', async () => {
    let result = manage('grant-access', member.username.toUpperCase())
    expect(result.status, result.out).toBe(0)
    expect(result.out.trim()).toBe(`access granted to ${member.username} (member ${member.id})`)
    result = manage('grant-access', member.username)
    expect(result.status, result.out).toBe(0)
    expect(result.out.trim()).toBe(`${member.username} (member ${member.id}) already had access: nothing changed`)
    expect(await access()).toEqual({ database: 'Y', api: 'Y' })
  }, 180_000)

  it('revoke-access sets it back to N; the same session loses it on its next request', async () => {
    let result = manage('revoke-access', member.username)
    expect(result.status, result.out).toBe(0)
    expect(result.out.trim()).toBe(
      `access revoked from ${member.username} (member ${member.id}), from their next request`,
    )
    result = manage('revoke-access', member.username)
    expect(result.status, result.out).toBe(0)
    expect(result.out.trim()).toBe(`${member.username} (member ${member.id}) had no access: nothing changed`)
    expect(await access()).toEqual({ database: 'N', api: 'N' })
  }, 180_000)

  it('an unknown e-mail or a withdrawn member exits 1 with a message; so do a missing or malformed e-mail', async () => {
    let result = manage('grant-access', 'nobody@example.com')
    expect(result.status, result.out).toBe(1)
    expect(result.out.trim()).toBe(
      'grant-access failed: no active member has the ID nobody@example.com (unknown e-mail, or the member withdrew)',
    )

    const withdrawn = await withSite(async (site) => {
      const m = await createMember(site)
      expect(await site.runtime.services.members.withdraw(m.id)).toBe(true)
      return m
    })
    result = manage('revoke-access', withdrawn.username)
    expect(result.status, result.out).toBe(1)
    expect(result.out).toContain(`revoke-access failed: no active member has the ID ${withdrawn.username}`)

    result = manage('grant-access')
    expect(result.status, result.out).toBe(1)
    expect(result.out).toContain(
      'grant-access failed: give one member ID (e-mail): npm run manage -- grant-access <email>',
    )
    result = manage('revoke-access', 'not-an-email')
    expect(result.status, result.out).toBe(1)
    expect(result.out).toContain('revoke-access failed: "not-an-email" is not an e-mail address')
  }, 180_000)
})
