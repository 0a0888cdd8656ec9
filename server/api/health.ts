import underPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'
import { within } from '#server/http/within.ts'

/** How often each node asks the database whether it answers (docs/decisions/036-health-on-the-main-port.md). */
export const READINESS_INTERVAL_MS = 2000
/** A ping that takes longer than this counts as an outage. */
export const PING_TIMEOUT_MS = 1000

/**
 * `/healthz`: the process is up (no database, nothing but the answer). `/readyz`: the database
 * answered its last check, so traffic may come; the check is `@fastify/under-pressure`'s health
 * check, run every 2 s whatever the traffic, so a probe reads a status and never waits for the
 * database, and an outage shows within 3 s. Neither is counted by load shedding
 * (server/plugins/load-shedding.ts) nor kept. Registered in a scope of their own: under-pressure's
 * hook sees these two routes only, and refuses nothing (pages that need the database answer their
 * own bilingual 503, server/plugins/database-outage.ts).
 */
export async function healthRoutes(app: FastifyInstance) {
  await app.register(underPressure, {
    // A failed check answers false rather than throwing, which under-pressure would log as an error
    // every 2 s: the outage is logged once, when it starts and when it ends (server/plugins/database-outage.ts).
    healthCheck: () =>
      within(app.services.ping(), PING_TIMEOUT_MS).then(
        () => {
          app.outageLog.checked(true)
          return true
        },
        (error: unknown) => {
          app.outageLog.checked(false, error)
          return false
        },
      ),
    healthCheckInterval: READINESS_INTERVAL_MS,
    pressureHandler: () => undefined,
  })
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' })
    if (!app.isUnderPressure()) return { status: 'ready' }
    request.log.warn(`readiness: the database did not answer its last check within ${PING_TIMEOUT_MS} ms`)
    return reply.status(503).send({ status: 'unavailable' })
  })
}
