import type { AddressInfo } from 'node:net'
import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencies } from '#server/db/schema.ts'
import { SHARED_CACHE_SECONDS } from '#shared/cache-control.ts'
import { apiLogin, createMember } from '#tests/helpers/members.ts'
import { NGINX, startNginx, type Nginx } from '../../scripts/nginx.mjs'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The site behind the reference caching proxy (deploy/nginx/actuator.conf, docs/operations.md,
 * docs/decisions/038-caching-proxy.md): a kept page is served from nginx's cache, a publish reaches
 * it within the shared lifetime, and nothing private is ever kept. CI installs nginx; elsewhere the
 * suite is skipped when nginx is missing.
 */
if (!NGINX && process.env.CI)
  throw new Error('CI must install nginx (apt-get install nginx-light) for the caching-proxy test')

let t: Awaited<ReturnType<typeof buildTestApp>>
let proxy: Nginx

beforeAll(async () => {
  if (!NGINX) return
  t = await buildTestApp({ pages: true, env: { RESPONSE_CACHE_TTL_MS: '60000', TRUST_PROXY: 'true' } })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  proxy = await startNginx(`127.0.0.1:${(t.app.server.address() as AddressInfo).port}`)
}, 240_000)
afterAll(async () => {
  await proxy?.stop()
  await t?.close()
}, 60_000)

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${proxy.base}${path}`, { headers })
  return {
    status: res.status,
    cache: res.headers.get('x-proxy-cache'),
    cacheControl: res.headers.get('cache-control'),
    body: await res.text(),
  }
}

describe.skipIf(!NGINX)('behind the reference nginx', () => {
  it('serves a kept page from its cache, the same bytes, in both languages', async () => {
    for (const lang of ['ko', 'en']) {
      const headers = { cookie: `lang=${lang}` }
      const first = await get('/recruitment', headers)
      expect(first.status).toBe(200)
      expect(first.cacheControl).toContain(`s-maxage=${SHARED_CACHE_SECONDS}`)
      const second = await get('/recruitment', headers)
      expect(second.cache).toBe('HIT')
      expect(second.body).toBe(first.body)
      expect(second.body).toContain(`<html lang="${lang}"`)
    }
  })

  it('shows a published change within the shared lifetime', async () => {
    const page = '/company/introduction/agency'
    const [agency] = await t.runtime.database.db
      .select()
      .from(agencies)
      .orderBy(asc(agencies.type), asc(agencies.sort_order), asc(agencies.id))
      .limit(1)
    await get(page)
    expect((await get(page)).cache).toBe('HIT')
    const name = `프록시대리점${Date.now()}`
    await t.runtime.services.content.updateAgency(agency!.id, { name })
    const published = performance.now()
    let seen = await get(page)
    while (!seen.body.includes(name) && performance.now() - published < (SHARED_CACHE_SECONDS + 10) * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      seen = await get(page)
    }
    expect(seen.body).toContain(name)
    // The lifetime, one request that renews it in the background, and this test's polling.
    expect(performance.now() - published).toBeLessThan((SHARED_CACHE_SECONDS + 3) * 1000)
  }, 60_000)

  it('never keeps a private page, nor a kept page a member asked for', async () => {
    for (const url of ['/login', '/signup']) {
      await get(url)
      const again = await get(url)
      expect(again.cacheControl, url).toMatch(/private/)
      expect(again.cache, url).not.toBe('HIT')
    }
    const member = await createMember(t, { name: '프록시회원' })
    const cookie = ((await apiLogin(t.app, member.username, member.password)).cookie ?? [])
      .map((c) => c.split(';')[0])
      .join('; ')
    // The member asks first: their page is theirs, and the next visitor does not get it.
    const mine = await get('/company/introduction/place', { cookie })
    expect(mine.status).toBe(200)
    expect(mine.cache).toBe('BYPASS')
    expect(mine.cacheControl).toMatch(/private/)
    // Not written to the cache: the next visitor's copy is made for them.
    const stranger = await get('/company/introduction/place')
    expect(stranger.cache).not.toBe('HIT')
    expect(stranger.cacheControl).toContain('public')
    expect((await get('/company/introduction/place')).cache).toBe('HIT')
    expect((await get('/company/introduction/place', { cookie })).cache).toBe('BYPASS')
  })
})
