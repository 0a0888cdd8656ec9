import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'

// The production server as a real process: SIGTERM must let in-flight requests finish and exit 0.
const DRAIN_MS = 1500
let server: ServerProcess
let base: string
let port: number
let dataDir: string

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * A POST whose body arrives in two parts: the headers and half the body now, the rest when
 * `finish()` is called. Until then the request is in flight on the server.
 */
function slowPost(pathname: string, body: string) {
  const half = Math.floor(body.length / 2)
  let connected!: () => void
  const ready = new Promise<void>((resolve) => (connected = resolve))
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: pathname,
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
          res.on('error', reject)
        },
      )
      request.on('error', reject)
      request.on('socket', (socket) => socket.on('connect', connected))
      request.write(body.slice(0, half))
      slowPost.pending = () => request.end(body.slice(half))
    },
  )
  return { ready, response, finish: () => slowPost.pending() }
}
slowPost.pending = () => {}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-shutdown-'))
  // On a free port; a server that exits or does not listen fails here with its output.
  server = await startServer(dataDir, {
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    // The forced exit is production's safety net; on a busy test machine closing can take longer.
    SHUTDOWN_TIMEOUT_MS: '30000',
    // Draining is tested here, not the admission cap: on a busy test machine ten first renders at
    // once can outlast the wait for a turn (load-shedding.test.ts tests the cap).
    MAX_RENDERS_IN_FLIGHT: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  })
  base = server.base
  port = Number(new URL(base).port)
  // Listening comes before readiness (the first warm-up); up to a minute on a busy machine.
  for (let i = 0; (await fetch(`${base}/readyz`)).status !== 200; i++) {
    if (i > 240) throw new Error(`not ready in 60 s:\n${server.output()}`)
    await sleep(250)
  }
}, 200_000)

afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('graceful shutdown', () => {
  it('finishes every request in flight at SIGTERM, fails readiness while draining, and exits 0', async () => {
    const pages = Array.from({ length: 10 }, () =>
      fetch(`${base}/`).then(async (r) => ({ status: r.status, body: await r.text() })),
    )
    const slow = slowPost('/api/login', `username=${'x'.repeat(200)}&password=${'y'.repeat(200)}`)
    await slow.ready
    // The server has the slow request's headers and half its body when the signal comes.
    await sleep(100)
    const exited = server.stop()

    // While draining (the node still answers), readiness fails so a load balancer stops sending traffic.
    await expect
      .poll(async () => (await fetch(`${base}/readyz`)).status, {
        timeout: DRAIN_MS / 2,
        interval: 20,
      })
      .toBe(503)

    // Every page requested before the signal is answered in full.
    for (const page of await Promise.all(pages)) {
      expect(page.status).toBe(200)
      expect(page.body).toContain('</html>')
    }

    // After the drain the server stops accepting, yet the request still being sent completes.
    await sleep(DRAIN_MS + 500)
    expect(server.child.exitCode).toBeNull()
    slow.finish()
    const answer = await slow.response
    expect(answer.status).toBe(400)
    expect(answer.headers.connection).toBe('close')
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })

    expect(await exited, server.output()).toBe(0)
  }, 60_000)
})
