import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'

// The production build with PROBE_PORT (docs/decisions/030-probe-port.md): the probes on their own
// port answer from the server's own state, and say "draining" as soon as a shutdown begins.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-probe-port-'))
let server: ServerProcess | undefined
afterAll(async () => {
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const probePortOf = async (s: ServerProcess) => {
  for (let i = 0; i < 100; i++) {
    const m = /"port":(\d+)[^\n]*probe port listening/.exec(s.output())
    if (m) return Number(m[1])
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no probe port in the log:\n${s.output()}`)
}

describe('PROBE_PORT', () => {
  it('answers /healthz and /readyz on its own port, and /readyz 503 while the server drains', async () => {
    server = await startServer(dataDir, { PROBE_PORT: '0', SEED_DEMO: 'false', SHUTDOWN_DRAIN_MS: '1500' })
    const probes = `http://127.0.0.1:${await probePortOf(server)}`
    const ready = async () => {
      for (let i = 0; i < 40; i++) {
        const r = await fetch(`${probes}/readyz`)
        if (r.ok) return r
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error('the probe port never said ready')
    }
    expect(await (await ready()).json()).toEqual({ status: 'ready' })
    expect(await (await fetch(`${probes}/healthz`)).json()).toEqual({ status: 'ok' })
    expect((await fetch(`${probes}/`)).status).toBe(404)
    // The main port keeps its own probes.
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200)

    server.child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 300))
    const draining = await fetch(`${probes}/readyz`)
    expect(draining.status).toBe(503)
    expect(await draining.json()).toEqual({ status: 'draining' })
    expect(await server.stop()).toBe(0)
  })
})
