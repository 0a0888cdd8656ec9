import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditLog, consoleSessions, mailOutbox, users } from '#server/db/schema.ts'
import { createMember } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'
import { totpAt } from '#tests/helpers/totp.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'
import { manageEntry } from '#tests/helpers/manage.ts'

/**
 * The console's sign-in through the production build (`app.inject`): setup links, TOTP
 * enrolment, two-step sign-in, recovery codes, idle and absolute session ends, the guards,
 * step-up and the audit trail. One clock drives the app and `Date` (the TOTP library reads the
 * real time), so expiry is tested without waiting.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let now = Date.UTC(2026, 10, 23, 1, 0, 0)
const advance = (ms: number) => {
  now += ms
  vi.setSystemTime(now)
}
const MIN = 60_000

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
  t = await buildTestApp({ pages: true, clock: () => new Date(now) })
}, 180_000)
afterAll(async () => {
  await t?.close()
  vi.useRealTimers()
})

const cookieOf = (res: LightMyRequestResponse) => {
  const raw = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('console_session='))
  return raw ? raw.split(';')[0]! : undefined
}
const form = (values: Record<string, string>) => new URLSearchParams(values).toString()
const post = (url: string, values: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: form(values),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })

function expectPrivate(res: LightMyRequestResponse) {
  expect(res.headers['cache-control']).toBe('private, no-store')
  expect(res.headers['x-robots-tag']).toMatch(/noindex/)
}

/** Follows a setup link through the pages: password, the secret from the page, the code. */
async function enrol(link: string, password = 'Console#2026a') {
  const url = new URL(link)
  const path = `${url.pathname}${url.search}`
  const first = await get(path)
  expect(first.statusCode).toBe(200)
  expect(first.body).toContain('name="password_confirm"')
  const chosen = await post(path, { intent: 'password', password, password_confirm: password })
  expect(chosen.statusCode).toBe(302)
  const second = await get(path)
  expect(second.statusCode).toBe(200)
  expect(second.body).toContain('<svg')
  const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(second.body)![1]!.replace(/ /g, '')
  const done = await post(path, { intent: 'code', code: totpAt(secret, now) })
  expect(done.statusCode, done.body.slice(0, 300)).toBe(200)
  const codes = [...done.body.matchAll(/<code>([a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})<\/code>/g)].map(
    (m) => m[1]!,
  )
  expect(codes).toHaveLength(10)
  expectPrivate(done)
  return { secret, codes, cookie: cookieOf(done)!, path, password }
}

/** Password, then the code: the session cookie. */
async function signIn(username: string, password: string, code: string) {
  const first = await post('/admin/login', { intent: 'password', username, password })
  expect(first.statusCode, first.body.slice(0, 200)).toBe(302)
  expect(first.headers.location).toBe('/admin/login?step=code')
  const pending = cookieOf(first)!
  const second = await post('/admin/login?step=code', { intent: 'code', code }, pending)
  return { res: second, cookie: cookieOf(second), pending }
}

async function invite(username: string, role: 'admin' | 'editor' | 'viewer') {
  const result = await t.runtime.services.console.inviteStaff(
    { username, name: role, role },
    { actorId: null, ip: null, lang: 'ko', sendMail: false },
  )
  if (!result.ok) throw new Error(result.reason)
  return result.link
}

const auditCount = async () => (await t.runtime.database.db.select({ n: count() }).from(auditLog))[0]!.n

let admin: Awaited<ReturnType<typeof enrol>> & { username: string }
let viewerCookie = ''

