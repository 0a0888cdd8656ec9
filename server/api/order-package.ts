import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { orderDetailQuery } from '#shared/api-schemas/restricted.ts'
import { ORDER_PACKAGE_PATH } from '#shared/order-package.ts'
import { orderSystemOf } from '#shared/order-rules.ts'
import { readSessionToken } from '#server/http/session-cookie.ts'
import { hasRestrictedAccess } from '#server/services/restricted/index.ts'
import { contentDisposition } from './downloads.ts'
import { notFound } from './errors.ts'

const params = z.object({ type: z.string(), workNo: orderDetailQuery.shape.ord_detail })

/**
 * `GET /morgan/package/{ERP|EPS}/{work number}`: the order package (docs/decisions/059-order-package.md),
 * a ZIP streamed as it is made. The restricted area's rules, on the server: anyone without access
 * (anonymous, a member without access_yn 'Y') is sent to / as the area's pages send them, before
 * anything of the request is looked at; a malformed or unknown order is the 404. Each download is
 * written to the access log. A Fastify route rather than a page's loader: a long download does not
 * hold one of the page slots of load shedding (stored files never do, ADR 027).
 */
export async function orderPackageRoutes(app: FastifyInstance) {
  const { members, orderPackage } = app.services

  app.get(
    `${ORDER_PACKAGE_PATH}/:type/:workNo`,
    // No HEAD twin: a HEAD would make (and log) a package nobody receives.
    { compress: false, exposeHeadRoute: false },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const user = await members.authenticate(readSessionToken(request.headers))
      if (!hasRestrictedAccess(user)) return reply.redirect('/', 302)
      const asked = params.safeParse(request.params)
      const system = orderSystemOf(asked.data?.type)
      if (!asked.success || !system) throw notFound()
      const pack = await orderPackage.open({ user, ip: request.ip }, system, asked.data.workNo)
      if (!pack) throw notFound()
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(pack.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(pack.stream)
    },
  )
}
