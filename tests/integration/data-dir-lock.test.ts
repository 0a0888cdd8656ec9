import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDatabase, DataDirLockedError } from '#server/db/client.ts'
import { LOCK_FILE } from '#server/db/data-dir-lock.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { runManage } from '#tests/helpers/manage.ts'
import { startServer } from '#tests/helpers/server-process.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'

// One process at a time in a PGlite directory: the server, `npm run manage` and this test
// process all take `<DATA_DIR>/pglite/.lock` when they open it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-lock-'))
const pgliteDir = path.join(dataDir, 'pglite')
const lockFile = path.join(pgliteDir, LOCK_FILE)
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const manage = (...args: string[]) => runManage(dataDir, ...args)
const heldBy = (pid: number) => `The embedded database in ${pgliteDir} is open in another process (pid ${pid}: `
const advice =
  'Stop the server first, or set DATABASE_URL to use PostgreSQL, where management commands work while the server runs.'

/** A pid no process has any more: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  if (!child.pid) throw new Error('no child pid')
  return child.pid
}

function writeLock(holder: Record<string, unknown> | string) {
  fs.mkdirSync(pgliteDir, { recursive: true })
  fs.writeFileSync(lockFile, typeof holder === 'string' ? holder : JSON.stringify(holder))
}

// Every case here runs on PGlite whatever DATABASE_URL says: CI's PostgreSQL pass would only repeat them.
describeEmbedded('the PGlite data-directory lock', () => {
  beforeAll(async () => {
    // The directory with its database, so the commands below do not each create it.
    const { status, out } = manage('migrate')
    expect(status, out).toBe(0)
    expect(fs.existsSync(lockFile), 'released at exit').toBe(false)
  }, 180_000)

  it('refuses a management command while another process has the directory open, naming the holder; after close it works', async () => {
    const database = await createDatabase({ pgliteDir })
    try {
      const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number; host: string; command: string }
      expect(holder).toMatchObject({ pid: process.pid, host: os.hostname() })
      expect(holder.command).toMatch(/^node /)

      for (const command of ['migrate', 'reindex']) {
        const { status, out } = manage(command)
        expect(status, out).toBe(1)
        expect(out).toContain(`${command} failed: ${heldBy(process.pid)}${holder.command}). ${advice}`)
        expect(out, 'no stack trace').not.toMatch(/^\s+at /m)
      }
      // The holder is unharmed and still holds the lock.
      await database.ping()
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid })
    } finally {
      await database.close()
    }
    expect(fs.existsSync(lockFile), 'close() releases the lock').toBe(false)
    const { status, out } = manage('migrate')
    expect(status, out).toBe(0)
    expect(out).toContain('migrations applied (pglite)')
  }, 180_000)

  it('refuses to start the server on a directory another process has open, with the same message', async () => {
    await ensureBuild()
    const database = await createDatabase({ pgliteDir })
    try {
      const { DATABASE_URL: _, ...env } = process.env
      const server = spawnSync(process.execPath, ['build/main.js'], {
        env: {
          ...env,
          DATA_DIR: dataDir,
          PORT: String(4300 + (process.pid % 400)),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(server.status, server.stderr).toBe(1)
      expect(server.stderr.trim()).toMatch(new RegExp(`^${escape(heldBy(process.pid))}[^)]*\\)\\. ${escape(advice)}$`))
      await database.ping()
    } finally {
      await database.close()
    }
  }, 300_000)

  it('refuses a second open in the same process', async () => {
    const database = await createDatabase({ pgliteDir })
    try {
      const second = createDatabase({ pgliteDir })
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
      await expect(second).rejects.toThrow(
        `The embedded database in ${pgliteDir} is open in this process (pid ${process.pid}: `,
      )
      await database.ping()
    } finally {
      await database.close()
    }
    // Released: it opens again.
    const again = await createDatabase({ pgliteDir })
    await again.close()
  }, 120_000)

  it('takes over a stale lock whose process is gone, and a lock file with nothing readable in it', async () => {
    const pid = deadPid()
    writeLock({
      pid,
      host: os.hostname(),
      command: 'node build/main.js',
      since: new Date().toISOString(),
      token: 'old',
    })
    let result = manage('migrate')
    expect(result.status, result.out).toBe(0)
    expect(fs.existsSync(lockFile), 'taken over, then released').toBe(false)

    // A crash between creating the file and writing it.
    writeLock('')
    const database = await createDatabase({ pgliteDir })
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid })
    await database.close()
    expect(fs.existsSync(lockFile)).toBe(false)

    // Our own pid in the file is a previous process of that pid (a restarted container is pid 1 again).
    writeLock({
      pid: process.pid,
      host: os.hostname(),
      command: 'node build/main.js',
      since: new Date().toISOString(),
      token: 'old',
    })
    const reopened = await createDatabase({ pgliteDir })
    await reopened.close()
    result = manage('migrate')
    expect(result.status, result.out).toBe(0)
  }, 180_000)

  it('refuses a second server on the directory a running server holds, naming its pid (commands run in the first); the first goes on serving its data', async () => {
    const first = await startServer(dataDir, { SEED_DEMO: 'true' })
    try {
      const products = async () => {
        const res = await fetch(`${first.base}/api/product/list`)
        expect(res.status).toBe(200)
        return ((await res.json()) as { data: unknown[] }).data
      }
      const before = await products()
      expect(before.length).toBeGreaterThan(0)

      const { DATABASE_URL: _, ...env } = process.env
      const second = spawnSync(process.execPath, ['build/main.js'], {
        env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(second.status, second.stderr).toBe(1)
      expect(second.stderr.trim()).toMatch(
        new RegExp(`^${escape(heldBy(first.pid))}node build/main\\.js\\)\\. ${escape(advice)}$`),
      )
      expect(second.stdout, 'it never listened').not.toContain('Server listening')

      // Commands do not open the directory: the running server runs them (its manage socket,
      // docs/decisions/045-commands-on-a-running-server.md).
      const seeded = manage('seed')
      expect(seeded.status, seeded.out).toBe(0)
      expect(seeded.out).toContain('database has content: nothing done (use --reset)')
      const migrated = manage('migrate')
      expect(migrated.status, migrated.out).toBe(0)
      expect(migrated.out).toContain('migrations applied (pglite)')

      // The first is untouched: ready, the same data, and it still holds the lock.
      expect((await fetch(`${first.base}/readyz`)).status).toBe(200)
      expect(await products()).toEqual(before)
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.pid })
    } finally {
      expect(await first.stop()).toBe(0)
    }
    expect(fs.existsSync(lockFile), 'released at exit').toBe(false)
  }, 300_000)

  it('refuses a lock held on another host (its process cannot be checked) and says how to clear it', async () => {
    writeLock({
      pid: deadPid(),
      host: `not-${os.hostname()}`,
      command: 'node build/main.js',
      since: new Date().toISOString(),
      token: 'other',
    })
    try {
      await expect(createDatabase({ pgliteDir })).rejects.toThrow(
        `The embedded database in ${pgliteDir} is open on host not-${os.hostname()} (pid `,
      )
      await expect(createDatabase({ pgliteDir })).rejects.toThrow(`if it is no longer running, delete ${lockFile}.`)
      expect(fs.existsSync(lockFile), 'left alone').toBe(true)
    } finally {
      fs.rmSync(lockFile)
    }
  }, 60_000)
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