describe('setup links', () => {
  it('enrols the password and TOTP, shows ten recovery codes once and signs the new admin in', async () => {
    const username = 'first.admin@example.com'
    const link = await invite(username, 'admin')
    expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/)
    admin = { ...(await enrol(link)), username }
    expect(admin.cookie).toMatch(/^console_session=[A-Za-z0-9_-]{43}$/)
    const dashboard = await get('/admin', admin.cookie)
    expect(dashboard.statusCode).toBe(200)
    expect(dashboard.body).toContain(username)
    expectPrivate(dashboard)
    expect(dashboard.body).toMatch(/<meta name="robots" content="noindex, nofollow"/)
  })

  it('a link works once', async () => {
    advance(11 * MIN)
    expect((await get(admin.path)).statusCode).toBe(404)
    expect(
      (await post(admin.path, { intent: 'password', password: 'Other#2026a', password_confirm: 'Other#2026a' }))
        .statusCode,
    ).toBe(410)
  })

  it('a link ends after 24 hours', async () => {
    const link = await invite('late.viewer@example.com', 'viewer')
    const url = new URL(link)
    expect((await get(`${url.pathname}${url.search}`)).statusCode).toBe(200)
    advance(24 * 60 * MIN + 1000)
    expect((await get(`${url.pathname}${url.search}`)).statusCode).toBe(404)
  })

  it('refuses a wrong code at enrolment', async () => {
    const link = await invite('wrong.code@example.com', 'viewer')
    const url = new URL(link)
    const path = `${url.pathname}${url.search}`
    await post(path, { intent: 'password', password: 'Console#2026a', password_confirm: 'Console#2026a' })
    const res = await post(path, { intent: 'code', code: '000000' })
    expect(res.statusCode).toBe(400)
  })
})

