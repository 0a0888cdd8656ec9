import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { files, users } from '#server/db/schema.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { storeFile } from '#tests/helpers/api.ts'
import { runManageAsync } from '#tests/helpers/manage.ts'

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

describe('manage backup and restore (embedded database)', () => {
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
