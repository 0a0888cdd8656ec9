import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { timingSafeEqual } from 'node:crypto'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * `GET /metrics` in Prometheus' text format (prom-client), for the operator's scraper only: it
 * answers with `Authorization: Bearer <METRICS_TOKEN>` and is the site's 404 otherwise (and when no
 * token is configured the route does not exist). Fields (docs/operations.md, "Metrics"):
 * - `http_requests_total`, `http_request_duration_seconds` by method, route pattern (`/api/product/list`,
 *   `/*` for pages, `(unmatched)`) and status;
 * - `response_cache_requests_total` by kind (`page` or `api`) and result (`hit` or `miss`), read from
 *   the answer's cache header (`x-cache`);
 * - `mail_outbox_pending`, `mail_outbox_oldest_pending_age_seconds`;
 * - `db_pool_connections` by state (`total`, `idle`, `waiting`; PostgreSQL only);
 * - `load_shedding_requests_total` by reason (`queue-full`, `queue-wait`, `event-loop`): pages and
 *   calls answered 503 at once by the admission cap; `load_shedding_work` by state (`in_flight`,
 *   `waiting`) (server/plugins/load-shedding.ts);
 * - the process's own (`process_*`, `nodejs_*`: memory, event-loop delay, GC).
 * A registry per app, so two apps in one process (tests) count apart.
 */
async function metrics(app: FastifyInstance, opts: { token: string }) {
  const register = new Registry()
  collectDefaultMetrics({ register })
  const labelNames = ['method', 'route', 'status_code'] as const
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern',
    labelNames,
    registers: [register],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  })
  const cache = new Counter({
    name: 'response_cache_requests_total',
    help: 'Cacheable requests by kind (page, api) and result (hit: served from memory)',
    labelNames: ['kind', 'result'],
    registers: [register],
  })
  const { services } = app
  // One query per scrape for both outbox gauges (collected side by side).
  let depth: ReturnType<typeof services.mail.depth> | undefined
  const outbox = () => (depth ??= services.mail.depth())
  new Gauge({
    name: 'mail_outbox_pending',
    help: 'Messages waiting in the mail outbox',
    registers: [register],
    async collect() {
      this.set((await outbox()).pending)
    },
  })
  new Gauge({
    name: 'mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest message waiting in the outbox (0 when none)',
    registers: [register],
    async collect() {
      const { oldest } = await outbox()
      this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0)
    },
  })
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total open, idle, requests waiting)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const stats = services.poolStats()
      if (!stats) return
      this.set({ state: 'total' }, stats.total)
      this.set({ state: 'idle' }, stats.idle)
      this.set({ state: 'waiting' }, stats.waiting)
    },
  })

  // Read at scrape time: the load-shedding plugin is registered after this one.
  const counted: Record<string, number> = {}
  new Counter({
    name: 'load_shedding_requests_total',
    help: 'Pages and API calls answered 503 by the admission cap, by reason',
    labelNames: ['reason'],
    registers: [register],
    collect() {
      for (const [reason, total] of Object.entries(app.loadShedding?.shed ?? {})) {
        this.inc({ reason }, total - (counted[reason] ?? 0))
        counted[reason] = total
      }
    },
  })
  new Gauge({
    name: 'load_shedding_work',
    help: 'Pages and API calls being made (in_flight) and waiting for a turn (waiting)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      if (!app.loadShedding) return
      this.set({ state: 'in_flight' }, app.loadShedding.inFlight())
      this.set({ state: 'waiting' }, app.loadShedding.waiting())
    },
  })

  const count = (method: string, route: string, status: number, seconds: number, cached: unknown) => {
    const labels = { method, route, status_code: String(status) }
    requests.inc(labels)
    duration.observe(labels, seconds)
    if (cached === 'hit' || cached === 'miss') cache.inc({ kind: route === '/*' ? 'page' : 'api', result: cached })
  }
  app.addHook('onResponse', async (request, reply) => {
    count(
      request.method,
      request.routeOptions.url ?? '(unmatched)',
      reply.statusCode,
      reply.elapsedTime / 1000,
      reply.getHeader('x-cache'),
    )
  })

  const expected = Buffer.from(`Bearer ${opts.token}`)
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.callNotFound()
    depth = undefined
    const body = await register.metrics()
    return reply.header('content-type', register.contentType).header('cache-control', 'no-store').send(body)
  })
}

export default fp(metrics, { name: 'metrics' })
