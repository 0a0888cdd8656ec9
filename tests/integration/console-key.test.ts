import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig, type Config } from '#server/config.ts'
import { auditLog, staffAccounts, staffInvites } from '#server/db/schema.ts'
import { COMMANDS } from '#server/manage/commands/index.ts'
import { manageSocketPath, sendToServer, serveManageSocket, type ManageSocket } from '#server/manage/manage-socket.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { consoleKeyPath, readKeyFile, resolveConsoleKey, writeKeyFile } from '#server/services/console/console-key.ts'
import { createSecretBox } from '#server/services/console/secret-box.ts'
import { CONSOLE_DOWNLOAD_PATH } from '#shared/files.ts'
import { runManageAsync } from '#tests/helpers/manage.ts'
import { freshDatabase } from '#tests/helpers/seeded-template.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { totpAt } from '#tests/helpers/totp.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'

/**
 * The console on by default on the embedded database (docs/decisions/046-console-key.md): in
 * production without CONSOLE_KEY the key is made once in `$DATA_DIR/console.key` and the console
 * answers; `manage rotate-console-key`, run by the running server through its manage socket or in
 * its own process, seals the staff's TOTP secrets under a new key and staff sign in with the
 * authenticators they have; a key that does not open the secrets is refused with nothing changed.
 * Real PGlite on a data directory of its own; one clock drives the runtime and `Date`.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-console-key-it-'))
const dataDir = path.join(root, 'data')
const keyFile = consoleKeyPath(dataDir)
const ENV = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  SITE_URL: 'https://actuator.example',
}
let now = Date.UTC(2026, 10, 30, 1, 0, 0)
/** The next 30-second step: a code is accepted once per step. */
const nextStep = () => {
  now += 30_000
  vi.setSystemTime(now)
}
const silent = { info() {}, warn() {}, error() {} }
const req = { ip: '127.0.0.1', lang: 'ko' as const }

type Server = { runtime: Runtime; app: FastifyInstance; socket: ManageSocket | null; config: Config }
let server: Server | null = null
let staff: EnrolledStaff

/** A server as start.ts makes one (no pages): the key resolved, the runtime, the app, the manage socket. */
async function startServer(): Promise<Server> {
  const { config } = resolveConsoleKey(loadConfig(ENV))
  const runtime = await createRuntime(config, { clock: () => new Date(now) })
  const app = await buildApp({ config, services: runtime.services, logger: false })
  await app.ready()
  const socket = await serveManageSocket(manageSocketPath(dataDir), { runtime, config, commands: COMMANDS }, silent)
  return { runtime, app, socket, config }
}
async function stopServer() {
  if (!server) return
  await server.app.close()
  await server.socket?.close()
  await server.runtime.close()
  server = null
}
/** `npm run manage -- …` sent to the running server, as the operator's process does. */
async function viaSocket(...args: string[]) {
  const lines: string[] = []
  const print = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) }
  const status = await sendToServer(
    manageSocketPath(dataDir),
    { command: args[0]!, args: args.slice(1), cwd: root },
    print,
  )
  return { status, out: lines.join('\n') }
}
/** `npm run manage -- …` in its own process (no server running), in production. */
const inProcess = (...args: string[]) =>
  runManageAsync(dataDir, { NODE_ENV: 'production', SEED_DEMO: 'false' }, ...args)

async function sealedNow(runtime: Runtime) {
  const db = runtime.database.db
  const accounts = await db
    .select({ id: staffAccounts.user_id, sealed: staffAccounts.totp_secret })
    .from(staffAccounts)
    .where(isNotNull(staffAccounts.totp_secret))
  const invites = await db
    .select({ id: staffInvites.id, sealed: staffInvites.pending_totp_secret })
    .from(staffInvites)
    .where(isNotNull(staffInvites.pending_totp_secret))
  return [...accounts.map((r) => `a${r.id}:${r.sealed}`), ...invites.map((r) => `i${r.id}:${r.sealed}`)].sort()
}
const keyRotations = async (runtime: Runtime) =>
  (await runtime.database.db.select().from(auditLog).where(eq(auditLog.action, 'console.key-rotated'))).length

