import type { FastifyInstance } from 'fastify'
import { createReadiness } from './readiness.ts'

/**
 * `/healthz`: the process is up (no database, nothing but the answer). `/readyz`: the database
 * answers, so traffic may come; its ping is shared and at most once a second (`readiness.ts`), and
 * an unanswered ping is a 503 within a second. Both are cheap enough to answer at once under load.
 */
export async function healthRoutes(app: FastifyInstance) {
  const readiness = createReadiness(() => app.services.ping())
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' })
    if (await readiness.check()) return { status: 'ready' }
    request.log.warn('readiness check failed: the database did not answer within a second')
    return reply.status(503).send({ status: 'unavailable' })
  })
}
