import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES_PREFIX, messagesFile } from '#shared/i18n/catalogs.server.ts'
import { IMMUTABLE } from './static-assets.ts'

/**
 * The message catalogues a page's browser fetches before it hydrates (docs/decisions/076-messages-as-an-asset.md).
 * Each address carries its content's hash, so a browser and the proxy keep it for a year; any other
 * name under the prefix is the site's 404.
 */
async function messagesFiles(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>(`${MESSAGES_PREFIX}:name`, async (request, reply) => {
    const json = messagesFile(request.params.name)
    if (json === undefined) return reply.callNotFound()
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', IMMUTABLE).send(json)
  })
}

export default fp(messagesFiles, { name: 'messages-files' })