/** The two steps of the console's sign-in with a code of the staff member's authenticator. */
async function signsIn(runtime: Runtime, who: EnrolledStaff): Promise<boolean> {
  nextStep()
  const first = await runtime.services.console.signInPassword({ username: who.username, password: who.password }, req)
  if (!first.ok) throw new Error(`password refused: ${JSON.stringify(first)}`)
  const second = await runtime.services.console.signInSecondFactor(first.pendingToken, totpAt(who.secret, now), req)
  return second.ok
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
}, 60_000)
afterAll(async () => {
  await stopServer()
  vi.useRealTimers()
  fs.rmSync(root, { recursive: true, force: true })
})

describeEmbedded('the console on the embedded database in production, without CONSOLE_KEY', () => {
  it('the first start makes the key once, owner-only; the console answers; a restart reads the same key', async () => {
    expect(fs.existsSync(keyFile)).toBe(false)
    server = await startServer()
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
    const key = readKeyFile(keyFile)!
    expect(key).toHaveLength(1)
    expect(server.config.consoleKey).toEqual(key[0])
    expect(server.runtime.services.console.enabled).toBe(true)
    // A console address with a (stale) console cookie: "session ended" (401), not the 404 of a console that is off.
    const stale = await server.app.inject({
      url: `${CONSOLE_DOWNLOAD_PATH}?file_name=a.pdf`,
      headers: { cookie: `console_session=${'x'.repeat(43)}` },
    })
    expect(stale.statusCode).toBe(401)
    expect(stale.json()).toMatchObject({ success: false, error: { code: 'SESSION_ENDED' } })

    await stopServer()
    server = await startServer()
    expect(readKeyFile(keyFile)).toEqual(key)
    expect(server.config.consoleKey).toEqual(key[0])
  }, 240_000)

  it('create-admin through the running server gives a link that enrols; staff sign in with their code', async () => {
    const created = await viaSocket('create-admin', 'ops@example.com')
    expect(created.status, created.out).toBe(0)
    expect(created.out).toMatch(/^https:\/\/actuator\.example\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/m)
    const token = /token=([A-Za-z0-9_-]{43})/.exec(created.out)![1]!
    const { services } = server!.runtime
    expect(await services.console.setupPassword(token, 'Console#2026ops')).toBe(true)
    const setup = await services.console.getSetup(token)
    expect(setup?.stage).toBe('totp')
    if (setup?.stage !== 'totp') return
    const done = await services.console.completeSetup(token, totpAt(setup.secret, now), req)
    expect(done.ok).toBe(true)
    const admin = { username: 'ops@example.com', password: 'Console#2026ops', secret: setup.secret } as EnrolledStaff
    expect(await signsIn(server!.runtime, admin)).toBe(true)
    staff = await enrolStaff(services, { username: 'editor@example.com', role: 'editor' }, now)
    expect(await signsIn(server!.runtime, staff)).toBe(true)
  }, 60_000)
})

describeEmbedded('a fresh machine, no server running', () => {
  it('the first command to open the data directory makes the key, once; create-admin and the server use it', async () => {
    const fresh = path.join(root, 'fresh')
    const env = { NODE_ENV: 'production', SEED_DEMO: 'false', SITE_URL: 'https://actuator.example' }
    const migrated = await runManageAsync(fresh, env, 'migrate')
    expect(migrated.status, migrated.out).toBe(0)
    expect(migrated.out).toContain(`console key generated in ${consoleKeyPath(fresh)} (owner-only)`)
    const created = await runManageAsync(fresh, env, 'create-admin', 'first@example.com')
    expect(created.status, created.out).toBe(0)
    expect(created.out).toContain('created administrator first@example.com')
    expect(created.out).not.toContain('console key generated')
    const key = readKeyFile(consoleKeyPath(fresh))!
    const { config, origin } = resolveConsoleKey(loadConfig({ ...ENV, DATA_DIR: fresh }))
    expect(origin).toMatchObject({ kind: 'file', generated: false })
    expect(config.consoleKey).toEqual(key[0])
  }, 240_000)
})

