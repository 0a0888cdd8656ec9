import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sendToServer } from '#server/manage/manage-socket.ts'
import { runManageAsync } from '#tests/helpers/manage.ts'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'

/**
 * `npm run manage` while the server runs on the same embedded database
 * (docs/decisions/045-commands-on-a-running-server.md): the server runs the command through its
 * manage socket, with its own configuration, while visitors keep being answered; commands that
 * need the server stopped still refuse; the built build/manage.js works without tsx.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-manage-live-'))
const CONSOLE_KEY = Buffer.alloc(32, 7).toString('base64')
let server: ServerProcess

beforeAll(async () => {
  server = await startServer(dataDir, { CONSOLE_KEY, SITE_URL: 'https://actuator.example' })
}, 300_000)
afterAll(async () => {
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Visitors' requests, four at a time, until `done` settles: how many were not answered 200. */
async function visitorsDuring(done: Promise<unknown>): Promise<{ sent: number; failed: string[] }> {
  let finished = false
  void done.finally(() => (finished = true))
  const failed: string[] = []
  let sent = 0
  const paths = ['/', '/company/introduction/info', '/api/product/banner/list', '/search/result?keyword=TM']
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      while (!finished) {
        const url = `${server.base}${paths[(sent + lane) % paths.length]}`
        sent++
        try {
          const res = await fetch(url)
          await res.arrayBuffer()
          if (res.status !== 200) failed.push(`${res.status} ${url}`)
        } catch (error) {
          failed.push(`${String(error)} ${url}`)
        }
      }
    }),
  )
  return { sent, failed }
}

describeEmbedded('manage commands while the server runs on the embedded database', () => {
  it('create-admin runs in the server, with its configuration, while visitors are answered', async () => {
    // The command's environment has neither this CONSOLE_KEY nor this SITE_URL: the server's own configuration is used.
    const command = runManageAsync(dataDir, {}, 'create-admin', 'ops@example.com')
    const visitors = await visitorsDuring(command)
    const { status, out } = await command
    expect(status, out).toBe(0)
    expect(out).toContain('created administrator ops@example.com')
    expect(out).toMatch(/https:\/\/actuator\.example\/admin\/setup\?token=/)
    expect(visitors.sent).toBeGreaterThan(0)
    expect(visitors.failed).toEqual([])
  }, 180_000)

  it('reindex and migrate run there too, with the progress on stderr; restore refuses while it runs', async () => {
    const reindex = runManageAsync(dataDir, {}, 'reindex')
    const visitors = await visitorsDuring(reindex)
    const result = await reindex
    expect(result.status, result.out).toBe(0)
    expect(result.out).toMatch(/indexing \[#+\] 100%/)
    expect(result.out).toMatch(/search index rebuilt: [\d,]+ entries/)
    expect(visitors.failed).toEqual([])

    const migrate = await runManageAsync(dataDir, {}, 'migrate')
    expect(migrate.status, migrate.out).toBe(0)
    expect(migrate.out).toContain('migrations applied (pglite)')

    const archive = path.join(dataDir, 'some-backup.tar.gz')
    fs.writeFileSync(archive, '')
    const restore = await runManageAsync(dataDir, {}, 'restore', archive)
    expect(restore.status).toBe(1)
    expect(restore.out).toContain(
      `restore failed: The embedded database in ${path.join(dataDir, 'pglite')} is open in another process (pid ${server.pid}`,
    )
    // The server is unharmed.
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200)
  }, 180_000)

  it('the socket is its owner’s only, and runs only the commands meant for it', async () => {
    const socket = path.join(dataDir, 'manage.sock')
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600)
    const lines: string[] = []
    const print = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) }
    for (const command of ['rm', 'restore', 'backup'])
      expect(await sendToServer(socket, { command, args: [], cwd: dataDir }, print)).toBe(2)
    expect(lines).toEqual(Array(3).fill('not a command this server runs'))
  })
})

describeEmbedded('the built build/manage.js', () => {
  it('runs without tsx, on a stopped server’s data directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-manage-built-'))
    try {
      const { DATABASE_URL: _, ...env } = process.env
      const result = spawnSync(process.execPath, ['build/manage.js', 'migrate'], {
        env: { ...env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 120_000,
      })
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0)
      expect(result.stdout).toContain('migrations applied (pglite)')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
