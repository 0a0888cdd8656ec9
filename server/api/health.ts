import type { FastifyInstance } from 'fastify'

/** `/healthz`: the process is up. `/readyz`: the database answers, so traffic may come. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' })
    try {
      await app.services.ping()
      return { status: 'ready' }
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed')
      return reply.status(503).send({ status: 'unavailable' })
    }
  })
}
