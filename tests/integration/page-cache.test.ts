import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '#server/db/schema.ts'
import { apiLogin, createMember } from '#tests/helpers/members.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp({ pages: true, env: { PAGE_CACHE_TTL_MS: '60000' } })
})
afterAll(async () => t?.close())

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1]

describe('page cache', () => {
  it('renders an anonymous page once, then serves it with a fresh nonce that matches its own CSP', async () => {
    const first = await t.app.inject('/recruitment')
    expect(first.headers['x-page-cache']).toBe('miss')
    const second = await t.app.inject('/recruitment')
    expect(second.headers['x-page-cache']).toBe('hit')
    expect(second.statusCode).toBe(200)
    expect(second.headers['content-type']).toMatch(/text\/html/)
    const nonce = nonceOf(second.headers['content-security-policy'])
    expect(nonce).toBeTruthy()
    expect(nonce).not.toBe(nonceOf(first.headers['content-security-policy']))
    const scripts = [...second.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`)
    // Same page otherwise.
    expect(second.body.replaceAll(nonce!, 'N')).toBe(first.body.replaceAll(nonceOf(first.headers['content-security-policy'])!, 'N'))
  })

  it('keeps languages apart', async () => {
    await t.app.inject({ url: '/recruitment', headers: { cookie: 'lang=en' } })
    const en = await t.app.inject({ url: '/recruitment', headers: { cookie: 'lang=en' } })
    expect(en.headers['x-page-cache']).toBe('hit')
    expect(en.body).toContain('<html lang="en"')
    const ko = await t.app.inject('/recruitment')
    expect(ko.body).toContain('<html lang="ko"')
  })

  it('never stores or serves a page that depends on the visitor: each says private, no-store', async () => {
    const code = 'A'.repeat(43)
    const pages = ['/login', '/signup', `/confirm?username=a%40example.com&email_regist_code=${code}`, '/mypage', `/reset-password?token=${code}`]
    for (const url of pages) {
      for (const lang of ['ko', 'en']) {
        const headers = { cookie: `lang=${lang}` }
        const first = await t.app.inject({ url, headers })
        expect(first.statusCode, url).toBe(200)
        expect(first.headers['cache-control'], url).toMatch(/private/)
        expect(first.headers['cache-control'], url).toMatch(/no-store/)
        const second = await t.app.inject({ url, headers })
        expect(second.headers['x-page-cache'], url).toBeUndefined()
      }
    }
  })

  it('never keeps the restricted area: its pages and its redirect home say private, no-store', async () => {
    for (const url of ['/morgan', '/morgan/detail/ERP/E19-000001']) {
      for (const lang of ['ko', 'en']) {
        const headers = { cookie: `lang=${lang}` }
        const first = await t.app.inject({ url, headers })
        expect(first.statusCode, url).toBe(302)
        expect(first.headers['cache-control'], url).toBe('private, no-store')
        expect((await t.app.inject({ url, headers })).headers['x-page-cache'], url).toBeUndefined()
      }
    }
    const partner = await createMember(t)
    await t.runtime.database.db.update(users).set({ access_yn: 'Y' }).where(eq(users.id, partner.id))
    const cookie = ((await apiLogin(t.app, partner.username, partner.password)).cookie ?? []).map((c) => c.split(';')[0]).join('; ')
    for (const url of ['/morgan', '/morgan?type=ERP&ord=2', '/morgan/detail/ERP/E19-000001']) {
      const res = await t.app.inject({ url, headers: { cookie } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('private, no-store')
      expect(res.headers['x-page-cache'], url).toBeUndefined()
    }
  })

  it('bypasses the cache for a request with the session cookie or Authorization', async () => {
    await t.app.inject('/recruitment')
    expect((await t.app.inject('/recruitment')).headers['x-page-cache']).toBe('hit')
    const member = await t.app.inject({ url: '/recruitment', headers: { cookie: `lang=ko; session=${'B'.repeat(43)}` } })
    expect(member.statusCode).toBe(200)
    expect(member.headers['x-page-cache']).toBeUndefined()
    const client = await t.app.inject({ url: '/recruitment', headers: { authorization: `Bearer ${'B'.repeat(43)}` } })
    expect(client.statusCode).toBe(200)
    expect(client.headers['x-page-cache']).toBeUndefined()
  })

  it('never caches for members, private pages, errors or cookie-setting responses', async () => {
    const member = await t.app.inject({ url: '/recruitment', headers: { cookie: 'session=abc' } })
    expect(member.headers['x-page-cache']).toBeUndefined()
    await t.app.inject('/login')
    expect((await t.app.inject('/login')).headers['x-page-cache']).toBeUndefined()
    await t.app.inject('/no-such-page')
    expect((await t.app.inject('/no-such-page')).headers['x-page-cache']).toBeUndefined()
    // An explicit ?lang still sets the cookie on a cached page.
    await t.app.inject('/terms/service?lang=en')
    const again = await t.app.inject('/terms/service?lang=en')
    expect(again.headers['x-page-cache']).toBe('hit')
    expect(String(again.headers['set-cookie'])).toContain('lang=en')
  })
})
