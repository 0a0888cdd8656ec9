import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runManageAsync } from '#tests/helpers/manage.ts'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'

/** A page's status, its body read to the end (an unread body would hold the connection through the shutdown). */
async function statusOf(url: string): Promise<number> {
  const res = await fetch(url)
  await res.arrayBuffer()
  return res.status
}

/**
 * `npm start` on a fresh machine, then `npm run manage -- create-admin you@example.com` while it
 * runs (docs/decisions/046-console-key.md): `node build/main.js` in production on the embedded
 * database without CONSOLE_KEY makes `$DATA_DIR/console.key`, says so in its log, and serves the
 * console; the command runs in the server; a rotation while it runs keeps it serving; a restart
 * reads the key back.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-console-key-server-'))
const keyFile = path.join(dataDir, 'console.key')
const SITE_URL = 'https://actuator.example'
let server: ServerProcess

beforeAll(async () => {
  server = await startServer(dataDir, { SITE_URL })
}, 300_000)
afterAll(async () => {
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describeEmbedded('the console on by default (embedded database, no CONSOLE_KEY)', () => {
  it('the key is made owner-only and logged; /admin answers; create-admin while it runs gives a setup page', async () => {
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(server.output()).toContain(`console key generated in ${keyFile} (owner-only)`)
    expect(server.output()).not.toContain('CONSOLE_KEY is not set')
    expect(await statusOf(`${server.base}/admin/login`)).toBe(200)

    const { status, out } = await runManageAsync(dataDir, {}, 'create-admin', 'you@example.com')
    expect(status, out).toBe(0)
    const link = /https:\/\/actuator\.example(\/admin\/setup\?token=[A-Za-z0-9_-]{43})/.exec(out)
    expect(link, out).not.toBeNull()
    expect(await statusOf(`${server.base}${link![1]}`)).toBe(200)
  }, 180_000)

  it('rotate-console-key runs in the server; after a restart the key is read back, not made again', async () => {
    const before = fs.readFileSync(keyFile, 'utf8')
    const rotated = await runManageAsync(dataDir, {}, 'rotate-console-key')
    expect(rotated.status, rotated.out).toBe(0)
    expect(rotated.out).toContain('the running server uses it already')
    const after = fs.readFileSync(keyFile, 'utf8')
    expect(after).not.toBe(before)
    expect(await statusOf(`${server.base}/admin/login`)).toBe(200)

    expect(await server.stop()).toBe(0)
    server = await startServer(dataDir, { SITE_URL })
    expect(server.output()).toContain(`console key read from ${keyFile}`)
    expect(server.output()).not.toContain('console key generated')
    expect(server.output()).not.toContain('do not open with the console key')
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(after)
    expect(await statusOf(`${server.base}/admin/login`)).toBe(200)
  }, 300_000)
})