describeEmbedded('manage rotate-console-key', () => {
  let pendingToken: string
  let pendingSecret: string

  it('through the running server: every secret sealed anew, the key file replaced, the server on the new key at once', async () => {
    const { services } = server!.runtime
    // A setup link half followed (password chosen, authenticator not yet confirmed): its secret is sealed too.
    const invited = await services.console.inviteStaff(
      { username: 'viewer@example.com', name: 'viewer', role: 'viewer' },
      { actorId: null, ip: null, lang: 'ko', sendMail: false },
    )
    if (!invited.ok) throw new Error('invite refused')
    pendingToken = new URL(invited.link).searchParams.get('token')!
    expect(await services.console.setupPassword(pendingToken, 'Console#2026view')).toBe(true)
    const setup = await services.console.getSetup(pendingToken)
    if (setup?.stage !== 'totp') throw new Error('no TOTP step')
    pendingSecret = setup.secret

    const oldKey = readKeyFile(keyFile)![0]!
    const before = await sealedNow(server!.runtime)
    expect(before).toHaveLength(5) // two accounts; their two used links and the pending one
    const plain = before.map((v) => createSecretBox(oldKey).open(v.split(':')[1]!))

    const rotated = await viaSocket('rotate-console-key')
    expect(rotated.status, rotated.out).toBe(0)
    expect(rotated.out).toContain(
      'console key rotated: 2 staff secret(s) and 3 setup link secret(s) sealed under the new key',
    )
    expect(rotated.out).toContain(`the new key is in ${keyFile} (owner-only); the running server uses it already`)
    expect(rotated.out).not.toContain(readKeyFile(keyFile)![0]!.toString('base64')) // never printed

    const newKeys = readKeyFile(keyFile)!
    expect(newKeys).toHaveLength(1)
    expect(newKeys[0]!.equals(oldKey)).toBe(false)
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('console.key'))).toEqual(['console.key'])
    const after = await sealedNow(server!.runtime)
    expect(after.map((v) => v.split(':')[0])).toEqual(before.map((v) => v.split(':')[0]))
    after.forEach((v, i) => {
      const sealed = v.split(':')[1]!
      expect(sealed).not.toBe(before[i]!.split(':')[1])
      expect(createSecretBox(newKeys[0]!).open(sealed)).toBe(plain[i])
      expect(() => createSecretBox(oldKey).open(sealed)).toThrow()
    })
    expect(await keyRotations(server!.runtime)).toBe(1)

    // The same authenticators, no re-enrolment; the half-followed link completes with the secret it showed.
    expect(await signsIn(server!.runtime, staff)).toBe(true)
    const resumed = await services.console.getSetup(pendingToken)
    expect(resumed).toMatchObject({ stage: 'totp', secret: pendingSecret })
    expect(await services.console.unopenedSecrets()).toEqual({ unopened: 0, total: 5 })
  }, 60_000)

  it('after a restart the server reads the new key and staff still sign in', async () => {
    const key = readKeyFile(keyFile)!
    await stopServer()
    server = await startServer()
    expect(server.config.consoleKey).toEqual(key[0])
    expect(await signsIn(server.runtime, staff)).toBe(true)
    nextStep()
    const done = await server.runtime.services.console.completeSetup(pendingToken, totpAt(pendingSecret, now), req)
    expect(done.ok).toBe(true)
  }, 240_000)

  it('with the key file lost or another key in it: refused, nothing changed; with the right key, it runs in its own process', async () => {
    const rightKey = readKeyFile(keyFile)!
    const before = await sealedNow(server!.runtime)
    const rotationsBefore = await keyRotations(server!.runtime)
    await stopServer()

    // Lost: refused before anything is made.
    fs.rmSync(keyFile)
    const lost = await inProcess('rotate-console-key')
    expect(lost.status, lost.out).toBe(1)
    expect(lost.out).toContain(`there is no console key in ${keyFile}: nothing to rotate`)
    expect(fs.existsSync(keyFile)).toBe(false)

    // Another key (a copy from elsewhere): the secrets do not open with it.
    const wrong = Buffer.alloc(32, 5)
    writeKeyFile(keyFile, [wrong])
    const refused = await inProcess('rotate-console-key')
    expect(refused.status, refused.out).toBe(1)
    expect(refused.out).toContain(
      'rotate-console-key failed: 6 of 6 sealed staff secrets do not open with the current console key',
    )
    expect(refused.out).toContain('nothing was changed')
    expect(readKeyFile(keyFile)).toEqual([wrong])

    // A start on the wrong key says so (start.ts logs it as an error).
    server = await startServer()
    expect(await server.runtime.services.console.unopenedSecrets()).toEqual({ unopened: 6, total: 6 })
    expect(await sealedNow(server.runtime)).toEqual(before)
    expect(await keyRotations(server.runtime)).toBe(rotationsBefore)
    await stopServer()

    // The right key back: the command opens the data directory itself and rotates.
    writeKeyFile(keyFile, rightKey)
    const ran = await inProcess('rotate-console-key')
    expect(ran.status, ran.out).toBe(0)
    expect(ran.out).toContain('console key rotated: 3 staff secret(s) and 3 setup link secret(s)')
    expect(ran.out).not.toContain('the running server uses it already')
    const third = readKeyFile(keyFile)!
    expect(third).toHaveLength(1)
    expect(third[0]!.equals(rightKey[0]!)).toBe(false)
    server = await startServer()
    expect(await signsIn(server.runtime, staff)).toBe(true)
    expect(await keyRotations(server.runtime)).toBe(rotationsBefore + 1)
  }, 240_000)

  it('a key file left holding both keys (a crash mid-rotation) opens everything, and the next rotation finishes it', async () => {
    const current = readKeyFile(keyFile)![0]!
    const next = Buffer.alloc(32, 8)
    await stopServer()
    // As the command leaves it between "both keys kept" and the commit: the secrets still under `current`.
    writeKeyFile(keyFile, [next, current])
    server = await startServer()
    expect(server.config.consoleKey).toEqual(next)
    expect(await server.runtime.services.console.unopenedSecrets()).toEqual({ unopened: 0, total: 6 })
    expect(await signsIn(server.runtime, staff)).toBe(true)
    const again = await viaSocket('rotate-console-key', '--key', Buffer.alloc(32, 9).toString('base64'))
    expect(again.status, again.out).toBe(0)
    expect(readKeyFile(keyFile)).toEqual([Buffer.alloc(32, 9)])
    expect(await signsIn(server.runtime, staff)).toBe(true)
  }, 240_000)

  it('refuses a malformed --key, the current key, and stray arguments, changing nothing', async () => {
    const before = await sealedNow(server!.runtime)
    const cases: [string[], string][] = [
      [['--key', 'short'], '--key must be 32 bytes in base64'],
      [['--key'], 'usage: rotate-console-key [--key <32 bytes in base64>]'],
      [['now'], 'usage: rotate-console-key'],
      [['--key', Buffer.alloc(32, 9).toString('base64')], 'the new key is the current key'],
    ]
    for (const [args, message] of cases) {
      const r = await viaSocket('rotate-console-key', ...args)
      expect(r.status, args.join(' ')).toBe(1)
      expect(r.out).toContain(`rotate-console-key failed: ${message}`)
    }
    expect(await sealedNow(server!.runtime)).toEqual(before)
    expect(readKeyFile(keyFile)).toEqual([Buffer.alloc(32, 9)])
  })
})

