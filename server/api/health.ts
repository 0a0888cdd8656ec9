import type { FastifyInstance } from 'fastify'
import { within } from '#server/http/within.ts'

/** How long /readyz waits for the database: a balancer's probe must get its answer within a second. */
export const READY_DEADLINE_MS = 800

/** `/healthz`: the process is up. `/readyz`: the database answers (within 800 ms), so traffic may come. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' })
    try {
      await within(app.services.ping(), READY_DEADLINE_MS)
      return { status: 'ready' }
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed')
      return reply.status(503).send({ status: 'unavailable' })
    }
  })
}
