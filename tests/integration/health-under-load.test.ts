import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'
import { probeOn } from '#tests/helpers/probe.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'

// Issue 15, finding 8: the production server in its own process (as a load balancer probes it),
// on a fresh embedded database with the demo content.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-health-'))
let server: ServerProcess
beforeAll(async () => {
  // Without the admission cap (MAX_RENDERS_IN_FLIGHT=0): the event loop's own turn-taking with 150
  // pages in flight at once is what is measured here; the cap is tested in load-shedding.test.ts.
  server = await startServer(dataDir, { RESPONSE_CACHE_TTL_MS: '0', MAX_RENDERS_IN_FLIGHT: '0' })
}, 180_000)
afterAll(async () => {
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}, 60_000)

describeEmbedded('health under load', () => {
  it('answers /healthz and /readyz within a second while 150 uncached pages and searches are being served', async () => {
    const pages = [
      '/',
      '/company/introduction/info',
      '/search/result?keyword=tm',
      '/related-data',
      '/service/reference/catalog?search=tm',
      '/api/product/list',
    ]
    // Each page once first: a balancer sends traffic after /readyz, and the first render of each
    // route (compiling its code) is not the load being measured.
    for (const page of pages) expect((await fetch(`${server.base}${page}`)).status, page).toBe(200)
    // The balancer's probe connection, open before the load (as a balancer keeps it).
    const url = new URL(server.base)
    const socket = net.connect(Number(url.port), url.hostname)
    await new Promise((resolve) => socket.once('connect', resolve))
    expect((await probeOn(socket, '/healthz')).status).toBe(200)
    let pending = 0
    const load = Array.from({ length: 150 }, (_, i) => {
      pending++
      const page = pages[i % pages.length]!
      return fetch(`${server.base}${page}${page.includes('?') ? '&' : '?'}n=${i}`)
        .then((res) => res.text())
        .finally(() => pending--)
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const timings: string[] = []
    for (const probe of ['/healthz', '/readyz', '/healthz', '/readyz', '/healthz']) {
      const { status, ms } = await probeOn(socket, probe)
      timings.push(`${probe} ${status} in ${ms.toFixed(0)} ms`)
      expect(status, timings.join(', ')).toBe(200)
      expect(ms, timings.join(', ')).toBeLessThan(1000)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(pending, 'the pages were still being served').toBeGreaterThan(0)
    await Promise.all(load)
    socket.destroy()
  }, 120_000)
})
