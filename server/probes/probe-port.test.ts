import { spawnSync } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { startProbePort, type ProbePort } from './probe-port.ts'

let probes: ProbePort | undefined
afterEach(async () => {
  await probes?.close()
  probes = undefined
})

const start = async (options: Partial<Parameters<typeof startProbePort>[0]> = {}) => {
  probes = await startProbePort({ host: '127.0.0.1', port: 0, ping: async () => {}, onError: (e) => { throw e }, ...options })
  // The first readiness check is under way: let it land.
  await new Promise((r) => setTimeout(r, 50))
  return `http://127.0.0.1:${probes.port}`
}

const get = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init)
  return { status: response.status, body: (await response.json()) as { status: string } }
}

/** The answer of `url` once its status is `status`, asking every 100 ms for up to 4 s. */
async function eventually(url: string, status: number) {
  let answer = await get(url)
  for (let i = 0; i < 40 && answer.status !== status; i++) {
    await new Promise((r) => setTimeout(r, 100))
    answer = await get(url)
  }
  return answer
}

/**
 * Blocks this thread (the main loop) while another process waits `afterMs`, then asks for `url`:
 * what a load balancer's probe gets when the main loop is busy. This thread stays blocked in
 * spawnSync until the child has its answer, so any answer at all came from the probe thread; a
 * probe on the main loop would get none (the child gives up after 5 s).
 */
function probeWhileBlocked(url: string, afterMs: number) {
  const script = `
    await new Promise((r) => setTimeout(r, ${afterMs}))
    try {
      const response = await fetch(${JSON.stringify(url)}, { signal: AbortSignal.timeout(5000) })
      console.log(JSON.stringify({ status: response.status, body: await response.json() }))
    } catch (error) {
      console.log(JSON.stringify({ status: 0, body: String(error) }))
    }`
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 })
  return JSON.parse(child.stdout) as { status: number; body: { status: string } }
}

describe('the probe port', () => {
  it('answers /healthz and /readyz, and nothing else', async () => {
    const base = await start()
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } })
    expect(await get(`${base}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } })
    expect((await get(`${base}/`)).status).toBe(404)
    expect((await get(`${base}/readyz`, { method: 'POST' })).status).toBe(405)
    const head = await fetch(`${base}/readyz`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('cache-control')).toBe('no-store')
  })

  it('says not ready when the database does not answer, and ready again when it does', async () => {
    let up = false
    const base = await start({
      ping: async () => {
        if (!up) throw new Error('connection refused')
      },
    })
    expect(await get(`${base}/readyz`)).toEqual({ status: 503, body: { status: 'unavailable' } })
    expect((await get(`${base}/healthz`)).status).toBe(200)
    up = true
    expect(await eventually(`${base}/readyz`, 200)).toEqual({ status: 200, body: { status: 'ready' } })
  })

  it('counts a ping that hangs as no answer', async () => {
    const base = await start({ ping: () => new Promise<void>(() => {}) })
    // "unknown" until the first ping has run out (800 ms), then "unavailable".
    let ready = await get(`${base}/readyz`)
    for (let i = 0; i < 40 && ready.body.status !== 'unavailable'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      ready = await get(`${base}/readyz`)
    }
    expect(ready).toEqual({ status: 503, body: { status: 'unavailable' } })
  })

  it('says not ready when no database check has finished lately (the checks stopped)', async () => {
    const base = await start({ staleReadyMs: 300 })
    expect((await get(`${base}/readyz`)).status).toBe(200)
    // The main thread, which runs the checks, is held: the last answer grows old.
    expect(probeWhileBlocked(`${base}/readyz`, 500)).toMatchObject({ status: 503, body: { status: 'unknown' } })
  })

  it('answers while the main loop is blocked', async () => {
    const base = await start()
    for (const path of ['/healthz', '/readyz']) expect(probeWhileBlocked(`${base}${path}`, 400)).toEqual({ status: 200, body: { status: path === '/healthz' ? 'ok' : 'ready' } })
  })

  it('tells a stalled main loop: not ready, then not healthy; and recovers when it turns again', async () => {
    const base = await start({ unresponsiveMs: 300, stalledMs: 2500 })
    const turn = () => new Promise((r) => setTimeout(r, 200))
    expect(probeWhileBlocked(`${base}/readyz`, 450)).toMatchObject({ status: 503, body: { status: 'unresponsive' } })
    await turn()
    expect(probeWhileBlocked(`${base}/healthz`, 450)).toMatchObject({ status: 200 })
    await turn()
    expect(probeWhileBlocked(`${base}/healthz`, 2700)).toMatchObject({ status: 503, body: { status: 'stalled' } })
    expect((await eventually(`${base}/healthz`, 200)).status).toBe(200)
    expect((await eventually(`${base}/readyz`, 200)).status).toBe(200)
  })

  it('says draining once the server drains', async () => {
    const base = await start()
    probes!.drain()
    expect(await get(`${base}/readyz`)).toEqual({ status: 503, body: { status: 'draining' } })
    expect((await get(`${base}/healthz`)).status).toBe(200)
  })

  it('refuses to start on a port that is taken, with the reason', async () => {
    const base = await start()
    const taken = Number(new URL(base).port)
    await expect(startProbePort({ host: '127.0.0.1', port: taken, ping: async () => {}, onError: () => {} })).rejects.toThrow(/EADDRINUSE/)
  })
})
