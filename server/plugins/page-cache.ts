import type { FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '#shared/session-cookies.ts'
import { readCookie } from '#shared/locales.ts'
import { CONSOLE_COOKIE } from '#server/http/console-cookie.ts'

/**
 * Rendered HTML of public pages, kept briefly per (language, URL): every anonymous visitor of a
 * language gets the same page (member-specific bits are filled in after hydration), so it is
 * rendered once and served from memory for `ttlMs`. The body is stored with its CSP nonce
 * replaced by a placeholder and stamped with each response's own nonce, so the nonce stays
 * unique per response. No ETag: a 304 would pair the stored body with a new CSP header.
 *
 * Which pages are kept is the page's own word: one that depends on the visitor or on a one-time
 * link (login, sign-up, confirm, my page, reset, and any restricted page to come) answers
 * `Cache-Control: private, no-store` from its `headers` export and is never stored. The cache
 * keeps no list of such paths, which would go stale as routes change.
 */
export type CachedPage = { body: string; headers: [string, string][] }

const NONCE_MARK = '\u0000nonce\u0000'

/**
 * Whether a rendered response may be kept: a 200 HTML page that sets no cookie and does not say
 * `private` or `no-store`.
 */
export function isCacheable(response: Response): boolean {
  return (
    response.status === 200 &&
    Boolean(response.headers.get('content-type')?.startsWith('text/html')) &&
    response.headers.getSetCookie().length === 0 &&
    !/private|no-store/.test(response.headers.get('cache-control') ?? '')
  )
}

export function createPageCache({ ttlMs = 60_000, maxEntries = 500 } = {}) {
  const entries = new Map<string, { page: CachedPage; expires: number }>()
  return {
    /**
     * The cache key for a request that may be served from or stored into the cache, else null.
     * Members (session cookie), staff (console cookie) and API clients (Authorization) always get a fresh render.
     */
    keyFor(request: FastifyRequest, lang: string): string | null {
      if (request.method !== 'GET') return null
      if (request.headers.authorization || readCookie(request.headers.cookie, SESSION_COOKIE)) return null
      // Staff (a console cookie) may be previewing drafts: never served from or stored into the cache.
      if (readCookie(request.headers.cookie, CONSOLE_COOKIE)) return null
      // Single-fetch data requests (`/page.data`) are not pages.
      if (request.url.includes('.data')) return null
      return `${lang} ${request.url}`
    },
    get(key: string, nonce: string): CachedPage | null {
      const hit = entries.get(key)
      if (!hit) return null
      if (hit.expires < Date.now()) {
        entries.delete(key)
        return null
      }
      return { body: hit.page.body.split(NONCE_MARK).join(nonce), headers: hit.page.headers }
    },
    /** Stores a rendered response when it is cacheable (see `isCacheable`). */
    set(key: string, nonce: string, response: Response, body: string): void {
      if (!isCacheable(response)) return
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      const headers: [string, string][] = []
      response.headers.forEach((value, name) => headers.push([name, value]))
      entries.set(key, { page: { body: body.split(nonce).join(NONCE_MARK), headers }, expires: Date.now() + ttlMs })
    },
    clear: () => entries.clear(),
    size: () => entries.size,
  }
}

export type PageCache = ReturnType<typeof createPageCache>
