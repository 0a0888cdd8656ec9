import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggerOptions } from '#server/app.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * Kept answers over real connections, sent by the page store's `onRequest` hook
 * (server/plugins/response-cache.ts, docs/decisions/037-page-store-in-fastify.md): the same bytes
 * and headers as the render, 304s, the `lang` cookie, members left out, and, since a hit goes
 * through Fastify's pipeline, one access-log line per request, the metrics counted and draining.
 */
const TOKEN = 'metrics-token-for-the-kept-answers-0123456789'
let t: Awaited<ReturnType<typeof buildTestApp>>
let base: string
let logged = ''

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk)
      done()
    },
  })
  t = await buildTestApp({
    pages: true,
    env: { RESPONSE_CACHE_TTL_MS: '600000', METRICS_TOKEN: TOKEN },
    logger: loggerOptions('info', stream),
  })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
}, 240_000)
afterAll(async () => t?.close(), 60_000)

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }
/** One request over a new connection, the bytes as sent (no decompression). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}
/** Asks until the answer is kept (its compressed forms are made after the first answer). */
async function kept(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const first = await get(path, headers)
  expect(first.headers['x-cache']).toBe('miss')
  await t.app.responseStore!.idle()
  return first
}
const requestLines = () =>
  logged
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          msg: string
          req?: { url: string; method: string; remoteAddress: string }
          res?: { statusCode: number }
        },
    )
    .filter((line) => line.msg === 'request completed')

describe('kept answers over HTTP', () => {
  it('sends a kept page with the headers and bytes Fastify sent, in the encoding asked for, and 304 for an unchanged copy', async () => {
    const first = await kept('/recruitment')
    const plain = await get('/recruitment')
    expect(plain.headers['x-cache']).toBe('hit')
    expect(plain.status).toBe(200)
    expect(plain.body.toString()).toBe(first.body.toString())
    expect(plain.headers['content-length']).toBe(String(plain.body.length))
    for (const name of [
      'content-type',
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'permissions-policy',
      'referrer-policy',
    ]) {
      expect(plain.headers[name], name).toBe(first.headers[name])
    }
    expect(plain.headers.vary).toMatch(/accept-encoding/i)

    const br = await get('/recruitment', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(first.body.toString())
    const gz = await get('/recruitment', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(first.body.toString())

    const unchanged = await get('/recruitment', { 'if-none-match': String(plain.headers.etag) })
    expect(unchanged.status).toBe(304)
    expect(unchanged.body.length).toBe(0)
  })

  it('sets the lang cookie for an explicit ?lang, and leaves members, API clients and staff to a fresh render', async () => {
    await kept('/terms/service?lang=en')
    const again = await get('/terms/service?lang=en')
    expect(again.headers['x-cache']).toBe('hit')
    expect(String(again.headers['set-cookie'])).toContain('lang=en')
    expect((await get('/terms/service?lang=en', { cookie: 'lang=en' })).headers['set-cookie']).toBeUndefined()
    await kept('/recruitment?from=http')
    const visitors: Record<string, string>[] = [
      { cookie: `session=${'B'.repeat(43)}` },
      { authorization: `Bearer ${'B'.repeat(43)}` },
      { cookie: `console_session=${'C'.repeat(43)}` },
    ]
    for (const headers of visitors) {
      expect((await get('/recruitment?from=http', headers)).headers['x-cache'], JSON.stringify(headers)).not.toBe('hit')
    }
  })

  it('answers a kept API call from memory, and anew once a change is published', async () => {
    const first = await kept('/api/agency?type=1')
    const hit = await get('/api/agency?type=1', { 'accept-encoding': 'br' })
    expect(hit.headers['x-cache']).toBe('hit')
    expect(hit.headers['content-type']).toMatch(/application\/json/)
    expect(JSON.parse(zlib.brotliDecompressSync(hit.body).toString())).toEqual(JSON.parse(first.body.toString()))
    const [agency] = (JSON.parse(first.body.toString()) as { data: { id: number }[] }).data
    await t.runtime.services.content.updateAgency(agency!.id, { name: '보관대리점' })
    await expect
      .poll(async () => JSON.parse((await get('/api/agency?type=1')).body.toString()).data[0].name)
      .toBe('보관대리점')
  })

  it('counts kept answers in the metrics and writes no info line for them (docs/decisions/073-kept-hits-in-metrics.md)', async () => {
    await kept('/company/introduction/info?lang=en&utm=secret-value')
    const scrape = async () =>
      (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body
    const sample = (body: string, line: RegExp) =>
      Number(new RegExp(`^${line.source} ([0-9.e+-]+)$`, 'm').exec(body)?.[1] ?? 0)
    const before = await scrape()
    const linesBefore = requestLines().length
    for (let i = 0; i < 3; i++)
      expect((await get('/company/introduction/info?lang=en&utm=secret-value')).headers['x-cache']).toBe('hit')
    const after = await scrape()
    expect(sample(after, /response_cache_requests_total\{kind="page",result="hit"\}/)).toBe(
      sample(before, /response_cache_requests_total\{kind="page",result="hit"\}/) + 3,
    )
    const pages = /http_requests_total\{method="GET",route="\/\*",status_code="200"\}/
    expect(sample(after, pages)).toBe(sample(before, pages) + 3)
    // Since the first scrape: the second, answered by Fastify, is logged; the three hits are not.
    await expect.poll(() => requestLines().length).toBe(linesBefore + 1)
    expect(
      requestLines()
        .slice(linesBefore)
        .map((line) => line.req?.url),
    ).toEqual(['/metrics'])
    // The first answer, made by the page, was logged at info, without its query.
    const made = requestLines().filter((line) => line.req?.url === '/company/introduction/info')
    expect(made.at(-1)).toMatchObject({ req: { method: 'GET', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } })
    expect(logged).not.toContain('secret-value')
  })

  it('asks clients to close their connection while the node drains', async () => {
    await kept('/company/introduction/client')
    t.app.lifecycle.draining = true
    try {
      const hit = await get('/company/introduction/client')
      expect(hit.headers['x-cache']).toBe('hit')
      expect(hit.headers.connection).toBe('close')
    } finally {
      t.app.lifecycle.draining = false
    }
  })
})
