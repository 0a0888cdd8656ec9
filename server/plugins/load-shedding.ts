import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Socket } from 'node:net'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { errorBody, requestLang } from '#server/api/errors.ts'
import type { Config } from '#server/config.ts'
import { isSignedInWork } from '#server/http/signed-in-work.ts'
import { unavailablePage } from './database-outage.ts'

export type LoadSheddingOptions = {
  /** Pages and API answers made at once; 0 turns the plugin off. */
  maxInFlight: number
  /** Further slots only the signed-in and those signing in may use (server/http/signed-in-work.ts). */
  signedInSlots: number
  /** How many more may wait for a turn; the next is shed at once. */
  queueLength: number
  /** How long one may wait for its turn before it is shed. */
  queueWaitMs: number
  /** Median event-loop delay (in each of the last two half-seconds) above which new work is shed; 0: not measured. */
  maxEventLoopDelayMs: number
}

/** The plugin's options from the configuration (MAX_RENDERS_IN_FLIGHT, RENDER_QUEUE_*, SHED_EVENT_LOOP_DELAY_MS). */
export function sheddingOptions(config: Config): LoadSheddingOptions {
  return {
    maxInFlight: config.MAX_RENDERS_IN_FLIGHT,
    signedInSlots: config.SIGNED_IN_RENDERS,
    queueLength: config.RENDER_QUEUE_LENGTH,
    queueWaitMs: config.RENDER_QUEUE_WAIT_MS,
    maxEventLoopDelayMs: config.SHED_EVENT_LOOP_DELAY_MS,
  }
}

/** How soon a shed client may try again (seconds): the load that shed it passes in seconds. */
export const SHED_RETRY_AFTER_S = 2

/**
 * How long a connection whose request was shed is not read from: its next request waits that long
 * before it is even parsed. A client that ignores Retry-After and asks again at once (a retry loop,
 * a crawler, a load test) would otherwise keep the event loop busy with refusals, and every
 * connection that has a request ready adds to the wait of the next probe.
 */
export const SHED_PAUSE_MS = 1000

/** Why a request was shed, for the log line and `/metrics` (`http_requests_shed_total`). */
export type ShedReason = 'queue-full' | 'queue-wait' | 'event-loop'

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests shed so far by reason, and the work in flight and waiting now. */
    loadShedding: { shed: Record<ShedReason, number>; inFlight(): number; waiting(): number }
  }
}

/**
 * Work the node makes per request, which the cap governs: React Router's pages (the catch-all `/*`:
 * documents, data requests, form posts) and the API calls. Not governed, so never shed: `/healthz`,
 * `/readyz`, `/metrics`, static files, stored files and the console's uploads and imports, and kept
 * answers (the front door sends those before Fastify sees the request, the response store's first `onRequest` hook the rest, before this one runs).
 */
function governed(request: FastifyRequest): boolean {
  const route = request.routeOptions.url
  return route === '/*' || (route?.startsWith('/api/') ?? false)
}

/** A slot of the shared pool, or one of those kept for the signed-in. */
type Slot = 'shared' | 'signed-in'
type Waiter = { admit: (slot: Slot) => void; timer: NodeJS.Timeout }

/**
 * Admission control (docs/decisions/027-load-shedding.md): at most `maxInFlight` pages and API calls
 * are made at once, a short queue waits for a turn (first come, first served), and what cannot be
 * admitted — the queue full, a wait over `queueWaitMs`, or the event loop already late by more
 * than `maxEventLoopDelayMs` while work is in flight — is answered at once with 503 and
 * `Retry-After`: the bilingual "busy" page for a page (a data request is told to load the document,
 * as in an outage: database-outage.ts), the JSON error envelope for an API call; and that
 * connection is not read from for `SHED_PAUSE_MS`. So the event loop never holds more work than it
 * can turn over quickly, probes and kept answers are read at once, and the database pool (sized
 * from the cap, server/runtime.ts) has a connection for every admitted request.
 *
 * The signed-in and those signing in (server/http/signed-in-work.ts) also have `signedInSlots` of
 * their own, a line of their own served first, and are not shed for the loop's lateness, so a
 * spike of public traffic cannot refuse a login or a console save (docs/decisions/048-signed-in-share.md).
 *
 * Registered after the security headers (a shed answer carries them) and before the routes.
 */
