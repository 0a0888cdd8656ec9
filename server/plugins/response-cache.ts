import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasConsoleCookie } from '#server/http/console-cookie.ts'
import { pageLang, requestPageLang } from '#server/http/page-lang.ts'
import { readCookie } from '#shared/locales.ts'
import { SESSION_COOKIE } from '#shared/session-cookies.ts'
import { pickEncoding, type ResponseStore, type StoredResponse } from './response-store.ts'

/** Which answers of a route may be kept: all of them, or those without a search word. */
export type KeptAnswers = 'always' | 'without-keyword'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request's answer may come from (or go into) the response store. */
    responseCache: { key: string; generation: number; storable: boolean } | null
  }
  interface FastifyInstance {
    /** The kept answers, when the store is on. */
    responseStore?: ResponseStore
  }
}

export type ResponseCacheOptions = {
  store: ResponseStore
  /** Public API routes (full route path, e.g. `/api/product/list`) whose answers are kept. */
  answers: Map<string, KeptAnswers>
  /** Whether React Router's pages are served here (the catch-all route `/*`). */
  pages: boolean
  https: boolean
}

/**
 * Serves kept answers before anything else runs (docs/decisions/023-kept-answers.md):
 * the first `onRequest` hook looks the request up and, on a hit, sends the stored bytes in the
 * encoding the client takes, with the headers stored beside them (the security headers
 * included), or a 304 when the client has them. On a miss the request goes on as usual and the
 * answer is stored on its way out when it may be: an API answer when it is a 200; a page when
 * the page route says so (`storable`, see react-router.ts), once it carries script hashes.
 *
 * Pages are kept per language; members (session cookie), API clients (Authorization) and staff
 * (console cookie: they preview drafts) always get a fresh render. Public API answers depend on
 * nothing of the caller and are kept for everyone.
 */
async function responseCache(app: FastifyInstance, opts: ResponseCacheOptions) {
  const { store, answers } = opts
  app.decorateRequest('responseCache', null)
  app.decorate('responseStore', store)

  app.addHook('onRequest', (request, reply, done) => {
    const key = keyOf(request, opts)
    if (key === null) return done()
    const hit = store.get(key)
    if (!hit) {
      request.responseCache = { key, generation: store.generation(), storable: !key.startsWith('page ') }
      return done()
    }
    if (key.startsWith('page ')) pageLang(request, reply, opts.https)
    serve(request, reply, hit)
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    const state = request.responseCache
    if (state?.storable && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      if (!state.key.startsWith('page ')) reply.header('content-security-policy', app.scriptPolicy([]))
      void store.put(state.key, storedHeaders(reply), payload, state.generation)
      reply.header('x-cache', 'miss')
    }
    done(null, payload)
  })

  function keyOf(request: FastifyRequest, { pages }: ResponseCacheOptions): string | null {
    if (request.method !== 'GET') return null
    const route = request.routeOptions.url
    if (route === undefined) return null
    const kept = answers.get(route)
    if (kept) {
      if (kept === 'without-keyword' && String((request.query as Record<string, unknown>).keyword ?? '').trim() !== '') return null
      return `api ${request.url}`
    }
    if (!pages || route !== '/*') return null
    const cookie = request.headers.cookie
    if (request.headers.authorization || readCookie(cookie, SESSION_COOKIE) || hasConsoleCookie(cookie)) return null
    // Single-fetch data requests (`/page.data`) are not pages.
    if (request.url.includes('.data')) return null
    return `page ${requestPageLang(request)} ${request.url}`
  }
}

function serve(request: FastifyRequest, reply: FastifyReply, hit: StoredResponse) {
  reply.headers(hit.headers)
  reply.header('etag', hit.etag)
  reply.header('vary', 'Accept-Encoding')
  reply.header('x-cache', 'hit')
  if (request.server.lifecycle.draining) reply.header('connection', 'close')
  if (request.headers['if-none-match']?.includes(hit.etag)) return reply.code(304).send()
  const encoding = pickEncoding(request.headers['accept-encoding'])
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  reply.send(hit[encoding])
}

/** Headers that belong to one response only, or that a hit sets itself. */
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'vary', 'etag', 'x-cache'])

function storedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_RESPONSE.has(name)) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return headers
}

export default fp(responseCache, { name: 'response-cache' })
