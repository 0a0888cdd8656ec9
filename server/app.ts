import http from 'node:http'
import type { DestinationStream } from 'pino'
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import type { RequestHandler } from 'react-router'
import { consoleImportRoutes } from '#server/api/console-import.ts'
import { consoleFileRoutes } from '#server/api/console-files.ts'
import { consoleUploadRoutes } from '#server/api/console-upload.ts'
import { healthRoutes } from '#server/api/health.ts'
import { apiRoutes, publicCalls } from '#server/api/index.ts'
import { mediaRoutes } from '#server/api/media.ts'
import { orderPackageRoutes } from '#server/api/order-package.ts'
import type { Config } from '#server/config.ts'
import type { SiteSettings } from '#server/db/schema.ts'
import compression from '#server/plugins/compression.ts'
import { limitConnectionsPerAddress } from '#server/plugins/connection-limits.ts'
import consoleHeaders from '#server/plugins/console-headers.ts'
import databaseOutage from '#server/plugins/database-outage.ts'
import errors, { isClientAbort } from '#server/plugins/errors.ts'
import { isDatabaseUnavailable } from '#server/db/unavailable.ts'
import loadShedding, { sheddingOptions } from '#server/plugins/load-shedding.ts'
import methods, { refuseConnect } from '#server/plugins/methods.ts'
import metrics from '#server/plugins/metrics.ts'
import originCheck from '#server/plugins/origin-check.ts'
import responseCache, { type KeptAnswers } from '#server/plugins/response-cache.ts'
import { createResponseStore, type ResponseStore } from '#server/plugins/response-store.ts'
import { reactRouterHandoff } from '#server/plugins/react-router.ts'
import security from '#server/plugins/security.ts'
import staticAssets from '#server/plugins/static-assets.ts'
import messagesFiles from '#server/plugins/messages-files.ts'
import type { Services } from '#server/services/index.ts'
import type { View } from '#server/services/published.ts'
import type { Lang } from '#shared/locales.ts'
import { safeError } from '#server/services/safe-error.ts'
import { readConsoleToken } from '#server/http/console-cookie.ts'
import { pageLang } from '#server/http/page-lang.ts'
import { JSON_BODY_LIMIT } from '#server/http/form-body.ts'

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    config: Config
    /** Set on SIGTERM: readiness fails and responses close their connections, so traffic moves away. */
    lifecycle: { draining: boolean }
  }
}

export type AppOptions = {
  config: Config
  services: Services
  /** React Router's request handler (production build or Vite dev server). */
  reactRouter?: RequestHandler
  /** Directory of built browser files (build/client). */
  clientDir?: string
  /** Registers extra plugins before the routes (the Vite dev middleware). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>
  logger?: FastifyServerOptions['logger']
}

/**
 * Personal data never reaches the logs: paths without their query values, no cookies or tokens
 * (the `req` and `res` serializers keep method, path, address and status, nothing else, so there are
 * no headers left to redact). Lines go to stdout through pino's own transport (`pino/file` in a
 * worker thread, docs/decisions/035-log-through-pino-transport.md), or to `stream` when given
 * (tests). One line per request (`request completed`, with method, path, status and time:
 * AccessLog below), not two; a kept page's or answer's only at `debug`.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const destination = stream
    ? { stream }
    : level === 'silent'
      ? {}
      : { transport: { target: 'pino/file', options: { destination: 1 } } }
  return {
    level,
    ...destination,
    serializers: {
      req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  }
}

/**
 * One access-log line per request, when it is answered (with the method and path), none on arrival. An
 * answer sent from the page store (`x-cache: hit`) is written at `debug`: `/metrics` counts those hits,
 * and the caching proxy in front keeps the per-hit log (docs/decisions/073-kept-hits-in-metrics.md).
 */
class AccessLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else if (reply.getHeader('x-cache') === 'hit') reply.log.debug(line, 'request completed')
    else reply.log.info(line, 'request completed')
  }
}

/**
 * The view of edited content a page shows (docs/decisions/015-content-publishing.md): a staff
 * member's `?preview=all` sees drafts, unpublished records and scheduled popups; everyone else the
 * content published in the page's language (docs/decisions/043-per-language-publishing.md). Asked once per request, and only by the pages that show edited content.
 */
function previewOf(services: Services, request: FastifyRequest, lang: Lang): () => Promise<View> {
  let answer: Promise<View> | undefined
  const published: View = { preview: false, lang }
  return () =>
    (answer ??= (async () => {
      const query = request.url.indexOf('?')
      // `?preview=all`; the terms page's `?preview=<version>` is its own (one draft version).
      if (query < 0 || new URLSearchParams(request.url.slice(query)).get('preview') !== 'all') return published
      const token = readConsoleToken(request.headers.cookie)
      return token && (await services.console.authenticate(token)) ? { preview: true, lang } : published
    })())
}

/**
 * The response store: on in production (60 s unless RESPONSE_CACHE_TTL_MS says otherwise), off
 * elsewhere unless set. Every published change (the change bus, heard by every node) clears it
 * whole: a change shows on lists, search results and the footer of other pages too, and rendering
 * a page again costs milliseconds (docs/decisions/018-change-bus.md). While this node is not
 * hearing changes (its LISTEN connection lost) the store stands aside.
 */
