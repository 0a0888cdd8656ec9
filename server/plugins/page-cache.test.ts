import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '#shared/session-cookies.ts'
import { createPageCache, isCacheable } from './page-cache.ts'

const html = (headers: Record<string, string> = {}, status = 200) =>
  new Response('<p nonce="N1">x</p>', { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, method, headers }) as unknown as FastifyRequest

describe('page cache', () => {
  it('decides by the response alone: a 200 HTML page without cookies, private or no-store', () => {
    expect(isCacheable(html())).toBe(true)
    expect(isCacheable(html({ 'cache-control': 'private, no-store' }))).toBe(false)
    expect(isCacheable(html({ 'cache-control': 'no-store' }))).toBe(false)
    expect(isCacheable(html({ 'cache-control': 'private' }))).toBe(false)
    expect(isCacheable(html({ 'set-cookie': 'a=1' }))).toBe(false)
    expect(isCacheable(html({}, 404))).toBe(false)
    expect(isCacheable(new Response('{}', { headers: { 'content-type': 'application/json' } }))).toBe(false)
  })

  it('never stores a private page, whatever its path', () => {
    const cache = createPageCache()
    const key = cache.keyFor(request('/login'), 'ko')
    expect(key).toBe('ko /login')
    cache.set(key!, 'N1', html({ 'cache-control': 'private, no-store' }), '<p nonce="N1">x</p>')
    expect(cache.size()).toBe(0)
    expect(cache.get(key!, 'N2')).toBeNull()
    cache.set(key!, 'N1', html(), '<p nonce="N1">x</p>')
    expect(cache.get(key!, 'N2')?.body).toBe('<p nonce="N2">x</p>')
  })

  it('gives no key to members, API clients, posts and data requests', () => {
    const cache = createPageCache()
    expect(cache.keyFor(request('/', { cookie: `lang=en; ${SESSION_COOKIE}=abc` }), 'en')).toBeNull()
    expect(cache.keyFor(request('/', { authorization: 'Bearer abc' }), 'ko')).toBeNull()
    expect(cache.keyFor(request('/', {}, 'POST'), 'ko')).toBeNull()
    expect(cache.keyFor(request('/recruitment.data'), 'ko')).toBeNull()
    expect(cache.keyFor(request('/', { cookie: 'lang=en; member=1' }), 'en')).toBe('en /')
    // Staff: they preview drafts on the public pages.
    expect(cache.keyFor(request('/terms/service', { cookie: 'console_session=abc' }), 'ko')).toBeNull()
  })

  it('does not keep a page rendered before a clear (it may show what the change replaced)', () => {
    const cache = createPageCache()
    const key = cache.keyFor(request('/'), 'ko')!
    const renderedAt = cache.generation()
    cache.clear()
    cache.set(key, 'N1', html(), '<p nonce="N1">old</p>', renderedAt)
    expect(cache.size()).toBe(0)
    cache.set(key, 'N1', html(), '<p nonce="N1">new</p>', cache.generation())
    expect(cache.get(key, 'N2')?.body).toBe('<p nonce="N2">new</p>')
  })

  it('stands aside while the node cannot hear changes', () => {
    let live = false
    const cache = createPageCache({ usable: () => live })
    expect(cache.keyFor(request('/'), 'ko')).toBeNull()
    live = true
    expect(cache.keyFor(request('/'), 'ko')).toBe('ko /')
  })
})
