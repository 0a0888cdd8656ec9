import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Readable } from 'node:stream'
import { requestLang } from '#server/api/errors.ts'
import { PING_TIMEOUT_MS } from '#server/api/health.ts'
import { within } from '#server/http/within.ts'
import { safeError } from '#server/services/safe-error.ts'
import { translate } from '#shared/i18n/messages.ts'
import type { Lang } from '#shared/locales.ts'

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** Why a page cannot be shown now: the database does not answer, or the node is too busy (load-shedding.ts). */
export type Notice = 'outage' | 'busy'

/** The page shown instead of a page that cannot be made now: both languages, the visitor's first; no script, no style. */
export function noticePage(lang: Lang, notice: Notice): string {
  const other: Lang = lang === 'ko' ? 'en' : 'ko'
  const section = (l: Lang) =>
    `<section lang="${l}"><h1>${escape(translate(l, `${notice}.title`))}</h1><p>${escape(translate(l, `${notice}.body`))}</p></section>`
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(translate(lang, `${notice}.title`))}</title></head><body><main>${section(lang)}${section(other)}</main></body></html>`
}

/**
 * The page a single-fetch data request (`/a/b.data?_routes=…`, `/_root.data` for `/`) loads for,
 * with the visitor's own query (`?lang=en`) and without React Router's.
 */
export function pageOfDataRequest(url: string): string | null {
  const [pathname = '', query = ''] = url.split(/\?(.*)/s, 2)
  if (!pathname.endsWith('.data')) return null
  const base = pathname.slice(0, -'.data'.length)
  const params = new URLSearchParams(query)
  params.delete('_routes')
  const search = params.toString()
  return `${base === '/_root' ? '/' : base}${search ? `?${search}` : ''}`
}

/**
 * The answer to a page request that cannot be served now, with `Retry-After: retryAfterS`: a 503
 * with the bilingual notice; for a single-fetch data request (client navigation, a form sent)
 * React Router's "load this document" instruction (204 with `X-Remix-Redirect` and
 * `X-Remix-Reload-Document`), so the browser opens the page itself and shows the notice (or the
 * page, once it can be made) rather than an error. Returns the body to send.
 */
export function unavailablePage(
  request: FastifyRequest,
  reply: FastifyReply,
  notice: Notice,
  retryAfterS: number,
): string | null {
  reply.header('retry-after', String(retryAfterS)).header('cache-control', 'no-store').removeHeader('content-length')
  const page = pageOfDataRequest(request.url)
  if (page) {
    reply
      .code(204)
      .removeHeader('content-type')
      .header('x-remix-redirect', page)
      .header('x-remix-status', '302')
      .header('x-remix-reload-document', 'true')
    return null
  }
  reply.code(503).header('content-type', 'text/html; charset=utf-8')
  return noticePage(requestLang(request), notice)
}

/**
 * A page that failed (500) while the database does not answer becomes the outage notice
 * (`unavailablePage`, Retry-After 10 s), so visitors and balancers see an outage, not a bug.
 * (The API's answer is the error handler's: server/plugins/errors.ts.) Registered before
 * compression, so the replacement is what gets compressed.
 */
/**
 * The log of database outages (issue 31): an outage is one error line when it starts (the first
 * request answered 503 for it, or the first failed readiness check) and one warning when the
 * readiness check sees the database again, with how long it lasted and how many requests were
 * answered 503 meanwhile; each of those requests is a `debug` line only.
 */
export type OutageLog = {
  /** A request answered 503 because the database did not answer. */
  failed(request: FastifyRequest, error: unknown): void
  /** The background readiness check's verdict (server/api/health.ts). */
  checked(up: boolean, error?: unknown): void
}

declare module 'fastify' {
  interface FastifyInstance {
    outageLog: OutageLog
  }
}

export function createOutageLog(log: FastifyInstance['log'], now: () => number = Date.now): OutageLog {
  let outage: { since: number; requests: number } | null = null
  const begin = (error: unknown) => {
    outage = { since: now(), requests: 0 }
    log.error(
      { err: safeError(error) },
      'database unavailable: requests that need it are answered 503 until it answers',
    )
  }
  return {
    failed(request, error) {
      if (!outage) begin(error)
      outage!.requests++
      request.log.debug({ err: safeError(error) }, 'database unavailable')
    },
    checked(up, error) {
      if (!up) {
        if (!outage) begin(error)
        return
      }
      if (!outage) return
      const seconds = Math.round((now() - outage.since) / 100) / 10
      log.warn(
        { outageSeconds: seconds, requestsAnswered503: outage.requests },
        `database available again: unavailable for ${seconds} s, ${outage.requests} requests answered 503`,
      )
      outage = null
    },
  }
}

async function databaseOutage(app: FastifyInstance) {
  app.decorate('outageLog', createOutageLog(app.log))
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 500 || request.url.startsWith('/api/')) return payload
    const page = pageOfDataRequest(request.url)
    if (!page && !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload
    try {
      await within(app.services.ping(), PING_TIMEOUT_MS)
      return payload // the database answers: a real error, shown as such
    } catch {
      // down: fall through
    }
    const stream = payload as Readable | null
    if (stream && typeof stream.destroy === 'function') stream.destroy()
    return unavailablePage(request, reply, 'outage', 10)
  })
}

export default fp(databaseOutage, { name: 'database-outage' })
