import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** `/admin`, `/admin/…` and their single-fetch data requests (`/admin.data`, `/admin/staff.data`). */
export const isConsolePath = (url: string) => /^\/admin(?:[/.?]|$)/.test(url)

/**
 * Every console response, whatever answers it (pages, redirects, 404s, data requests, errors),
 * is kept by no cache and indexed by no search engine. Set last (onSend), so nothing overrides it.
 */
async function consoleHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isConsolePath(request.url)) {
      reply.header('cache-control', 'private, no-store')
      reply.header('x-robots-tag', 'noindex, nofollow')
    }
    return payload
  })
}

export default fp(consoleHeaders, { name: 'console-headers' })
