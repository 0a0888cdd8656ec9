import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import type { LogThread } from './log-thread.ts'

/**
 * The access log of the front door's answers: one `request completed` line per answer, with the
 * URL logged without its query, the client's address, the status and the time taken.
 */
export type KeptAccessLine = (url: string, address: string | undefined, status: number, milliseconds: number) => void

/**
 * The access log of kept answers (docs/decisions/023-kept-answers.md): the same `request completed`
 * line pino writes for every other request (level, time, the logger's own fields such as pid and
 * hostname, `reqId` `kept-…`, `req` with method, path without query and address, `res`,
 * `responseTime`, `msg`). When the logger writes to the log's thread (the server's own logger,
 * server/app.ts), the thread composes the line (docs/decisions/033-log-thread.md); any other
 * destination (tests) gets each line through the logger's `info`.
 */
export function keptAccessLog(log: FastifyBaseLogger): KeptAccessLine {
  const logger = log as pino.Logger & Record<symbol, unknown>
  const stream = logger[pino.symbols.streamSym] as Partial<LogThread> | undefined
  const bindings = logger[pino.symbols.chindingsSym]
  const enabled = () => typeof logger.isLevelEnabled !== 'function' || logger.isLevelEnabled('info')
  if (stream?.kept && stream.prefix && typeof bindings === 'string') {
    const thread = stream as LogThread
    thread.prefix(bindings)
    return (url, ip, status, milliseconds) => {
      if (enabled()) thread.kept(url, ip, status, milliseconds)
    }
  }
  let sent = 0
  return (url, ip, statusCode, responseTime) => {
    if (!enabled()) return
    // Shaped as a request for the logger's `req` serializer (server/app.ts), which drops the query.
    const req = { method: 'GET', url, ip: ip ?? '' }
    log.info({ reqId: `kept-${(sent++).toString(36)}`, req, res: { statusCode }, responseTime }, 'request completed')
  }
}
