import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import { users } from '#server/db/schema.ts'
import { apiLogin, createMember } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp({ pages: true, checkAnswers: true, env: { RESPONSE_CACHE_TTL_MS: '60000' } })
})
afterAll(async () => t?.close())

/** A request, then the wait until its answer is stored (when it may be), so the next one can hit. */
const inject = async (options: string | InjectOptions) => {
  const res = await t.app.inject(options)
  await t.app.responseStore!.idle()
  return res
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('kept pages', () => {
  it('renders an anonymous page once; every visitor then gets the same bytes, whose inline scripts the CSP allows by hash', async () => {
    const first = await inject('/recruitment')
    expect(first.headers['x-cache']).toBe('miss')
    const second = await inject('/recruitment')
    expect(second.headers['x-cache']).toBe('hit')
    expect(second.statusCode).toBe(200)
    expect(second.headers['content-type']).toMatch(/text\/html/)
    expect(second.body).toBe(first.body)
    const csp = String(second.headers['content-security-policy'])
    expect(csp).toBe(String(first.headers['content-security-policy']))
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).not.toContain('nonce-')
    const scripts = inlineScripts(second.body)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(scriptSrc).toContain(sha256(script))
    // No leftover nonce attribute for a script the hash does not cover.
    expect(second.body).not.toMatch(/nonce="/)
    // The usual hardening headers come with the stored bytes.
    expect(second.headers['x-content-type-options']).toBe('nosniff')
    expect(second.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(second.headers['permissions-policy']).toContain('camera=()')
  })

  it('sends the stored brotli or gzip bytes as the client takes them, and 304 for an unchanged copy', async () => {
    const plain = await inject('/company/introduction/info')
    const br = await inject({ url: '/company/introduction/info', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['x-cache']).toBe('hit')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gz = await inject({ url: '/company/introduction/info', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length)
    const etag = String(br.headers.etag)
    expect(etag).toMatch(/^W\/"/)
    const unchanged = await inject({ url: '/company/introduction/info', headers: { 'if-none-match': etag } })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
  })

  it('keeps languages apart', async () => {
    await inject({ url: '/recruitment', headers: { cookie: 'lang=en' } })
    const en = await inject({ url: '/recruitment', headers: { cookie: 'lang=en' } })
    expect(en.headers['x-cache']).toBe('hit')
    expect(en.body).toContain('<html lang="en"')
    const ko = await inject('/recruitment')
    expect(ko.body).toContain('<html lang="ko"')
  })

  it('never stores or serves a page that depends on the visitor: each says private, no-store', async () => {
    const code = 'A'.repeat(43)
    const pages = [
      '/login',
      '/signup',
      `/confirm?username=a%40example.com&email_regist_code=${code}`,
      '/mypage',
      `/reset-password?token=${code}`,
    ]
    for (const url of pages) {
      for (const lang of ['ko', 'en']) {
        const headers = { cookie: `lang=${lang}` }
        const first = await inject({ url, headers })
        expect(first.statusCode, url).toBe(200)
        expect(first.headers['cache-control'], url).toMatch(/private/)
        expect(first.headers['cache-control'], url).toMatch(/no-store/)
        const second = await inject({ url, headers })
        expect(second.headers['x-cache'], url).toBeUndefined()
      }
    }
  })

  it('never keeps the restricted area: its pages and its redirect home say private, no-store', async () => {
    for (const url of ['/morgan', '/morgan/detail/ERP/E19-000001']) {
      for (const lang of ['ko', 'en']) {
        const headers = { cookie: `lang=${lang}` }
        const first = await inject({ url, headers })
        expect(first.statusCode, url).toBe(302)
        expect(first.headers['cache-control'], url).toBe('private, no-store')
        expect((await inject({ url, headers })).headers['x-cache'], url).toBeUndefined()
      }
    }
    const partner = await createMember(t)
    await t.runtime.database.db.update(users).set({ access_yn: 'Y' }).where(eq(users.id, partner.id))
    const cookie = ((await apiLogin(t.app, partner.username, partner.password)).cookie ?? [])
      .map((c) => c.split(';')[0])
      .join('; ')
    for (const url of ['/morgan', '/morgan?type=ERP&ord=19', '/morgan/detail/ERP/E19-000001']) {
      const res = await inject({ url, headers: { cookie } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('private, no-store')
      expect(res.headers['x-cache'], url).toBeUndefined()
    }
  })

  it('bypasses the cache for a request with the session cookie or Authorization', async () => {
    await inject('/recruitment')
    expect((await inject('/recruitment')).headers['x-cache']).toBe('hit')
    const member = await inject({ url: '/recruitment', headers: { cookie: `lang=ko; session=${'B'.repeat(43)}` } })
    expect(member.statusCode).toBe(200)
    expect(member.headers['x-cache']).toBeUndefined()
    const client = await inject({ url: '/recruitment', headers: { authorization: `Bearer ${'B'.repeat(43)}` } })
    expect(client.statusCode).toBe(200)
    expect(client.headers['x-cache']).toBeUndefined()
  })

  it('renders a page once for the requests that arrive together, which get the stored copy', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.app.inject('/company/introduction/management')))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200))
    expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1)
    expect(answers.filter((a) => a.headers['x-cache'] === 'hit')).toHaveLength(7)
    for (const answer of answers) expect(answer.body).toBe(answers[0]!.body)
    // A page that is never kept: after the first answer nobody waits for another.
    const logins = await Promise.all(Array.from({ length: 4 }, () => t.app.inject('/login')))
    expect(logins.map((a) => a.statusCode)).toEqual(Array(4).fill(200))
    const started = performance.now()
    await Promise.all(Array.from({ length: 4 }, () => t.app.inject('/login')))
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('never keeps pages for members, private pages, errors or cookie-setting responses', async () => {
    const member = await inject({ url: '/recruitment', headers: { cookie: 'session=abc' } })
    expect(member.headers['x-cache']).toBeUndefined()
    await inject('/login')
    expect((await inject('/login')).headers['x-cache']).toBeUndefined()
    await inject('/no-such-page')
    expect((await inject('/no-such-page')).headers['x-cache']).toBeUndefined()
    // An explicit ?lang still sets the cookie on a cached page.
    await inject('/terms/service?lang=en')
    const again = await inject('/terms/service?lang=en')
    expect(again.headers['x-cache']).toBe('hit')
    expect(String(again.headers['set-cookie'])).toContain('lang=en')
  })
})

describe('kept public API answers', () => {
  it('answers the product tree from memory, compressed, with the same data and no nonce in its CSP', async () => {
    const first = await inject('/api/product/list')
    expect(first.headers['x-cache']).toBe('miss')
    const hit = await inject({ url: '/api/product/list', headers: { 'accept-encoding': 'br' } })
    expect(hit.headers['x-cache']).toBe('hit')
    expect(hit.headers['content-type']).toMatch(/application\/json/)
    expect(JSON.parse(zlib.brotliDecompressSync(hit.rawPayload).toString())).toEqual(first.json())
    expect(String(hit.headers['content-security-policy'])).not.toContain('nonce-')
    // The copy the client holds is still the kept one: 304, as /api/docs lists for a kept call.
    const unchanged = await inject({ url: '/api/product/list', headers: { 'if-none-match': String(hit.headers.etag) } })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
  })

  it('keeps a document list without a search word, never one with a word, nor errors or member calls', async () => {
    const list = '/api/support/list/text?type=2&option_id_list=0&page=1&recordSize=5&pageSize=5'
    await inject(list)
    expect((await inject(list)).headers['x-cache']).toBe('hit')
    const searched = `${list}&keyword=TM`
    await inject(searched)
    expect((await inject(searched)).headers['x-cache']).toBeUndefined()
    await inject('/api/product/detail?info_id=999999')
    const missing = await inject('/api/product/detail?info_id=999999')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['x-cache']).toBe(undefined)
    await inject('/api/user')
    expect((await inject('/api/user')).headers['x-cache']).toBeUndefined()
  })

  it('answers anew once a change is published (the change bus clears the store)', async () => {
    await inject('/api/agency?type=1')
    const before = await inject('/api/agency?type=1')
    expect(before.headers['x-cache']).toBe('hit')
    const [agency] = (before.json() as { data: { id: number; name: string }[] }).data
    await t.runtime.services.content.updateAgency(agency!.id, { name: '바뀐대리점' })
    await expect.poll(async () => (await inject('/api/agency?type=1')).json().data[0].name).toBe('바뀐대리점')
  })
})
