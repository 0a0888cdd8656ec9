import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Readable } from 'node:stream'
import { requestLang } from '#server/api/errors.ts'
import { READY_DEADLINE_MS } from '#server/api/health.ts'
import { within } from '#server/http/within.ts'
import { translate } from '#shared/i18n/messages.ts'
import type { Lang } from '#shared/locales.ts'

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The page shown while the database is down: both languages, the visitor's first; no script, no style. */
export function outagePage(lang: Lang): string {
  const other: Lang = lang === 'ko' ? 'en' : 'ko'
  const section = (l: Lang) => `<section lang="${l}"><h1>${escape(translate(l, 'outage.title'))}</h1><p>${escape(translate(l, 'outage.body'))}</p></section>`
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(translate(lang, 'outage.title'))}</title></head><body><main>${section(lang)}${section(other)}</main></body></html>`
}

/**
 * A page that failed (500) while the database does not answer becomes a 503 with a bilingual
 * "back shortly" page and Retry-After, so visitors and balancers see an outage, not a bug. (The
 * API's answer is the error handler's: server/plugins/errors.ts.) Registered before compression,
 * so the replacement is what gets compressed.
 */
async function databaseOutage(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 500 || request.url.startsWith('/api/')) return payload
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload
    try {
      await within(app.services.ping(), READY_DEADLINE_MS)
      return payload // the database answers: a real error, shown as such
    } catch {
      // down: fall through
    }
    const stream = payload as Readable | null
    if (stream && typeof stream.destroy === 'function') stream.destroy()
    reply.code(503).header('retry-after', '10').header('cache-control', 'no-store').header('content-type', 'text/html; charset=utf-8').removeHeader('content-length')
    return outagePage(requestLang(request))
  })
}

export default fp(databaseOutage, { name: 'database-outage' })