describe('sign-in', () => {
  it('needs the second factor: the password alone opens nothing', async () => {
    advance(MIN)
    const first = await post('/admin/login', { intent: 'password', username: admin.username, password: admin.password })
    expect(first.statusCode).toBe(302)
    // The pending cookie is no session.
    const res = await get('/admin', cookieOf(first))
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/admin/login?ended=1')
  })

  it('a wrong password and a wrong code are refused (bilingual messages) and audited', async () => {
    const before = await auditCount()
    const wrong = await post('/admin/login', { intent: 'password', username: admin.username, password: 'Wrong#2026a' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('이메일 또는 비밀번호가 올바르지 않습니다.')
    const english = await t.app.inject({
      method: 'POST',
      url: '/admin/login?lang=en',
      payload: form({ intent: 'password', username: admin.username, password: 'Wrong#2026a' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(english.body).toContain('The e-mail or password is incorrect.')
    const { res } = await signIn(
      admin.username,
      admin.password,
      '000000' === totpAt(admin.secret, now) ? '111111' : '000000',
    )
    expect(res.statusCode).toBe(401)
    expect(await auditCount()).toBe(before + 3)
    const [last] = await t.runtime.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.sign-in-failed'))
      .orderBy(auditLog.id)
    expect(last!.user_id).toBeNull()
  })

  it('password and code sign in; a code is not accepted twice', async () => {
    advance(30_000)
    const code = totpAt(admin.secret, now)
    const { res, cookie } = await signIn(admin.username, admin.password, code)
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/admin')
    expect([res.headers['set-cookie']].flat().join()).toMatch(
      /console_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict/,
    )
    expect((await get('/admin', cookie)).statusCode).toBe(200)
    // The single-fetch data request of a client-side navigation carries the same cookie.
    const dataRequest = await get('/admin.data', cookie)
    expect(dataRequest.statusCode).toBe(200)
    expectPrivate(dataRequest)
    const again = await signIn(admin.username, admin.password, code)
    expect(again.res.statusCode).toBe(401)
  })

  it('a recovery code works once', async () => {
    const code = admin.codes[0]!
    const first = await signIn(admin.username, admin.password, code)
    expect(first.res.statusCode).toBe(302)
    expect((await get('/admin', first.cookie)).statusCode).toBe(200)
    const second = await signIn(admin.username, admin.password, code)
    expect(second.res.statusCode).toBe(401)
  })

  it('a session ends after 30 minutes idle', async () => {
    const { cookie } = await signIn(admin.username, admin.password, admin.codes[1]!)
    advance(29 * MIN)
    expect((await get('/admin', cookie)).statusCode).toBe(200)
    advance(29 * MIN) // 29 minutes after the last request: still open (sliding)
    expect((await get('/admin', cookie)).statusCode).toBe(200)
    advance(31 * MIN)
    const ended = await get('/admin', cookie)
    expect(ended.statusCode).toBe(302)
    expect(ended.headers.location).toBe('/admin/login?ended=1')
  })

  it('a session ends 12 hours after sign-in however busy', async () => {
    const { cookie } = await signIn(admin.username, admin.password, admin.codes[2]!)
    for (let i = 0; i < 25; i++) {
      advance(28 * MIN)
      expect((await get('/admin', cookie)).statusCode, `after ${(i + 1) * 28} minutes`).toBe(200)
    }
    advance(28 * MIN) // 12 h 8 min
    expect((await get('/admin', cookie)).statusCode).toBe(302)
  })

  it('a staff account cannot sign in as a member (no way around the second factor)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: admin.username, password: admin.password, flag: 'N' },
    })
    expect(res.json().success).toBe(false)
  })

  it('sign-out ends the session on the server and is audited', async () => {
    const { cookie } = await signIn(admin.username, admin.password, admin.codes[3]!)
    const out = await post('/admin/logout', {}, cookie)
    expect(out.statusCode).toBe(302)
    expect(out.headers.location).toBe('/admin/login?signed-out=1')
    expect((await get('/admin', cookie)).statusCode).toBe(302)
    const rows = await t.runtime.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign-out'))
    expect(rows.length).toBeGreaterThan(0)
  })

  it('stops counting after 10 wrong passwords for an account: then even the right one is refused for a while', async () => {
    const username = 'guessed.editor@example.com'
    const staff = await enrol(await invite(username, 'editor'))
    const { console: consoleService } = t.runtime.services
    const from = { ip: '198.51.100.99', lang: 'ko' as const }
    for (let i = 0; i < 10; i++)
      expect(await consoleService.signInPassword({ username, password: `Wrong#guess${i}` }, from)).toEqual({
        ok: false,
        reason: 'credentials',
      })
    const refused = await consoleService.signInPassword({ username, password: staff.password }, from)
    expect(refused).toMatchObject({ ok: false, reason: 'limited' })
    expect((refused as { retryAfterSec: number }).retryAfterSec).toBeGreaterThan(0)
    // From another address too: the limit is the account's.
    expect(
      await consoleService.signInPassword({ username, password: staff.password }, { ...from, ip: '198.51.100.100' }),
    ).toMatchObject({ reason: 'limited' })
    advance(16 * MIN)
    expect(await consoleService.signInPassword({ username, password: staff.password }, from)).toMatchObject({
      ok: true,
    })
  })
})

describe('who sees the console', () => {
  it('anonymous visitors and members get the site 404 at every /admin address, never cached or indexed', async () => {
    const member = await createMember(t)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: member.password, flag: 'N' },
    })
    const memberCookie = `session=${login.json().data.token as string}`
    for (const url of [
      '/admin',
      '/admin/staff',
      '/admin/audit',
      '/admin/nothing',
      '/admin/setup?token=x',
      '/admin.data',
      '/admin/staff.data',
    ]) {
      for (const cookie of [undefined, memberCookie]) {
        const res = await get(url, cookie)
        expect(res.statusCode, `${url} ${cookie ?? ''}`).toBe(404)
        expectPrivate(res)
        if (!url.endsWith('.data')) expect(res.body).toContain('페이지를 찾을 수 없습니다')
      }
    }
    const robots = await get('/robots.txt')
    expect(robots.body).toContain('Disallow: /admin')
  })

  it('an editor and a viewer cannot open or use the staff page (403 on the server); an editor reads only the trail of content', async () => {
    const editor = await enrol(await invite('editor@example.com', 'editor'))
    expect((await get('/admin', editor.cookie)).statusCode).toBe(200)
    const staffPage = await get('/admin/staff', editor.cookie)
    expect(staffPage.statusCode).toBe(403)
    // The page says why: no permission (not "bad request").
    expect(staffPage.body).toContain('<h1 class="error-page__title">권한이 없습니다</h1>')
    const [target] = await t.runtime.database.db.select().from(users).where(eq(users.username, admin.username))
    const res = await post(
      '/admin/staff',
      { intent: 'role', user_id: String(target!.id), role: 'viewer', code: totpAt(editor.secret, now + 30_000) },
      editor.cookie,
    )
    expect(res.statusCode).toBe(403)
    const [still] = await t.runtime.database.db.select().from(users).where(eq(users.id, target!.id))
    expect(still!.role).toBe('admin')
    const dashboard = await get('/admin', editor.cookie)
    expect(dashboard.body).not.toContain('href="/admin/staff"')
    const viewer = await enrol(await invite('viewer@example.com', 'viewer'))
    const viewerAudit = await get('/admin/audit', viewer.cookie)
    expect(viewerAudit.statusCode).toBe(200)
    expect(viewerAudit.body).toContain('>staff.invite<')
    // An editor reads the trail of the records editors change, not of staff, members or sign-ins.
    for (const url of ['/admin/audit', '/admin/audit?type=staff']) {
      const editorAudit = await get(url, editor.cookie)
      expect(editorAudit.statusCode).toBe(200)
      expect(editorAudit.body).not.toContain('>staff.invite<')
      expect(editorAudit.body).not.toContain('>auth.sign-in<')
    }
    viewerCookie = viewer.cookie
    expect(
      (await post('/admin/staff', { intent: 'disable', user_id: String(target!.id) }, viewer.cookie)).statusCode,
    ).toBe(403)
  })
})