async function loadShedding(app: FastifyInstance, opts: LoadSheddingOptions) {
  const shed: Record<ShedReason, number> = { 'queue-full': 0, 'queue-wait': 0, 'event-loop': 0 }
  const inFlight: Record<Slot, number> = { shared: 0, 'signed-in': 0 }
  // Two lines: the signed-in (and signing-in) line is served first by any slot that frees up.
  const queues = { public: [] as Waiter[], signedIn: [] as Waiter[] }
  const busy = () => inFlight.shared + inFlight['signed-in']
  const waiting = () => queues.public.length + queues.signedIn.length
  app.decorate('loadShedding', { shed, inFlight: busy, waiting })
  if (opts.maxInFlight <= 0) return

  let loopDelayMs = 0
  if (opts.maxEventLoopDelayMs > 0) {
    const RESOLUTION_MS = 10
    const SAMPLE_MS = 500
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
    histogram.enable()
    // Lateness that lasts: the median delay of a half second (not the mean, which one long block
    // lifts), and the lower of the last two half seconds, so a single block longer than a window
    // (a route's first render compiling its code) marks none late, while a loop late turn after
    // turn marks them all. The samples include the timer's own resolution; no sample at all means
    // the loop was blocked the whole window, as late as this timer itself.
    let sampledAt = performance.now()
    let previous = 0
    const sampler = setInterval(() => {
      const now = performance.now()
      const current =
        histogram.count > 0 ? Math.max(0, histogram.percentile(50) / 1e6 - RESOLUTION_MS) : now - sampledAt - SAMPLE_MS
      loopDelayMs = Math.min(current, previous)
      previous = current
      sampledAt = now
      histogram.reset()
    }, SAMPLE_MS)
    sampler.unref()
    app.addHook('onClose', async () => {
      clearInterval(sampler)
      histogram.disable()
    })
  }

  // One warning per 10 s while shedding (the access log has each 503), not a line per request.
  let reported = 0
  const reporter = setInterval(() => {
    const total = shed['queue-full'] + shed['queue-wait'] + shed['event-loop']
    if (total === reported) return
    app.log.warn(
      { shed: { ...shed }, inFlight: { ...inFlight }, waiting: waiting(), loopDelayMs: Math.round(loopDelayMs) },
      `load shedding: ${total - reported} pages and calls answered 503 in the last 10 s`,
    )
    reported = total
  }, 10_000)
  reporter.unref()
  app.addHook('onClose', async () => clearInterval(reporter))

  function release(slot: Slot) {
    // The slot passes to the first waiting request: a signed-in one first; a kept slot only to them.
    const next = queues.signedIn.shift() ?? (slot === 'shared' ? queues.public.shift() : undefined)
    if (!next) {
      inFlight[slot]--
      return
    }
    clearTimeout(next.timer)
    next.admit(slot)
  }

  /** Holds a slot until the answer is sent or the connection closes, whichever comes first. */
  function hold(reply: FastifyReply, slot: Slot) {
    let held = true
    const done = () => {
      if (!held) return
      held = false
      release(slot)
    }
    reply.raw.once('finish', done)
    reply.raw.once('close', done)
  }

  function refuse(request: FastifyRequest, reply: FastifyReply, reason: ShedReason) {
    shed[reason]++
    const socket = request.raw.socket
    // A real connection (not `inject`): not read from for a while once the 503 is sent.
    if (socket instanceof Socket) {
      reply.raw.once('finish', () => {
        if (socket.destroyed) return
        socket.pause()
        setTimeout(() => {
          if (!socket.destroyed) socket.resume()
        }, SHED_PAUSE_MS).unref()
      })
    }
    // A refused body is not read: the connection closes after the answer (as for an early 413).
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.raw.complete)
      reply.header('connection', 'close')
    if (request.url.startsWith('/api/')) {
      reply
        .code(503)
        .header('retry-after', String(SHED_RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send(errorBody(requestLang(request), 'SERVICE_UNAVAILABLE', 'api.busy'))
      return
    }
    reply.send(unavailablePage(request, reply, 'busy', SHED_RETRY_AFTER_S))
  }

  app.addHook('onRequest', (request, reply, done) => {
    if (!governed(request)) return done()
    const signedIn = opts.signedInSlots > 0 && isSignedInWork(request.url, request.headers)
    // A late loop sheds only what would be added to work in flight: with none, the lateness was
    // something else (a route's first render compiling its code, start-up) and one request is let in.
    // The signed-in are bounded by their own slots and line, not by the lateness public traffic makes.
    if (!signedIn && busy() > 0 && opts.maxEventLoopDelayMs > 0 && loopDelayMs > opts.maxEventLoopDelayMs)
      return refuse(request, reply, 'event-loop')
    const free: Slot | null =
      inFlight.shared < opts.maxInFlight
        ? 'shared'
        : signedIn && inFlight['signed-in'] < opts.signedInSlots
          ? 'signed-in'
          : null
    if (free) {
      inFlight[free]++
      hold(reply, free)
      return done()
    }
    const queue = signedIn ? queues.signedIn : queues.public
    if (queue.length >= opts.queueLength) return refuse(request, reply, 'queue-full')
    const waiter: Waiter = {
      admit: (slot) => {
        reply.raw.off('close', gone)
        hold(reply, slot)
        done()
      },
      timer: setTimeout(() => {
        remove()
        refuse(request, reply, 'queue-wait')
      }, opts.queueWaitMs),
    }
    const remove = () => {
      const at = queue.indexOf(waiter)
      if (at >= 0) queue.splice(at, 1)
      reply.raw.off('close', gone)
    }
    // A client that gave up while waiting leaves the queue.
    const gone = () => {
      clearTimeout(waiter.timer)
      remove()
    }
    reply.raw.once('close', gone)
    queue.push(waiter)
  })
}

export default fp(loadShedding, { name: 'load-shedding' })
