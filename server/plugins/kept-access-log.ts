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
 * Milliseconds to the microsecond, as text: `0.031`, `12.5`. A number's full digits
 * (`0.030655999995360617`) cost a double-to-text conversion per line; whole numbers below 2³¹
 * are V8's small integers, whose text it keeps.
 */
export function decimal(milliseconds: number): string {
  const micro = Math.round(milliseconds * 1000)
  if (!(micro >= 0 && micro < 2 ** 31)) return Number.isFinite(milliseconds) ? String(milliseconds) : 'null'
  const fraction = micro % 1000
  if (fraction === 0) return String(micro / 1000)
  const digits = String(fraction).padStart(3, '0')
  return `${(micro - fraction) / 1000}.${digits.endsWith('00') ? digits[0] : digits.endsWith('0') ? digits.slice(0, 2) : digits}`
}

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
  // The time of day as text, made once per millisecond (about 20 lines share one under load).
  let now = 0
  let nowText = '0'
  return {
    line(method, url, ip, status, milliseconds) {
      if (!logger.isLevelEnabled('info')) return
      const query = url.indexOf('?')
      const path = query < 0 ? url : url.slice(0, query)
      const time = Date.now()
      if (time !== now) nowText = String((now = time))
      const line =
        `{"level":30,"time":${nowText}${bindings},"reqId":"kept-${(sent++).toString(36)}",` +
        `"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(path)},"remoteAddress":${JSON.stringify(ip ?? '')}},` +
        `"res":{"statusCode":${status}},"responseTime":${decimal(milliseconds)},"msg":"request completed"}\n`
      lines.push(line)
      size += line.length
      if (size >= BLOCK) flush()
      else timer ??= setTimeout(flush, BLOCK_MS).unref()
    },
    flush,
  }
}
