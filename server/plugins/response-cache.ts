import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { hasConsoleCookie } from '#server/http/console-cookie.ts'
import { langOf } from '#server/http/page-lang.ts'
import { readCookie } from '#shared/locales.ts'
import { SESSION_COOKIE } from '#shared/session-cookies.ts'
import { keptAccessLog } from './kept-access-log.ts'
import { pickEncoding, type ResponseStore } from './response-store.ts'

/** Which answers of a route may be kept: all of them, or those without a search word. */
export type KeptAnswers = 'always' | 'without-keyword'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request's answer may go into the response store. */
    responseCache: { key: string; generation: number; storable: boolean; stored?: Promise<void> } | null
  }
  interface FastifyInstance {
    /** The kept answers, when the store is on. */
    responseStore?: ResponseStore
    /** Told of every kept answer the front door sends (the metrics count them); absent when the store is off. */
    keptServed?: Set<(served: KeptServed) => void>
    /** Sends the kept answer of a raw request, if there is one (true), before Fastify sees it. */
    keptFrontDoor?: (req: IncomingMessage, res: ServerResponse) => boolean
  }
}

/** A kept answer that was sent: its route pattern, status and time, for the metrics. */
export type KeptServed = { route: string; status: number; seconds: number }

export type ResponseCacheOptions = {
  store: ResponseStore
  /** Public API routes (full route path, e.g. `/api/product/list`) whose answers are kept. */
  answers: Map<string, KeptAnswers>
  /** Whether React Router's pages are served here (the catch-all route `/*`). */
  pages: boolean
  https: boolean
}

/** How long a request waits for another one making the same answer before it makes its own. */
const FLIGHT_WAIT_MS = 3000

/** What a hit sends: status, the prepared headers (plus a `lang` cookie or `Connection: close`), the bytes. */
type KeptReply = { status: 200 | 304; headers: Readonly<Record<string, string>>; body: Buffer | null; route: string }

/**
 * The kept answer for a request, or null: the one decision both ways in use (the front door on the
 * raw request, the first `onRequest` hook for everything else) make. Only answers the miss path
 * stored can be found, so a key is simply looked up: `api <url>` for the public calls (kept for
 * everyone), `page <lang> <url>` for anonymous pages (no session, Authorization or console cookie:
 * members get their own render, staff preview drafts; single-fetch `.data` requests are not pages).
 */
function keptReply(store: ResponseStore, opts: ResponseCacheOptions, method: string | undefined, url: string, headers: IncomingHttpHeaders, draining: boolean): KeptReply | null {
  if (method !== 'GET' || store.size() === 0) return null
  let key: string
  let setCookie: string | null = null
  if (url.startsWith('/api/')) key = `api ${url}`
  else {
    const page = opts.pages ? pageKey(url, headers, opts.https) : null
    if (!page) return null
    ;({ key, setCookie } = page)
  }
  const hit = store.get(key)
  if (!hit) return null
  const notModified = headers['if-none-match']?.includes(hit.etag) ?? false
  const encoding = notModified ? 'notModified' : pickEncoding(headers['accept-encoding'])
  let sent = hit.sent[encoding]
  if (setCookie) sent = withHeader(sent, 'set-cookie', setCookie)
  if (draining) sent = { ...sent, connection: 'close' }
  return { status: notModified ? 304 : 200, headers: sent, body: encoding === 'notModified' ? null : hit[encoding], route: hit.route }
}

/**
 * The key of an anonymous page (per language) and the `lang` cookie it sets, or null: members
 * (session cookie), API clients (Authorization) and staff (console cookie: they preview drafts) get
 * their own render, and single-fetch `.data` requests are not pages.
 */
function pageKey(url: string, headers: IncomingHttpHeaders, https: boolean): { key: string; setCookie: string | null } | null {
  const cookie = headers.cookie
  if (headers.authorization || url.includes('.data') || readCookie(cookie, SESSION_COOKIE) || hasConsoleCookie(cookie)) return null
  const { lang, setCookie } = langOf(url, cookie, https)
  return { key: `page ${lang} ${url}`, setCookie }
}

/**
 * A prepared header set with one more header, made once per set and value (the `lang` cookie of a
 * `?lang=` address has two values): a fresh object per request cost a third of such a hit's time.
 */
const extended = new WeakMap<object, Map<string, Readonly<Record<string, string>>>>()
function withHeader(headers: Readonly<Record<string, string>>, name: string, value: string): Readonly<Record<string, string>> {
  let variants = extended.get(headers)
  if (!variants) extended.set(headers, (variants = new Map()))
  const key = `${name}\n${value}`
  let made = variants.get(key)
  if (!made) variants.set(key, (made = { ...headers, [name]: value }))
  return made
}

