import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The production server as a real process: SIGTERM must let in-flight requests finish and exit 0.
const PORT = 3300 + (process.pid % 500)
let child: ChildProcess
let dataDir: string

async function waitReady(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become ready')
}

beforeAll(async () => {
  if (!fs.existsSync('build/main.js')) throw new Error('build/main.js missing: run `npm run build` first')
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-shutdown-'))
  child = spawn(process.execPath, ['build/main.js'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
    stdio: 'ignore',
  })
  await waitReady(`http://127.0.0.1:${PORT}/readyz`)
}, 90_000)

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('graceful shutdown', () => {
  it('finishes in-flight requests on SIGTERM and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const requests = Array.from({ length: 10 }, () =>
      fetch(`http://127.0.0.1:${PORT}/`).then(async (r) => ({ status: r.status, body: await r.text() })),
    )
    // Signal while the pages are still rendering.
    await new Promise((r) => setTimeout(r, 5))
    child.kill('SIGTERM')
    const results = await Promise.all(requests)
    for (const r of results) {
      expect([200, 503]).toContain(r.status)
      if (r.status === 200) expect(r.body).toContain('</html>')
    }
    expect(results.some((r) => r.status === 200)).toBe(true)
    // While draining, readiness fails so a load balancer stops sending traffic.
    const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).catch(() => null)
    if (ready) expect(ready.status).toBe(503)
    expect(await exited).toBe(0)
  })
})
