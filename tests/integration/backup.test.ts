import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq, like, sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { backupSocketPath } from '#server/db/backup-socket.ts'
import { files, users } from '#server/db/schema.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { storeFile } from '#tests/helpers/api.ts'
import { runManageAsync } from '#tests/helpers/manage.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'

/**
 * `manage backup` / `restore` on an embedded database in its own data directory: a backup taken
 * while a server holds the directory (through its backup socket), the directory wiped, the
 * archive restored, and the data and the stored file back as they were at the backup.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-backup-test-'))
const dataDir = path.join(root, 'data')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const config = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' })
const silent = { info() {}, warn() {}, error() {} }
const manage = (...args: string[]) => runManageAsync(dataDir, {}, ...args)
const PDF = Buffer.from('%PDF-1.4\nthe stored manual\n%%EOF\n')

async function userNamed(runtime: Runtime, username: string) {
  return (await runtime.database.db.select({ name: users.name }).from(users).where(eq(users.username, username)))[0]
}

async function addUser(runtime: Runtime, username: string, name: string) {
  await runtime.database.db.insert(users).values({ username, name, password_hash: 'x', company: 'c', division: 'd' })
}

/** Reads a socket line by line: each call, the next line (without its newline). */
function linesOf(socket: net.Socket): () => Promise<string> {
  let text = ''
  const waiting: ((line: string) => void)[] = []
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8')
    for (let end = text.indexOf('\n'); end >= 0 && waiting.length; end = text.indexOf('\n')) {
      waiting.shift()!(text.slice(0, end))
      text = text.slice(end + 1)
    }
  })
  return () => new Promise((resolve) => waiting.push(resolve))
}

describeEmbedded('manage backup and restore (embedded database)', () => {
  const archive = path.join(root, 'site.tar.gz')

  it('backs up while the server runs, then restores into a wiped directory', async () => {
    let runtime = await createRuntime(config())
    runtime.startWorkers(silent)
    try {
      await addUser(runtime, 'before@example.com', '백업 전')
      await storeFile(runtime.database.db, runtime.storage, {
        key: 'documents/manual.pdf',
        originName: '설명서.pdf',
        data: PDF,
        contentType: 'application/pdf',
      })

      const { status, out } = await manage('backup', archive)
      expect(status, out).toBe(0)
      expect(out).toMatch(/backup written: .*site\.tar\.gz .*from the running server/)

      // Written after the backup: not in it.
      await addUser(runtime, 'after@example.com', '백업 후')
    } finally {
      await runtime.close()
    }

    fs.rmSync(dataDir, { recursive: true, force: true })
    const { status, out } = await manage('restore', archive)
    expect(status, out).toBe(0)
    expect(out).toContain('restored from')

    runtime = await createRuntime(config())
    try {
      expect(await userNamed(runtime, 'before@example.com')).toEqual({ name: '백업 전' })
      expect(await userNamed(runtime, 'after@example.com')).toBeUndefined()
      expect(
        await runtime.database.db
          .select({ name: files.origin_file_name })
          .from(files)
          .where(eq(files.file_name, 'documents/manual.pdf')),
      ).toEqual([{ name: '설명서.pdf' }])
      expect((await runtime.storage.read('documents/manual.pdf'))?.equals(PDF)).toBe(true)
    } finally {
      await runtime.close()
    }
  }, 300_000)

  it('backs up with the server stopped, and restore refuses to overwrite a database without --force', async () => {
    const stopped = path.join(root, 'stopped.tar.gz')
    const made = await manage('backup', stopped)
    expect(made.status, made.out).toBe(0)
    expect(made.out).toContain('from the data directory')

    const refused = await manage('restore', stopped)
    expect(refused.status).toBe(1)
    expect(refused.out).toMatch(/holds a database: add --force/)

    const forced = await manage('restore', stopped, '--force')
    expect(forced.status, forced.out).toBe(0)
    const runtime = await createRuntime(config())
    try {
      expect(await userNamed(runtime, 'before@example.com')).toEqual({ name: '백업 전' })
    } finally {
      await runtime.close()
    }
  }, 300_000)

  it('keeps the database answering in backup mode; a copy of a database written to meanwhile restores whole', async () => {
    const during = path.join(root, 'during.tar.gz')
    let runtime = await createRuntime(config())
    runtime.startWorkers(silent)
    let written = 0
    try {
      // Tens of megabytes, so the files take a while to copy.
      await runtime.database.db.execute(
        sql`create table filler as select i, repeat(md5(i::text), 30) as pad from generate_series(1, 40000) i`,
      )
      // Backup mode by hand, as the command uses it: the database serves reads and writes until `stop`.
      const socket = net.connect(backupSocketPath(dataDir))
      const next = linesOf(socket)
      expect(await next()).toBe('started')
      await addUser(runtime, 'in-backup-mode@example.com', '백업 모드')
      expect(await userNamed(runtime, 'in-backup-mode@example.com')).toEqual({ name: '백업 모드' })
      // One backup at a time: a second is told so, and nothing is written.
      const second = await manage('backup', path.join(root, 'second.tar.gz'))
      expect(second.status).toBe(1)
      expect(second.out).toContain('another backup is running')
      expect(fs.existsSync(path.join(root, 'second.tar.gz'))).toBe(false)
      socket.write('stop\n')
      expect((JSON.parse(await next()) as { label: string }).label).toMatch(
        /^START WAL LOCATION: .* \(file [0-9A-F]{24}\)$/m,
      )
      socket.destroy()

      // A backup while members sign up one after another.
      let running = true
      const writer = (async () => {
        while (running) {
          await addUser(runtime, `during-${written}@example.com`, `백업 중 ${written}`)
          written++
        }
      })()
      const made = await manage('backup', during)
      running = false
      await writer
      expect(made.status, made.out).toBe(0)
    } finally {
      await runtime.close()
    }

    fs.rmSync(dataDir, { recursive: true, force: true })
    const restored = await manage('restore', during)
    expect(restored.status, restored.out).toBe(0)
    runtime = await createRuntime(config())
    try {
      const rows = (await runtime.database.db.execute(sql`select count(*)::int as n from filler`)) as unknown as {
        rows: { n: number }[]
      }
      expect(rows.rows[0]!.n).toBe(40000)
      // The sign-ups up to some moment, none missing before it and none after.
      const names = await runtime.database.db
        .select({ username: users.username })
        .from(users)
        .where(like(users.username, 'during-%'))
      const numbers = names.map((u) => Number(/^during-(\d+)@/.exec(u.username)![1])).sort((a, b) => a - b)
      expect(numbers).toEqual(numbers.map((_, i) => i))
      expect(numbers.length).toBeLessThanOrEqual(written)
      expect(await userNamed(runtime, 'in-backup-mode@example.com')).toEqual({ name: '백업 모드' })
    } finally {
      await runtime.close()
    }
  }, 300_000)

  it('points PostgreSQL users to pg_dump', async () => {
    const { status, out } = await runManageAsync(
      dataDir,
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      'backup',
      path.join(root, 'pg.tar.gz'),
    )
    expect(status).toBe(1)
    expect(out).toContain('use pg_dump and pg_restore')
    expect(out).toContain('docs/operations.md')
  }, 120_000)
})
