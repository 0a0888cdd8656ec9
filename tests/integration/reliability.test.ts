import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { enrolStaff } from '#tests/helpers/staff.ts'
import { rawExchange } from '#tests/helpers/raw-http.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// Issue 15's findings 2–6 and 8, on a real listening server where the socket matters.
const logLines: string[] = []
let t: Awaited<ReturnType<typeof buildTestApp>>
let port: number

beforeAll(async () => {
  t = await buildTestApp({
    pages: true,
    // A short request timeout, so a trickled body is cut off within the test.
    env: { REQUEST_TIMEOUT_MS: '1000' },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const head = (method: string, path: string, headers: Record<string, string | number> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`

describe('a page that answers before reading the body', () => {
  it('closes the connection, so the next request on it is not left waiting (413 and 405 pages, .data, and the API)', async () => {
    const big = Buffer.alloc(2_000_000, 'a')
    for (const path of ['/login', '/signup', '/login.data', '/', '/related-data', '/_root.data', '/api/login']) {
      const result = await rawExchange(
        port,
        (socket) => {
          socket.write(
            head('POST', path, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': big.length }),
          )
          socket.write(big)
          socket.write(head('GET', '/healthz'))
        },
        { responses: 2, waitMs: 3000 },
      )
      expect([413, 405], `${path}: ${result.text.slice(0, 200)}`).toContain(result.statuses[0])
      // Either the server closed the connection (it says so), or it read on and answered the next request.
      expect(result.closed || result.statuses.length === 2, `${path} hung: ${result.text.slice(0, 300)}`).toBe(true)
      if (result.closed) expect(result.text.toLowerCase(), path).toContain('connection: close')
      expect(result.ms, path).toBeLessThan(2500)
    }
  }, 60_000)

  it('keeps the connection for the next request when the page read the whole body', async () => {
    const body = 'id=someone&password=wrong-password'
    const result = await rawExchange(
      port,
      (socket) => {
        socket.write(
          head('POST', '/login', {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': body.length,
          }) + body,
        )
        socket.write(head('GET', '/healthz'))
      },
      { responses: 2 },
    )
    expect(result.closed).toBe(false)
    expect(result.statuses[1]).toBe(200)
  })
})

describe('request timeouts and the connection cap', () => {
  it('cuts off a body trickled slower than REQUEST_TIMEOUT_MS (1 s here), on the API and on pages', async () => {
    for (const path of ['/api/login', '/login']) {
      let timer: NodeJS.Timeout | undefined
      const result = await rawExchange(
        port,
        (socket) => {
          socket.write(
            head('POST', path, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 1000 }),
          )
          timer = setInterval(() => socket.writable && socket.write('a'), 200)
        },
        { waitMs: 6000 },
      )
      clearInterval(timer)
      expect(result.closed, `${path} still open after 6 s`).toBe(true)
      expect(result.ms, path).toBeLessThan(4000)
      expect(result.statuses, path).toEqual([408])
    }
  }, 30_000)

  it('closes connections beyond MAX_CONNECTIONS_PER_ADDRESS from one address at once, and takes new ones when others close', async () => {
    const capped = await buildTestApp({ seed: false, env: { MAX_CONNECTIONS_PER_ADDRESS: '3' } })
    try {
      await capped.app.listen({ port: 0, host: '127.0.0.1' })
      const cappedPort = (capped.app.server.address() as AddressInfo).port
      const open = await Promise.all(
        [1, 2, 3].map(
          () =>
            new Promise<net.Socket>((resolve) => {
              const socket = net.connect(cappedPort, '127.0.0.1', () => resolve(socket))
            }),
        ),
      )
      // Give the server the three 'connection' events before the fourth.
      await new Promise((resolve) => setTimeout(resolve, 100))
      const fourth = await rawExchange(
        cappedPort,
        (socket) => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'),
        { waitMs: 2000 },
      )
      expect(fourth.closed).toBe(true)
      expect(fourth.statuses).toEqual([])
      // The three held ones are served.
      const answered = await new Promise<string>((resolve) => {
        open[0]!.once('data', (chunk) => resolve(chunk.toString()))
        open[0]!.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')
      })
      expect(answered).toMatch(/^HTTP\/1\.1 200 /)
      for (const socket of open) socket.destroy()
      await new Promise((resolve) => setTimeout(resolve, 100))
      const later = await rawExchange(
        cappedPort,
        (socket) => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'),
        { responses: 1 },
      )
      expect(later.statuses).toEqual([200])
    } finally {
      await capped.close()
    }
  }, 120_000)
})

describe('NUL bytes and prototype names in the input', () => {
  it("refuses a NUL byte in a call's input with the bilingual 400, and reads a page address without it, never a 500", async () => {
    for (const url of [
      '/api/support/list/text?type=1&keyword=%00',
      '/api/search/list?keyword=a%00b&language=KOR',
      '/api/product/list?lang=%00',
      '/api/support/list/text?type=1&%00=1',
    ]) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toMatchObject({
        success: false,
        error: { code: 'BAD_REQUEST', message: '요청 값이 올바르지 않습니다.' },
      })
    }
    const en = await t.app.inject({ url: '/api/support/list/text?type=1&keyword=%00', headers: { cookie: 'lang=en' } })
    expect(en.json().error.message).toBe('The request values are not valid.')
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { id: 'nobody\u0000@example.com', password: 'x' },
    })
    expect(json.statusCode).toBe(400)
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=no%00body%40example.com&password=a',
    })
    expect(form.statusCode).toBe(400)

    // A page reads its address without the NUL: the search box shows the word without it.
    const page = await t.app.inject('/service/reference/catalog?search=a%00b')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('value="ab"')
    for (const url of ['/search/result?keyword=a%00b', '/terms/service%00', '/related-data?keyword=%00']) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBeLessThan(500)
    }
    const pageForm = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=no%00body%40example.com&password=a%00b',
    })
    expect(pageForm.statusCode).toBe(400)
  })

  it('answers 404 for /terms/__proto__, constructor and toString, and for such console text pages', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await t.app.inject(`/terms/${name}`)
      expect(res.statusCode, name).toBe(404)
      expect(res.body).toContain('페이지를 찾을 수 없습니다')
    }
    const staff = await enrolStaff(t.runtime.services, { username: 'proto-admin@example.com', role: 'admin' })
    for (const name of ['constructor', 'toString', '__proto__']) {
      const res = await t.app.inject({ url: `/admin/texts/${name}`, headers: { cookie: staff.cookie } })
      expect(res.statusCode, name).toBe(404)
    }
    const members = await t.app.inject({ url: '/admin/members?export=constructor', headers: { cookie: staff.cookie } })
    expect(members.statusCode).toBe(200)
  })

  it('reads a page path starting with two slashes as a path, not as another host (found by the fuzzer: a 500)', async () => {
    for (const url of ['//%E2%80%AE', '//evil.example/login', '//a?lang=en']) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body).toMatch(/페이지를 찾을 수 없습니다|Page not found/)
    }
  })
})

describe('a method a page does not take', () => {
  it('answers 405 with one info line of the request and no stack trace anywhere', async () => {
    const consoleError = vi.spyOn(console, 'error')
    const stderr = vi.spyOn(process.stderr, 'write')
    try {
      logLines.length = 0
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'] as const) {
        for (const url of ['/', '/company/introduction/info', '/related-data']) {
          const res = await t.app.inject({
            method,
            url,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'a=1',
          })
          expect(res.statusCode, `${method} ${url}`).toBe(405)
        }
      }
      const entries = logLines.map(
        (line) => JSON.parse(line) as { level: number; msg: string; res?: { statusCode: number } },
      )
      expect(
        entries.filter((e) => e.level >= 40),
        'nothing at warn or above',
      ).toEqual([])
      expect(logLines.join('\n')).not.toMatch(/"stack"|\n\s+at /)
      expect(entries.filter((e) => e.msg === 'request completed' && e.res?.statusCode === 405)).toHaveLength(15)
      expect(consoleError).not.toHaveBeenCalled()
      expect(stderr).not.toHaveBeenCalled()
    } finally {
      consoleError.mockRestore()
      stderr.mockRestore()
    }
  })
})