describe('step-up and the audit trail', () => {
  it('a role change needs a code given within 5 minutes, then is audited with before and after', async () => {
    advance(MIN)
    const { cookie } = await signIn(admin.username, admin.password, admin.codes[4]!)
    const [editor] = await t.runtime.database.db.select().from(users).where(eq(users.username, 'editor@example.com'))
    // Signed in with a recovery code: no fresh TOTP code yet.
    const asked = await post('/admin/staff', { intent: 'role', user_id: String(editor!.id), role: 'viewer' }, cookie)
    expect(asked.statusCode).toBe(403)
    expect(asked.body).toContain('name="code"')
    const wrong = await post(
      '/admin/staff',
      {
        intent: 'role',
        user_id: String(editor!.id),
        role: 'viewer',
        code: '000000' === totpAt(admin.secret, now) ? '111111' : '000000',
      },
      cookie,
    )
    expect(wrong.statusCode).toBe(403)
    advance(60_000)
    const ok = await post(
      '/admin/staff',
      { intent: 'role', user_id: String(editor!.id), role: 'viewer', code: totpAt(admin.secret, now) },
      cookie,
    )
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200)
    const [changed] = await t.runtime.database.db.select().from(users).where(eq(users.id, editor!.id))
    expect(changed!.role).toBe('viewer')
    const [entry] = await t.runtime.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.role'))
    expect(entry).toMatchObject({
      record_type: 'staff',
      record_id: String(editor!.id),
      before: { role: 'editor' },
      after: { role: 'viewer' },
    })
    // Fresh for five minutes, then asked again, also for inviting an administrator.
    expect(
      (await post('/admin/staff', { intent: 'role', user_id: String(editor!.id), role: 'editor' }, cookie)).statusCode,
    ).toBe(200)
    advance(6 * MIN)
    expect(
      (await post('/admin/staff', { intent: 'role', user_id: String(editor!.id), role: 'viewer' }, cookie)).statusCode,
    ).toBe(403)
    const adminInvite = await post(
      '/admin/staff',
      { intent: 'invite', username: 'second.admin@example.com', name: '이관리', role: 'admin' },
      cookie,
    )
    expect(adminInvite.statusCode).toBe(403)
    expect(adminInvite.body).toContain('name="code"')
    expect(await t.runtime.services.console.findStaff('second.admin@example.com')).toBeNull()
  })

  it('an invitation from the console is audited, mailed and its link shown; the audit page lists it', async () => {
    const { cookie } = await signIn(admin.username, admin.password, admin.codes[5]!)
    const res = await post(
      '/admin/staff',
      { intent: 'invite', username: 'new.editor@example.com', name: '박편집', role: 'editor' },
      cookie,
    )
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatch(/data-testid="invited-link">http:\/\/localhost:3000\/admin\/setup\?token=/)
    const [mail] = await t.runtime.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'new.editor@example.com'))
    expect(mail!.subject).toContain('관리자 콘솔')
    expect(mail!.text).toMatch(/\/admin\/setup\?token=[A-Za-z0-9_-]{43}/)
    // A new link for existing staff changes no role (that is changeRole's, with step-up).
    const [before] = await t.runtime.database.db.select().from(users).where(eq(users.username, 'editor@example.com'))
    const reinvite = await post(
      '/admin/staff',
      { intent: 'invite', username: 'editor@example.com', name: '다른 이름', role: 'viewer' },
      cookie,
    )
    expect(reinvite.statusCode).toBe(200)
    const [after] = await t.runtime.database.db.select().from(users).where(eq(users.id, before!.id))
    expect({ role: after!.role, name: after!.name }).toEqual({ role: before!.role, name: before!.name })
    const audit = await get('/admin/audit?type=staff', cookie)
    expect(audit.statusCode).toBe(200)
    expect(audit.body).toContain('staff.invite')
    expect(audit.body).toContain('staff.reinvite')
    expect(audit.body).toContain('new.editor@example.com')
    expectPrivate(audit)
  })

  it('disabling a staff account ends its sessions at once', async () => {
    const { cookie } = await signIn(admin.username, admin.password, admin.codes[6]!)
    expect((await get('/admin', viewerCookie)).statusCode).toBe(200)
    const [viewer] = await t.runtime.database.db.select().from(users).where(eq(users.username, 'viewer@example.com'))
    const res = await post('/admin/staff', { intent: 'disable', user_id: String(viewer!.id) }, cookie)
    expect(res.statusCode).toBe(200)
    expect((await get('/admin', viewerCookie)).statusCode).toBe(302)
    const [entry] = await t.runtime.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.disable'))
    expect(entry).toMatchObject({ record_id: String(viewer!.id), after: { disabled: true } })
    // Not oneself.
    const [me] = await t.runtime.database.db.select().from(users).where(eq(users.username, admin.username))
    expect((await post('/admin/staff', { intent: 'disable', user_id: String(me!.id) }, cookie)).statusCode).toBe(409)
  })

  it('an audit entry exists only when its change commits', async () => {
    const before = await auditCount()
    const db = t.runtime.database.db
    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'rolled back' }).where(eq(users.username, admin.username))
        await t.runtime.services.console.audit(tx, {
          userId: null,
          action: 'test.change',
          recordType: 'staff',
          after: { name: 'rolled back' },
        })
        throw new Error('the change fails')
      }),
    ).rejects.toThrow('the change fails')
    expect(await auditCount()).toBe(before)
    const [row] = await db.select().from(users).where(eq(users.username, admin.username))
    expect(row!.name).not.toBe('rolled back')
  })

  it('sessions are stored hashed', async () => {
    const rows = await t.runtime.database.db.select().from(consoleSessions)
    for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
  })
})