async function responseStoreFor(
  app: FastifyInstance,
  config: Config,
  services: Services,
): Promise<ResponseStore | undefined> {
  const ttlMs = config.RESPONSE_CACHE_TTL_MS ?? (config.isProduction ? 60_000 : 0)
  if (ttlMs <= 0) return undefined
  const store = createResponseStore({ ttlMs, usable: services.changes.live })
  const unsubscribe = services.changes.subscribe(() => store.clear())
  app.addHook('onClose', async () => unsubscribe())
  // Normally a few milliseconds; should LISTEN not answer, the node serves uncached meanwhile.
  await Promise.race([services.changes.ready(), new Promise((resolve) => setTimeout(resolve, 5000).unref())])
  return store
}

/** The public calls whose answers are kept in memory (`kept` in their descriptions), by route path. */
const keptAnswers = new Map<string, KeptAnswers>(
  publicCalls.flatMap((call) => (call.kept && !call.outsideApi ? [[`/api${call.path}`, call.kept] as const] : [])),
)

/** The HTTP server, with the timeouts of docs/decisions/025-connection-hardening.md. */
function httpServer(config: Config, listener: http.RequestListener): http.Server {
  const server = http.createServer(
    {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
      // Node checks every connection at this interval, so it follows the timeout down in tests.
      connectionsCheckingInterval: Math.min(1000, Math.floor(config.REQUEST_TIMEOUT_MS / 4)),
    },
    listener,
  )
  // A request must arrive whole within REQUEST_TIMEOUT_MS (a trickled body is cut off with 408).
  server.requestTimeout = config.REQUEST_TIMEOUT_MS
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS
  // A socket with no bytes either way for two minutes (a client that stopped reading).
  server.setTimeout(Math.max(120_000, 2 * config.REQUEST_TIMEOUT_MS))
  refuseConnect(server)
  return server
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, services } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    trustProxy: config.TRUST_PROXY,
    // Lets SIGTERM finish in-flight requests while idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: JSON_BODY_LIMIT,
    logController: new AccessLog(),
    serverFactory: (handler) => httpServer(config, handler),
  })
  limitConnectionsPerAddress(app, config.MAX_CONNECTIONS_PER_ADDRESS ?? (config.TRUST_PROXY ? 0 : 256))
  app.decorate('services', services)
  app.decorate('config', config)
  app.decorate('lifecycle', { draining: false })
  // Notes every route's methods as it is added: a method an address does not take is a 405 (issue 31).
  await app.register(methods)
  // Every answer sent while draining closes its connection: also those of requests that arrived before
  // the signal, whose idle keep-alive sockets would otherwise hold close() until their timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close')
  })
  // A client that closes its connection before its request is answered (a body cut off mid-way):
  // one line at info, with the method and path; never an error, never "database unavailable".
  app.addHook('onRequestAbort', async (request) => {
    request.log.info({ req: request }, 'request aborted by the client')
  })

  const https = config.SITE_URL.startsWith('https:')
  // First of the hooks that do work: a kept answer is sent before anything else runs.
  const store = await responseStoreFor(app, config, services)
  if (store) await app.register(responseCache, { store, answers: keptAnswers, https })
  await app.register(errors)
  await app.register(databaseOutage)
  // Before every route, so its request counter sees them all.
  if (config.METRICS_TOKEN) await app.register(metrics, { token: config.METRICS_TOKEN })
  await app.register(security, { https, dev: !config.isProduction && config.NODE_ENV === 'development' })
  await app.register(compression)
  await app.register(originCheck, { siteUrl: config.SITE_URL })
  await app.register(consoleHeaders)
  if (options.beforeRoutes) await options.beforeRoutes(app)
  await app.register(loadShedding, sheddingOptions(config))
  if (options.clientDir) await app.register(staticAssets, { root: options.clientDir })
  await app.register(messagesFiles)

  await app.register(healthRoutes)
  await app.register(apiRoutes, { prefix: '/api' })
  await app.register(mediaRoutes)
  await app.register(consoleUploadRoutes)
  await app.register(consoleFileRoutes)
  await app.register(consoleImportRoutes)
  await app.register(orderPackageRoutes)

  if (options.reactRouter) {
    await app.register(reactRouterHandoff, {
      handler: options.reactRouter,
      getLoadContext: (request, reply) => {
        const lang = pageLang(request, reply, https)
        const view = previewOf(services, request, lang)
        let settings: Promise<SiteSettings> | undefined
        return {
          services,
          lang,
          siteUrl: config.SITE_URL.replace(/\/$/, ''),
          cspNonce: reply.scriptNonce,
          clientIp: request.ip,
          config: { isProduction: config.isProduction },
          view,
          settings: () => (settings ??= view().then((v) => services.settings.get(v))),
          logError: (error, message) => {
            // A visitor who left mid-request, or a database outage (logged once per outage), is no page fault.
            if (isClientAbort(request, error)) request.log.debug('page request cut off by the client')
            else if (isDatabaseUnavailable(error)) app.outageLog.failed(request, error)
            else request.log.error({ err: safeError(error) }, message)
          },
        }
      },
    })
  }
  return app
}
