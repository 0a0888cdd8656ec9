import type { FastifyInstance } from 'fastify'
import { createReadiness } from './readiness.ts'

/** How long /readyz waits for the database: a balancer's probe must get its answer within a second. */
export const READY_DEADLINE_MS = 800

/**
 * `/healthz`: the process is up (no database, nothing but the answer). `/readyz`: the database
 * answers, so traffic may come; its ping is shared and at most once per 150 ms (`readiness.ts`),
 * and an unanswered ping is a 503 within 800 ms, so an outage shows within a second. Both are cheap enough to answer at once under load.
 */
export async function healthRoutes(app: FastifyInstance) {
  const readiness = createReadiness(() => app.services.ping(), { timeoutMs: READY_DEADLINE_MS })
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' })
    if (await readiness.check()) return { status: 'ready' }
    request.log.warn(`readiness check failed: the database did not answer within ${READY_DEADLINE_MS} ms`)
    return reply.status(503).send({ status: 'unavailable' })
  })
}