describeEmbedded('npm run manage -- create-admin', () => {
  it('prints a one-time setup link, re-invites, and in production without CONSOLE_KEY makes the key file', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-console-manage-'))
    try {
      const { DATABASE_URL: _, ...env } = process.env
      const run = (extra: Record<string, string>, ...args: string[]) => {
        const r = spawnSync(process.execPath, [...manageEntry(), ...args], {
          env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SITE_URL: 'https://www.example.com', ...extra },
          encoding: 'utf8',
          timeout: 120_000,
        })
        return { status: r.status, out: `${r.stdout}${r.stderr}` }
      }
      const key = { CONSOLE_KEY: Buffer.alloc(32, 7).toString('base64') }
      // A mistyped data directory: refused, naming where it looked; nothing is created there.
      const typo = `${dataDir}-typo`
      const nowhere = run({ ...key, DATA_DIR: typo }, 'create-admin', 'boss@example.com')
      expect(nowhere.status).toBe(1)
      expect(nowhere.out).toContain(`no site database in ${path.join(typo, 'pglite')} (DATA_DIR ${typo})`)
      expect(nowhere.out).not.toContain('setup?token=')
      expect(fs.existsSync(path.join(typo, 'pglite'))).toBe(false)
      expect(run({}, 'migrate').status).toBe(0)
      const created = run(key, 'create-admin', 'Boss@Example.com')
      expect(created.status, created.out).toBe(0)
      expect(created.out).toContain('created administrator boss@example.com')
      expect(created.out).toMatch(/^https:\/\/www\.example\.com\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/m)
      const again = run(key, 'create-admin', 'boss@example.com')
      expect(again.out).toContain('re-invited administrator boss@example.com')
      // The embedded database in production without CONSOLE_KEY: $DATA_DIR/console.key, made here (ADR 046).
      const noKey = run({ NODE_ENV: 'production' }, 'create-admin', 'boss@example.com')
      expect(noKey.status, noKey.out).toBe(0)
      expect(noKey.out).toContain(`console key generated in ${path.join(dataDir, 'console.key')}`)
      expect(noKey.out).toContain('re-invited administrator boss@example.com')
      expect(run(key, 'help').out).toMatch(/^ {2}create-admin <email>/m)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
      fs.rmSync(`${dataDir}-typo`, { recursive: true, force: true })
    }
  }, 180_000)
})
