import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'

/** The access log of the front door's answers: `line` for each answer, `flush` when the app closes. */
export type KeptAccessLog = {
  line(method: string, url: string, address: string | undefined, status: number, milliseconds: number): void
  flush(): void
}

/** Lines are handed to the logger's destination in blocks of about this many characters… */
const BLOCK = 16_384
/** …or this long after the first line of a block, whichever comes first. */
const BLOCK_MS = 100

/**
 * The access log of kept answers (docs/decisions/023-kept-answers.md): the same `request completed`
 * line pino writes for every other request (level, time, the logger's own fields such as pid and
 * hostname, `reqId` `kept-…`, `req` with method, path without query and address, `res`,
 * `responseTime`, `msg`), composed as text and handed to the logger's destination in blocks of
 * about 16 KB (at most 100 ms late; and when the app closes). A pino call per line cost about 5 µs,
 * a tenth of what a kept answer costs in all; handing sonic-boom each event-loop turn's few lines
 * cost 2–3 µs a line, as it measures the length of its whole pending chunk at every write; in
 * blocks about 1 µs (`scripts/bench-limits.mjs`, "Access log"). A logger that is not pino's (tests
 * without a logger) gets each line through its own `info`.
 */
export function keptAccessLog(log: FastifyBaseLogger): KeptAccessLog {
  const logger = log as pino.Logger & Record<symbol, unknown>
  const stream = logger[pino.symbols.streamSym] as { write(text: string): unknown } | undefined
  const bindings = logger[pino.symbols.chindingsSym]
  let sent = 0
  if (!stream || typeof bindings !== 'string' || typeof logger.isLevelEnabled !== 'function') {
    return {
      line: (method, url, ip, statusCode, responseTime) =>
        log.info({ reqId: `kept-${(sent++).toString(36)}`, req: { method, url, ip }, res: { statusCode }, responseTime }, 'request completed'),
      flush() {},
    }
  }
  let lines: string[] = []
  let size = 0
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (lines.length === 0) return
    const text = lines.join('')
    lines = []
    size = 0
    stream.write(text)
  }
  return {
    line(method, url, ip, status, milliseconds) {
      if (!logger.isLevelEnabled('info')) return
      const query = url.indexOf('?')
      const path = query < 0 ? url : url.slice(0, query)
      const line =
        `{"level":30,"time":${Date.now()}${bindings},"reqId":"kept-${(sent++).toString(36)}",` +
        `"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(path)},"remoteAddress":${JSON.stringify(ip ?? '')}},` +
        `"res":{"statusCode":${status}},"responseTime":${milliseconds},"msg":"request completed"}\n`
      lines.push(line)
      size += line.length
      if (size >= BLOCK) flush()
      else timer ??= setTimeout(flush, BLOCK_MS).unref()
    },
    flush,
  }
}
