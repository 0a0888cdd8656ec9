import type { FastifyRequest } from 'fastify'
import { hasConsoleCookie } from '#server/http/console-cookie.ts'
import { SESSION_COOKIE } from '#shared/session-cookies.ts'
import { readCookie } from '#shared/locales.ts'

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
 *
 * A published change clears it (server/app.ts subscribes to the change bus, on every node); a
 * page whose render began before the clear is not stored afterwards (the generation check), so a
 * render that read the old content cannot put it back. While `usable()` is false (the node is not
 * hearing changes: its LISTEN connection is being re-established) the cache stands aside.
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

export type PageCacheOptions = { ttlMs?: number; maxEntries?: number; usable?: () => boolean }

export function createPageCache({ ttlMs = 60_000, maxEntries = 500, usable = () => true }: PageCacheOptions = {}) {
  const entries = new Map<string, { page: CachedPage; expires: number }>()
  let generation = 0
  return {
    /**
     * The cache key for a request that may be served from or stored into the cache, else null.
     * Members (session cookie), API clients (Authorization) and staff (console cookie: they
     * preview drafts on the public pages and must see their own changes) always get a fresh render.
     */
    keyFor(request: FastifyRequest, lang: string): string | null {
      if (request.method !== 'GET' || !usable()) return null
      const cookie = request.headers.cookie
      if (request.headers.authorization || readCookie(cookie, SESSION_COOKIE) || hasConsoleCookie(cookie)) return null
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
    /** Changes at every clear: take it before rendering and hand it to `set`. */
    generation: () => generation,
    /**
     * Stores a rendered response when it is cacheable (see `isCacheable`) and no clear happened
     * since `renderedAt` (the generation taken before the render).
     */
    set(key: string, nonce: string, response: Response, body: string, renderedAt = generation): void {
      if (!isCacheable(response) || renderedAt !== generation) return
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      const headers: [string, string][] = []
      response.headers.forEach((value, name) => headers.push([name, value]))
      entries.set(key, { page: { body: body.split(nonce).join(NONCE_MARK), headers }, expires: Date.now() + ttlMs })
    },
    clear() {
      generation++
      entries.clear()
    },
    size: () => entries.size,
  }
}

export type PageCache = ReturnType<typeof createPageCache>
