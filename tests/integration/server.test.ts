import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PING_TIMEOUT_MS, READINESS_INTERVAL_MS } from '#server/api/health.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp({ pages: true })
})
afterAll(async () => t?.close())

describe('health and readiness', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await t.app.inject('/healthz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })
  it('answers /readyz when the database answers', async () => {
    const res = await t.app.inject('/readyz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready' })
  })
})

describe('message catalogue', () => {
  /** The catalogue a page names (docs/decisions/076-messages-as-an-asset.md), and its answer. */
  async function catalogueOf(html: string) {
    const url =
      /<link rel="x-preload-after-load" as="fetch" crossorigin="anonymous" href="([^"]+)" data-messages=""/.exec(
        html,
      )?.[1]
    expect(url).toMatch(/^\/assets\/messages\/[\w.-]+\.json$/)
    return t.app.inject(url!)
  }

  it("is a file of its own in the page's language, kept for a year, without the console's namespaces on a public page", async () => {
    const home = await t.app.inject('/')
    expect(home.body).not.toContain('"nav.')
    const ko = await catalogueOf(home.body)
    expect(ko.statusCode).toBe(200)
    expect(ko.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(ko.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(ko.json()['nav.about']).toBe('회사소개')
    expect(Object.keys(ko.json()).filter((key) => /^(console|import)\./.test(key))).toEqual([])
    const en = await catalogueOf((await t.app.inject('/?lang=en')).body)
    expect(en.json()['nav.about']).toBe('About Us')
    const console = await catalogueOf((await t.app.inject('/admin/login')).body)
    expect(console.json()['console.title']).toBeTruthy()
    // Rendering a public page never shrinks the server's own catalogue.
    await t.app.inject('/')
    const { translate } = await import('#shared/i18n/messages.ts')
    expect(translate('ko', 'import.error.fileType')).toBe('CSV 또는 XLSX 파일만 가져올 수 있습니다.')
  })

  it('answers any other name under its address with the 404 page', async () => {
    for (const url of ['/assets/messages/public-ko.json', '/assets/messages/..%2Fko.json', '/assets/messages/']) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(404)
    }
  })
})

describe('not found', () => {
  it('answers a JSON 404 envelope for unknown /api paths, in the caller language', async () => {
    const ko = await t.app.inject('/api/no-such-call')
    expect(ko.statusCode).toBe(404)
    expect(ko.headers['content-type']).toMatch(/application\/json/)
    expect(ko.json()).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND', message: '요청한 항목을 찾을 수 없습니다.' },
    })
    const en = await t.app.inject({ url: '/api/no/such/call', headers: { cookie: 'lang=en' } })
    expect(en.json().error.message).toBe('The requested item was not found.')
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: { a: 1 } })
    expect(post.statusCode).toBe(404)
  })
  it('renders the bilingual 404 page for unknown pages inside the layout', async () => {
    const ko = await t.app.inject('/no/such/page')
    expect(ko.statusCode).toBe(404)
    expect(ko.headers['content-type']).toMatch(/text\/html/)
    expect(ko.body).toContain('페이지를 찾을 수 없습니다')
    expect(ko.body).toContain('site-header')
    const en = await t.app.inject('/no/such/page?lang=en')
    expect(en.statusCode).toBe(404)
    expect(en.body).toContain('Page not found')
    expect(en.body).toContain('<html lang="en"')
  })
})

describe('security headers', () => {
  // A page of its visitor's own (not kept): kept pages allow their scripts by hash (response-cache.test.ts).
  it('sends a nonce-based CSP whose nonce is the one on the inline scripts', async () => {
    const res = await t.app.inject('/login')
    const csp = String(res.headers['content-security-policy'])
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'self'")
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`)
  })
  it('sends a new nonce per response and the usual hardening headers', async () => {
    const a = await t.app.inject('/login')
    const b = await t.app.inject('/login')
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy'])
    expect(a.headers['x-content-type-options']).toBe('nosniff')
    expect(a.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(a.headers['permissions-policy']).toContain('camera=()')
    const api = await t.app.inject('/api/unknown')
    expect(api.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('compression and caching', () => {
  it('compresses HTML with brotli or gzip as the browser accepts', async () => {
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.headers['content-encoding']).toBe('br')
    const gz = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await t.app.inject({ url: '/' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('<!DOCTYPE html>')
  })
  it('serves hashed assets as immutable', async () => {
    const html = (await t.app.inject('/')).body
    const asset = /href="(\/assets\/[^"#]+\.css)#?"/.exec(html)?.[1]
    expect(asset).toBeTruthy()
    const res = await t.app.inject({ url: asset!, headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})

describe('hand-off to React Router', () => {
  it('passes form posts and JSON bodies through untouched (no 415, no consumed body)', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    })
    // The home route has no action: React Router itself answers 405, proving the body reached it.
    expect(form.statusCode).toBe(405)
    const json = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    })
    expect(json.statusCode).toBe(405)
  })
})

describe('language', () => {
  it('renders Korean by default, English with ?lang=en or the lang cookie', async () => {
    expect((await t.app.inject('/')).body).toContain('<html lang="ko"')
    const en = await t.app.inject('/?lang=en')
    expect(en.body).toContain('<html lang="en"')
    expect(en.body).toContain('Daehan Actuator Co., Ltd.')
    expect((await t.app.inject({ url: '/', headers: { cookie: 'lang=en' } })).body).toContain('<html lang="en"')
    expect((await t.app.inject({ url: '/?lang=ko', headers: { cookie: 'lang=en' } })).body).toContain('<html lang="ko"')
    expect((await t.app.inject({ url: '/?lang=xx' })).body).toContain('<html lang="ko"')
  })
  it('an explicit ?lang also sets the lang cookie, so the next pages stay in that language', async () => {
    const en = await t.app.inject('/?lang=en')
    expect(String(en.headers['set-cookie'])).toMatch(/^lang=en; Path=\/; Max-Age=31536000; SameSite=Lax/)
    const same = await t.app.inject({ url: '/?lang=en', headers: { cookie: 'lang=en' } })
    expect(same.headers['set-cookie']).toBeUndefined()
    const bad = await t.app.inject('/?lang=xx')
    expect(bad.headers['set-cookie']).toBeUndefined()
  })
  it('carries hreflang alternates and a canonical link', async () => {
    const body = (await t.app.inject('/?lang=en')).body
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/?lang=en"/>')
    expect(body).toContain('hrefLang="ko" href="http://localhost:3000/"')
    const ko = (await t.app.inject('/')).body
    expect(ko).toContain('<link rel="canonical" href="http://localhost:3000/"/>')
    expect(body).toContain('hrefLang="x-default" href="http://localhost:3000/"')
  })
})

describe('readiness when the database is gone', () => {
  it('answers 503 from /readyz once the next check finds it gone, and /healthz still 200', async () => {
    const other = await buildTestApp({ seed: true })
    expect((await other.app.inject('/readyz')).statusCode).toBe(200)
    await other.runtime.database.close()
    await expect
      .poll(async () => (await other.app.inject('/readyz')).statusCode, {
        timeout: READINESS_INTERVAL_MS + PING_TIMEOUT_MS + 2000,
        interval: 100,
      })
      .toBe(503)
    expect((await other.app.inject('/readyz')).json()).toEqual({ status: 'unavailable' })
    expect((await other.app.inject('/healthz')).statusCode).toBe(200)
    await other.app.close()
  })
})
