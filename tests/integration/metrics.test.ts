import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/** The answer cache on, under its earlier name and its present one. */
const CACHE_ON = { RESPONSE_CACHE_TTL_MS: '600000' }

/**
 * GET /metrics: Prometheus text for the holder of METRICS_TOKEN only; request counts and latency
 * per route pattern (never the raw address), response-cache hits and misses, the outbox's depth and
 * age, and (PostgreSQL) the pool's connections.
 */
const TOKEN = 'metrics-token-for-the-test-0123456789'
let t: Awaited<ReturnType<typeof buildTestApp>>
let off: Awaited<ReturnType<typeof buildTestApp>>

beforeAll(async () => {
  t = await buildTestApp({ pages: true, env: { METRICS_TOKEN: TOKEN, ...CACHE_ON } })
  off = await buildTestApp({ seed: false })
}, 240_000)
afterAll(async () => {
  await t?.close()
  await off?.close()
}, 60_000)

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.statusCode).toBe(200)
  return res.body
}
/** The value of one sample line, e.g. `http_requests_total{method="GET",…}`. */
const sample = (body: string, line: RegExp) => {
  const m = new RegExp(`^${line.source} ([0-9.e+-]+)$`, 'm').exec(body)
  return m ? Number(m[1]) : undefined
}

describe('GET /metrics', () => {
  it('is a 404 without the token, with a wrong one, and when no token is configured', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(
      404,
    )
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404)
    expect((await off.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
      404,
    )
  })

  it('counts requests and their latency by route pattern, not by address', async () => {
    await t.app.inject('/api/product/detail?info_id=999999')
    await t.app.inject('/api/product/detail?info_id=999998')
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const body = res.body
    expect(sample(body, /http_requests_total\{method="GET",route="\/api\/product\/detail",status_code="404"\}/)).toBe(2)
    expect(
      sample(
        body,
        /http_request_duration_seconds_count\{method="GET",route="\/api\/product\/detail",status_code="404"\}/,
      ),
    ).toBe(2)
    expect(body).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/product\/detail",status_code="404"\} \d+$/m,
    )
    expect(body).not.toContain('info_id')
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m)
  })

  it('counts the cache hits and misses of pages', async () => {
    const page = '/company/introduction/agency?lang=en'
    const cacheOf = async () => {
      const res = await t.app.inject(page)
      return res.headers['x-cache']
    }
    expect(await cacheOf()).toBe('miss')
    // Kept once stored (which may finish after the answer).
    await expect.poll(cacheOf, { timeout: 10_000 }).toBe('hit')
    const before = await scrape()
    const hits = sample(before, /response_cache_requests_total\{kind="page",result="hit"\}/) ?? 0
    const misses = sample(before, /response_cache_requests_total\{kind="page",result="miss"\}/) ?? 0
    expect(misses).toBeGreaterThanOrEqual(1)
    expect(hits).toBeGreaterThanOrEqual(1)
    await cacheOf()
    await cacheOf()
    const after = await scrape()
    expect(sample(after, /response_cache_requests_total\{kind="page",result="hit"\}/)).toBe(hits + 2)
    expect(sample(after, /response_cache_requests_total\{kind="page",result="miss"\}/)).toBe(misses)
  })

  it('reports the outbox depth and the age of its oldest message', async () => {
    const { mail } = t.runtime.services
    expect(sample(await scrape(), /mail_outbox_pending/)).toBe(0)
    await t.runtime.database.db.transaction(async (tx) => {
      await mail.enqueue(tx, { to: 'metrics@example.com', subject: 's', html: '<p>x</p>', text: 'x', lang: 'ko' })
      await mail.enqueue(tx, { to: 'metrics2@example.com', subject: 's', html: '<p>x</p>', text: 'x', lang: 'ko' })
    })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const body = await scrape()
    expect(sample(body, /mail_outbox_pending/)).toBe(2)
    expect(sample(body, /mail_outbox_oldest_pending_age_seconds/)).toBeGreaterThanOrEqual(1)
    await mail.flush()
    expect(sample(await scrape(), /mail_outbox_pending/)).toBe(0)
  })

  it.skipIf(!process.env.DATABASE_URL)('reports the PostgreSQL pool', async () => {
    const body = await scrape()
    expect(sample(body, /db_pool_connections\{state="total"\}/)).toBeGreaterThan(0)
    expect(sample(body, /db_pool_connections\{state="waiting"\}/)).toBe(0)
  })
})
