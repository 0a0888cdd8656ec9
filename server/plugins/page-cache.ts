import type { FastifyRequest } from 'fastify'
import { readCookie } from '#shared/locales.ts'

/**
 * Rendered HTML of public pages, kept briefly per (language, URL): every anonymous visitor of a
 * language gets the same page (member-specific bits are filled in after hydration), so it is
 * rendered once and served from memory for `ttlMs`. The body is stored with its CSP nonce
 * replaced by a placeholder and stamped with each response's own nonce, so the nonce stays
 * unique per response. No ETag: a 304 would pair the stored body with a new CSP header.
 */
export type CachedPage = { body: string; headers: [string, string][] }

const NONCE_MARK = '\u0000nonce\u0000'
/** Pages whose HTML depends on the visitor or a one-time link. */
const PRIVATE_PATHS = /^\/(login|signup|confirm|mypage|reset-password|morgan)(\/|$)/

export function createPageCache({ ttlMs = 60_000, maxEntries = 500, sessionCookie = 'session' } = {}) {
  const entries = new Map<string, { page: CachedPage; expires: number }>()
  return {
    /** The cache key for a request that may be served from or stored into the cache, else null. */
    keyFor(request: FastifyRequest, lang: string): string | null {
      if (request.method !== 'GET') return null
      if (request.headers.authorization || readCookie(request.headers.cookie, sessionCookie)) return null
      const url = request.url
      if (PRIVATE_PATHS.test(url) || url.includes('.data')) return null
      return `${lang} ${url}`
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
    /** Stores a rendered 200 HTML response (never one that sets cookies or says private). */
    set(key: string, nonce: string, response: Response, body: string): void {
      if (response.status !== 200) return
      if (!response.headers.get('content-type')?.startsWith('text/html')) return
      if (response.headers.getSetCookie().length > 0) return
      if (/private|no-store/.test(response.headers.get('cache-control') ?? '')) return
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
