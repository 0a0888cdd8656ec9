import type { FastifyInstance } from 'fastify'
import { contentCalls, contentRoutes } from './content.ts'
import { downloadCalls, downloadRoutes } from './downloads.ts'
import { notFound } from './errors.ts'
import { investorCalls, investorRoutes } from './investors.ts'
import { mediaCalls } from './media.ts'
import { memberCalls } from './member-calls.ts'
import { memberRoutes } from './members.ts'
import { docsRoutes, type ApiCall } from './openapi.ts'
import { productCalls, productRoutes } from './products.ts'
import { restrictedCalls, restrictedRoutes } from './restricted.ts'
import { searchCalls, searchRoutes } from './search.ts'
import { supportCalls, supportRoutes } from './support.ts'
import { methodNotAllowed } from '#server/plugins/methods.ts'
import nulBytes from '#server/plugins/nul-bytes.ts'

/** Every public call, in the order the OpenAPI description lists them. */
export const publicCalls: ApiCall[] = [
  ...Object.values(productCalls),
  ...Object.values(contentCalls),
  ...Object.values(supportCalls),
  ...Object.values(investorCalls),
  ...Object.values(searchCalls),
  ...Object.values(downloadCalls),
  ...Object.values(mediaCalls),
  ...Object.values(memberCalls),
  ...Object.values(restrictedCalls),
]

/**
 * Everything under /api. Each area registers its route module here.
 * Unknown /api paths answer a JSON 404 rather than falling through to the page renderer; a known
 * path asked with a method it does not take, a 405 with `Allow`.
 */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(nulBytes)
  await app.register(productRoutes)
  await app.register(contentRoutes)
  await app.register(supportRoutes)
  await app.register(investorRoutes)
  await app.register(searchRoutes)
  await app.register(downloadRoutes)
  await app.register(memberRoutes)
  await app.register(restrictedRoutes)
  await app.register(docsRoutes, { calls: publicCalls })

  // An address of a call with another method: 405 naming the methods it takes (issue 31).
  // Answered on arrival, before a body is parsed (a PUT's body would otherwise be a 415 first).
  app.all(
    '/*',
    {
      onRequest: async (request, reply) => {
        const allow = app.allowedMethods(request.url.split('?')[0] ?? '/')
        if (allow.length > 0) return methodNotAllowed(request, reply, allow)
      },
    },
    async () => {
      throw notFound()
    },
  )
}