/**
 * Serves kept answers before anything else runs (docs/decisions/023-kept-answers.md), in two
 * places that share `keptReply`:
 * - the front door (`app.keptFrontDoor`, installed by server/app.ts as the HTTP server's request
 *   listener ahead of Fastify): a hit is written straight to the socket with its prepared headers,
 *   logged as one `request completed` line and counted for the metrics; a miss goes to Fastify;
 * - the first `onRequest` hook, for requests that reach Fastify otherwise (`inject`, a hit stored
 *   while the request was on its way).
 * On a miss the answer is stored on its way out when it may be: an API answer of a kept route when
 * it is a 200; a page when the page route says so (`storable`, see react-router.ts), once it carries
 * script hashes.
 */
async function responseCache(app: FastifyInstance, opts: ResponseCacheOptions) {
  const { store, answers } = opts
  const served = new Set<(served: KeptServed) => void>()
  app.decorateRequest('responseCache', null)
  app.decorate('responseStore', store)
  app.decorate('keptServed', served)

  app.addHook('onRequest', (request, reply, done) => {
    const kept = keptReply(store, opts, request.method, request.url, request.headers, app.lifecycle.draining)
    // Fastify's own hooks log and count this one.
    if (kept) {
      reply.code(kept.status).headers(kept.headers)
      return kept.body ? reply.send(kept.body) : reply.send()
    }
    const key = keyOf(request, opts)
    if (key === null) return done()
    const miss = () => {
      const state: NonNullable<FastifyRequest['responseCache']> = { key, generation: store.generation(), storable: !key.startsWith('page ') }
      request.responseCache = state
      return state
    }
    const flight = store.join(key)
    if (flight && 'wait' in flight) {
      // Another request is making this answer: wait for it (a while at most), then send what it stored.
      let timer: NodeJS.Timeout | undefined
      void Promise.race([flight.wait, new Promise<void>((resolve) => (timer = setTimeout(resolve, FLIGHT_WAIT_MS)))]).then(() => {
        clearTimeout(timer)
        const made = keptReply(store, opts, request.method, request.url, request.headers, app.lifecycle.draining)
        if (made) return void reply.code(made.status).headers(made.headers).send(made.body ?? undefined)
        miss()
        done()
      })
      return
    }
    const state = miss()
    // The one making it tells the waiting ones when it is stored, or that it will not be (a private
    // page, an error, a client that went away): the response's `close` comes in every case.
    if (flight) reply.raw.once('close', () => void (state.stored ?? Promise.resolve()).then(() => flight.lead(store.has(key))))
    done()
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    const state = request.responseCache
    if (state?.storable && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      if (!state.key.startsWith('page ')) reply.header('content-security-policy', app.scriptPolicy([]))
      state.stored = store.put(state.key, request.routeOptions.url ?? '', storedHeaders(reply.getHeaders()), payload, state.generation)
      reply.header('x-cache', 'miss')
    }
    done(null, payload)
  })

  /** The key a miss is stored under, when its route's answers may be kept (the same keys `keptReply` looks up). */
  function keyOf(request: FastifyRequest, { pages, https }: ResponseCacheOptions): string | null {
    if (request.method !== 'GET') return null
    const route = request.routeOptions.url
    if (route === undefined) return null
    const kept = answers.get(route)
    if (kept) {
      if (kept === 'without-keyword' && String((request.query as Record<string, unknown>).keyword ?? '').trim() !== '') return null
      return `api ${request.url}`
    }
    if (!pages || route !== '/*') return null
    return pageKey(request.url, request.headers, https)?.key ?? null
  }

  // The front door. Off once the app closes, so the last requests get Fastify's own 503.
  let open = true
  const accessLog = keptAccessLog(app.log)
  app.addHook('preClose', async () => {
    open = false
  })
  app.decorate('keptFrontDoor', (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!open) return false
    const started = performance.now()
    const kept = keptReply(store, opts, req.method, req.url ?? '/', req.headers, app.lifecycle.draining)
    if (!kept) return false
    res.writeHead(kept.status, kept.headers)
    res.end(kept.body ?? undefined)
    const seconds = (performance.now() - started) / 1000
    for (const listener of served) listener({ route: kept.route, status: kept.status, seconds })
    accessLog(req.url ?? '/', app.config.TRUST_PROXY ? forwardedFor(req) : req.socket.remoteAddress, kept.status, seconds * 1000)
    return true
  })
}

/** The client's address behind a trusted proxy: the first of `X-Forwarded-For` (as Fastify's `trustProxy: true`). */
function forwardedFor(req: IncomingMessage): string | undefined {
  const header = req.headers['x-forwarded-for']
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim()
  return first || req.socket.remoteAddress
}

/** Headers that belong to one response only, or that a hit sets itself. */
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'vary', 'etag', 'x-cache'])

function storedHeaders(all: Record<string, number | string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return headers
}

export default fp(responseCache, { name: 'response-cache' })