describeEmbedded('backups and the key', () => {
  it('`manage backup` leaves the key out; a restore on a new machine needs the copy of the key put back', async () => {
    await stopServer()
    const archive = path.join(root, 'site.tar.gz')
    const backup = await inProcess('backup', archive)
    expect(backup.status, backup.out).toBe(0)
    const entries: string[] = []
    await tar.list({ file: archive, onReadEntry: (e) => entries.push(e.path) })
    expect(entries.some((e) => e.includes('console.key'))).toBe(false)

    const elsewhere = path.join(root, 'restored')
    const restore = await runManageAsync(elsewhere, { NODE_ENV: 'production' }, 'restore', archive)
    expect(restore.status, restore.out).toBe(0)
    expect(fs.existsSync(consoleKeyPath(elsewhere))).toBe(false)
    const start = async () => {
      const { config } = resolveConsoleKey(loadConfig({ ...ENV, DATA_DIR: elsewhere }))
      return createRuntime(config, { clock: () => new Date(now) })
    }
    // Started without it: a new key is made, which opens none of the secrets (the server logs so).
    let runtime = await start()
    expect(await runtime.services.console.unopenedSecrets()).toEqual({ unopened: 6, total: 6 })
    await runtime.close()
    // The copy put back: everything opens, staff sign in.
    fs.copyFileSync(keyFile, consoleKeyPath(elsewhere))
    runtime = await start()
    expect(await runtime.services.console.unopenedSecrets()).toEqual({ unopened: 0, total: 6 })
    expect(await signsIn(runtime, staff)).toBe(true)
    await runtime.close()
  }, 240_000)
})

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL (several nodes share CONSOLE_KEY)', () => {
  const pgDir = path.join(root, 'pg-node')
  let db: Awaited<ReturnType<typeof freshDatabase>>
  const nodes: Runtime[] = []
  const node = async (consoleKey?: Buffer) => {
    const { config } = resolveConsoleKey(
      loadConfig({
        ...ENV,
        DATA_DIR: pgDir,
        DATABASE_URL: db.url!,
        ...(consoleKey ? { CONSOLE_KEY: consoleKey.toString('base64') } : {}),
      }),
    )
    const runtime = await createRuntime(config, { clock: () => new Date(now) })
    nodes.push(runtime)
    return { runtime, config }
  }
  const manage = (consoleKey: Buffer, ...args: string[]) =>
    runManageAsync(
      pgDir,
      { NODE_ENV: 'production', DATABASE_URL: db.url!, CONSOLE_KEY: consoleKey.toString('base64') },
      ...args,
    )
  beforeAll(async () => {
    db = await freshDatabase()
  }, 60_000)
  afterAll(async () => {
    for (const r of nodes) await r.close()
    await db.drop()
  })

  it('without CONSOLE_KEY the console stays off (a 404), and no key file is made', async () => {
    const { runtime, config } = await node()
    expect(config.consoleKey).toBeNull()
    expect(runtime.services.console.enabled).toBe(false)
    const app = await buildApp({ config, services: runtime.services, logger: false })
    const res = await app.inject({
      url: `${CONSOLE_DOWNLOAD_PATH}?file_name=a.pdf`,
      headers: { cookie: `console_session=${'x'.repeat(43)}` },
    })
    expect(res.statusCode).toBe(404)
    await app.close()
    expect(fs.existsSync(consoleKeyPath(pgDir))).toBe(false)
  })

  it('rotation prints the new key and what to do; a node on the old key cannot check codes until restarted with it', async () => {
    const oldKey = Buffer.alloc(32, 21)
    const { runtime: oldNode } = await node(oldKey)
    const member = await enrolStaff(oldNode.services, { username: 'pg-staff@example.com', role: 'editor' }, now)

    const wrong = await manage(Buffer.alloc(32, 22), 'rotate-console-key')
    expect(wrong.status, wrong.out).toBe(1)
    expect(wrong.out).toContain('nothing was changed')
    expect(await signsIn(oldNode, member)).toBe(true)

    const rotated = await manage(oldKey, 'rotate-console-key')
    expect(rotated.status, rotated.out).toBe(0)
    const printed = /new CONSOLE_KEY \(shown once\): (\S+)/.exec(rotated.out)?.[1]
    expect(printed).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(rotated.out).toContain('in the environment file of every node and restart them')
    await expect(signsIn(oldNode, member)).rejects.toThrow()
    const { runtime: restarted } = await node(Buffer.from(printed!, 'base64'))
    expect(await signsIn(restarted, member)).toBe(true)

    // A key chosen by the operator is not printed back.
    const chosen = Buffer.alloc(32, 23).toString('base64')
    const again = await manage(Buffer.from(printed!, 'base64'), 'rotate-console-key', '--key', chosen)
    expect(again.status, again.out).toBe(0)
    expect(again.out).not.toContain(chosen)
    const { runtime: third } = await node(Buffer.alloc(32, 23))
    expect(await signsIn(third, member)).toBe(true)
  }, 240_000)
})
