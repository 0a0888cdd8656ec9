import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isAnonymous } from '#server/http/anonymous.ts'
import { langOf } from '#server/http/page-lang.ts'
import { pickEncoding, type ResponseStore } from './response-store.ts'

/** Which answers of an API route may be kept: all of them, or those without a search word. */
export type KeptAnswers = 'always' | 'without-keyword'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request's answer may go into the response store. */
    responseCache: { key: string; generation: number; storable: boolean; stored?: Promise<void> } | null
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
  https: boolean
}

/** How long a request waits for another one making the same answer before it makes its own. */
const FLIGHT_WAIT_MS = 3000

/**
 * The page store and the kept API answers, served from the first `onRequest` hook, so a hit goes
 * through Fastify's pipeline like any answer: its headers, draining, metrics and access log
 * (docs/decisions/037-page-store-in-fastify.md). Keeping is opt-in: an API call whose description
 * says `kept` (server/api/index.ts), a page whose route says `handle = keptPage` (the page handoff
 * then marks its request `storable`, server/plugins/react-router.ts). Lookups only find what was
 * stored that way. Pages are keyed by language and address, for anonymous requests only.
 */
async function responseCache(app: FastifyInstance, opts: ResponseCacheOptions) {
  const { store, answers, https } = opts
  app.decorateRequest('responseCache', null)
  app.decorate('responseStore', store)

  /** The key of a GET whose answer may be kept, and the `lang` cookie a page's `?lang=` sets. */
  function keyOf(request: FastifyRequest): { key: string; setCookie: string | null } | null {
    if (request.method !== 'GET') return null
    const route = request.routeOptions.url
    const kept = route === undefined ? undefined : answers.get(route)
    if (kept) {
      if (kept === 'without-keyword' && String((request.query as Record<string, unknown>).keyword ?? '').trim() !== '')
        return null
      return { key: `api ${request.url}`, setCookie: null }
    }
    if (route !== '/*' || request.url.includes('.data') || !isAnonymous(request.headers)) return null
    const { lang, setCookie } = langOf(request.url, request.headers.cookie, https)
    return { key: `page ${lang} ${request.url}`, setCookie }
  }

  /** Sends the kept answer of the key, if there is one. */
  function sendKept(request: FastifyRequest, reply: FastifyReply, key: string, setCookie: string | null): boolean {
    const hit = store.get(key)
    if (!hit) return false
    const notModified = request.headers['if-none-match']?.includes(hit.etag) ?? false
    const encoding = notModified ? 'notModified' : pickEncoding(request.headers['accept-encoding'])
    reply.code(notModified ? 304 : 200).headers(hit.sent[encoding])
    if (setCookie) reply.header('set-cookie', setCookie)
    if (encoding === 'notModified') reply.send()
    else reply.send(hit[encoding])
    return true
  }

  app.addHook('onRequest', (request, reply, done) => {
    const found = keyOf(request)
    if (!found) return done()
    const { key, setCookie } = found
    if (sendKept(request, reply, key, setCookie)) return
    const miss = () => {
      const state: NonNullable<FastifyRequest['responseCache']> = {
        key,
        generation: store.generation(),
        storable: !key.startsWith('page '),
      }
      request.responseCache = state
      return state
    }
    const flight = store.join(key)
    if (flight && 'wait' in flight) {
      // Another request is making this answer: wait for it (a while at most), then send what it stored.
      let timer: NodeJS.Timeout | undefined
      void Promise.race([
        flight.wait,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, FLIGHT_WAIT_MS))),
      ]).then(() => {
        clearTimeout(timer)
        if (sendKept(request, reply, key, setCookie)) return
        miss()
        done()
      })
      return
    }
    const state = miss()
    // The one making it tells the waiting ones when it is stored, or that it will not be (a private
    // page, an error, a client that went away): the response's `close` comes in every case.
    if (flight)
      reply.raw.once('close', () => void (state.stored ?? Promise.resolve()).then(() => flight.lead(store.has(key))))
    done()
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    const state = request.responseCache
    if (state?.storable && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      if (!state.key.startsWith('page ')) reply.header('content-security-policy', app.scriptPolicy([]))
      state.stored = store.put(
        state.key,
        request.routeOptions.url ?? '',
        storedHeaders(reply.getHeaders()),
        payload,
        state.generation,
      )
      reply.header('x-cache', 'miss')
    }
    done(null, payload)
  })
}

/** Headers that belong to one response only, or that a hit sets itself. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'vary',
  'etag',
  'x-cache',
])

function storedHeaders(all: Record<string, number | string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return headers
}

export default fp(responseCache, { name: 'response-cache' })
