import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PING_TIMEOUT_MS, READINESS_INTERVAL_MS } from '#server/api/health.ts'
import { loggerOptions } from '#server/app.ts'
import { startTcpProxy } from '#tests/helpers/tcp-proxy.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * PostgreSQL going away and coming back (CI's PostgreSQL run), played by a TCP proxy between the
 * app and the server: readiness fails within one check (3 s), pages and calls answer a clear 503 instead
 * of hanging, and when the database is back the same process serves again and hears changes,
 * without a restart. The outage is logged once (issue 31): one error line when it starts, one
 * line with its length and the count of requests answered 503 when it ends, not one per request.
 */
const pgUrl = process.env.DATABASE_URL
let proxy: Awaited<ReturnType<typeof startTcpProxy>>
let t: Awaited<ReturnType<typeof buildTestApp>>
type Line = { level: number; msg: string; requestsAnswered503?: number; outageSeconds?: number }
const lines: Line[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Line)
    done()
  },
})

beforeAll(async () => {
  if (!pgUrl) return
  const target = new URL(pgUrl)
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
  t = await buildTestApp({
    pages: true,
    checkAnswers: true,
    databaseUrl: (url) => proxy.through(url),
    logger: loggerOptions('info', sink),
  })
  // Starts this node's LISTEN connection (the change bus), through the proxy too.
  t.runtime.services.changes.subscribe(() => {})
  await t.runtime.services.changes.ready()
}, 240_000)
afterAll(async () => {
  proxy?.restore()
  await t?.close()
  await proxy?.close()
}, 60_000)

async function timed(url: string) {
  const started = performance.now()
  const res = await t.app.inject(url)
  return { res, ms: performance.now() - started }
}

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return check()
}

describe.skipIf(!pgUrl)('PostgreSQL outage and recovery', () => {
  it('serves normally before the outage', async () => {
    expect((await t.app.inject('/readyz')).statusCode).toBe(200)
    expect((await t.app.inject('/')).statusCode).toBe(200)
    expect((await t.app.inject('/api/product/list')).statusCode).toBe(200)
    expect(t.runtime.services.changes.live()).toBe(true)
  })

  it('while the database is unreachable: readiness 503 within one check, a bilingual 503 page, a JSON 503 from the API', async () => {
    proxy.cut()
    const cutAt = performance.now()
    // A balancer probing every 100 ms: the first 503 comes within a check's interval and a ping's limit.
    const limit = READINESS_INTERVAL_MS + PING_TIMEOUT_MS
    let ready = await timed('/readyz')
    while (ready.res.statusCode === 200 && performance.now() - cutAt < limit + 2000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      ready = await timed('/readyz')
    }
    expect(ready.res.statusCode).toBe(503)
    expect(ready.res.json()).toEqual({ status: 'unavailable' })
    // The probe reads the last check's status: it never waits for the database (a wait would last the
    // ping's limit or more; the bound is that, not a speed figure: the speed is the bench's).
    expect(ready.ms).toBeLessThan(PING_TIMEOUT_MS)
    expect(performance.now() - cutAt).toBeLessThan(limit + 500)
    // The process itself is fine: liveness does not ask the database (a restart would not help).
    expect((await t.app.inject('/healthz')).statusCode).toBe(200)

    const page = await timed('/')
    expect(page.res.statusCode).toBe(503)
    expect(page.ms).toBeLessThan(5000)
    expect(page.res.headers['content-type']).toMatch(/^text\/html/)
    expect(page.res.headers['retry-after']).toBe('10')
    expect(page.res.body).toContain('잠시 서비스를 이용할 수 없습니다')
    expect(page.res.body).toContain('The site is briefly unavailable')
    const english = await t.app.inject('/?lang=en')
    expect(english.statusCode).toBe(503)
    expect(english.body).toMatch(/^<!DOCTYPE html><html lang="en">/)

    // The page's script asking for the data of the next page: told to open that page itself,
    // which then shows the notice above.
    const data = await t.app.inject('/related-data.data?lang=en&_routes=root,routes/related-data')
    expect(data.statusCode).toBe(204)
    expect(data.headers['x-remix-redirect']).toBe('/related-data?lang=en')
    expect(data.headers['x-remix-reload-document']).toBe('true')

    const api = await timed('/api/product/list')
    expect(api.res.statusCode).toBe(503)
    expect(api.ms).toBeLessThan(5000)
    expect(api.res.json()).toMatchObject({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', messages: { en: expect.stringContaining('database cannot be reached') } },
    })
    expect(api.res.json().error.messages.ko).toContain('데이터베이스에 연결할 수 없어')
    expect(t.runtime.services.changes.live()).toBe(false)

    // Forty more requests during the outage, pages and calls (ten at a time, within the render slots):
    // each answered 503, none logged as an error.
    for (let batch = 0; batch < 4; batch++) {
      const more = await Promise.all(
        Array.from({ length: 10 }, (_, i) => t.app.inject(i % 2 ? '/api/product/list' : '/company/introduction/info')),
      )
      expect(more.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 503))
    }
    const errors = lines.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.msg).toMatch(/^database unavailable/)
  }, 30_000)

  it('recovers without a restart when the database is back: ready, pages, calls and the change bus', async () => {
    proxy.restore()
    expect(await eventually(async () => (await t.app.inject('/readyz')).statusCode === 200, 10_000)).toBe(true)
    // One line closes the outage, with its length and the requests it turned away; still one error line.
    const closing = lines.filter((line) => line.msg.startsWith('database available again'))
    expect(closing).toHaveLength(1)
    expect(closing[0]!.level).toBe(40)
    expect(closing[0]!.requestsAnswered503).toBeGreaterThanOrEqual(42)
    expect(closing[0]!.outageSeconds).toBeGreaterThan(0)
    expect(lines.filter((line) => line.level >= 50)).toHaveLength(1)
    expect((await t.app.inject('/')).statusCode).toBe(200)
    expect((await t.app.inject('/api/product/list')).statusCode).toBe(200)
    const data = await t.app.inject('/related-data.data?_routes=root,routes/related-data')
    expect(data.statusCode).toBe(200)
    expect(data.headers['content-type']).toMatch(/^text\/x-script/)
    // The LISTEN connection reconnects on its own (a doubling delay, 10 s at most).
    expect(await eventually(async () => t.runtime.services.changes.live(), 20_000)).toBe(true)
  }, 40_000)
})
