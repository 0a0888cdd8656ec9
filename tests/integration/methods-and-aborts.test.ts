import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggerOptions } from '#server/app.ts'
import { rawExchange } from '#tests/helpers/raw-http.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * Issue 31, findings 7 and 8: every method on every address answers a 4xx (405 with `Allow` where
 * the address exists), never a 500 with a stack in the log; a client that drops a POST mid-body is
 * logged once at `info` as aborted, never as "database unavailable" nor as an error.
 */
type Line = { level: number; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } }
const lines: Line[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Line)
    done()
  },
})
let t: Awaited<ReturnType<typeof buildTestApp>>
let port: number
beforeAll(async () => {
  t = await buildTestApp({ pages: true, logger: loggerOptions('debug', sink) })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
}, 240_000)
afterAll(async () => t?.close(), 60_000)

const errorLines = () => lines.filter((line) => line.level >= 50)
const MESSAGE = '허용되지 않은 요청 방식입니다.'

describe('unlisted methods', () => {
  const pages = ['/', '/company/introduction/info', '/admin', '/admin/import', '/members/login']
  const api = ['/api/product/list', '/api/login']

  it('answer 405 with Allow on pages, the console and the API (inject), never a 5xx', async () => {
    for (const url of [...pages, ...api, '/api/no-such-call', '/admin/import/check', '/healthz'])
      for (const method of ['TRACE', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'MKCOL', 'LOCK'] as const) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          payload: method === 'TRACE' ? undefined : 'x=1',
        })
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400)
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500)
        // No such call: a 404 (or the 415 of a body the API cannot read), whatever the method.
        if (url === '/api/no-such-call' && t.app.supportedMethods.includes(method)) continue
        expect(res.statusCode, `${method} ${url}`).toBe(405)
        expect(res.headers.allow, `${method} ${url}`).toBeTruthy()
      }
    const page = await t.app.inject({ method: 'TRACE' as 'GET', url: '/company/introduction/info' })
    expect(page.headers.allow).toBe('GET, HEAD, POST')
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(page.body).toBe(`${MESSAGE}\nThis request method is not allowed.\n`)
    const call = await t.app.inject({ method: 'DELETE', url: '/api/product/list' })
    expect(call.headers.allow).toBe('GET, HEAD')
    expect(call.json()).toMatchObject({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', messages: { ko: MESSAGE, en: 'This request method is not allowed.' } },
    })
    expect((await t.app.inject({ method: 'GET', url: '/api/login' })).headers.allow).toBe('POST')
    expect((await t.app.inject({ method: 'TRACE' as 'GET', url: '/admin/import/check' })).headers.allow).toBe('POST')
    expect((await t.app.inject({ method: 'PUT', url: '/healthz' })).headers.allow).toBe('GET, HEAD')
    // A page method at an address a route of its own takes with other methods: no page is there.
    for (const [method, url, allow] of [
      ['POST', '/media/images/none.png', 'GET, HEAD'],
      ['POST', '/healthz', 'GET, HEAD'],
      ['GET', '/admin/upload', 'POST'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: 'x=1' } : {}) })
      expect(res.statusCode, `${method} ${url}`).toBe(405)
      expect(res.headers.allow, `${method} ${url}`).toBe(allow)
    }
    // What pages take still works.
    expect((await t.app.inject({ method: 'GET', url: '/company/introduction/info' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200)
    expect(errorLines()).toEqual([])
  }, 120_000)

  it('TRACE and CONNECT over a real connection: 405 with Allow, nothing logged as an error', async () => {
    for (const url of ['/', '/company/introduction/info', '/api/product/list', '/admin']) {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.request({ host: '127.0.0.1', port, method: 'TRACE', path: url }, resolve).on('error', reject).end(),
      )
      res.resume()
      expect(res.statusCode, url).toBe(405)
      expect(res.headers.allow, url).toMatch(/GET/)
    }
    const connect = await rawExchange(port, (socket) =>
      socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
    )
    expect(connect.statuses).toEqual([405])
    expect(connect.text).toContain('Allow: GET, HEAD, POST')
    expect(connect.closed).toBe(true)
    expect(errorLines()).toEqual([])
  })
})

describe('a POST cut off mid-body by its client', () => {
  it('is logged once at info as aborted: no "database unavailable", no error line', async () => {
    const from = lines.length
    for (const path of ['/login', '/api/login']) {
      await rawExchange(
        port,
        (socket) => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\nusername=someone&password=`,
          )
          setTimeout(() => socket.destroy(), 150)
        },
        { waitMs: 1000 },
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    const written = lines.slice(from)
    expect(written.filter((line) => /database/i.test(line.msg))).toEqual([])
    expect(written.filter((line) => line.level >= 40)).toEqual([])
    // One line each, at info: the page's (React Router's action reading the form) and the API's.
    const aborted = written.filter((line) => line.msg === 'request aborted by the client')
    expect(aborted.map((line) => [line.level, line.req?.url])).toEqual([
      [30, '/login'],
      [30, '/api/login'],
    ])
  })
})
