import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { decimal, keptAccessLog } from './kept-access-log.ts'

/** A pino logger writing to memory, as the server's (`loggerOptions` in server/app.ts) writes to stdout. */
function memoryLogger(level = 'info') {
  const writes: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      writes.push(String(chunk))
      done()
    },
  })
  const logger = pino({ level }, stream)
  const lines = () => writes.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
  return { logger, writes, lines }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('the access log of kept answers', () => {
  it('writes pino\'s `request completed` line, without the query, in blocks: at 100 ms, when a block is full, or when flushed', async () => {
    const { logger, writes, lines } = memoryLogger()
    const log = keptAccessLog(logger)
    log.line('GET', '/company?lang=en&utm=secret', '203.0.113.9', 200, 0.25)
    log.line('GET', '/"quoted"', undefined, 304, 0.5)
    await settle()
    expect(writes).toEqual([])
    log.flush()
    await settle()
    expect(writes).toHaveLength(1)
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, pid: process.pid, msg: 'request completed', reqId: 'kept-0', req: { method: 'GET', url: '/company', remoteAddress: '203.0.113.9' }, res: { statusCode: 200 }, responseTime: 0.25 }),
      expect.objectContaining({ reqId: 'kept-1', req: { method: 'GET', url: '/"quoted"', remoteAddress: '' }, res: { statusCode: 304 } }),
    ])
    expect(writes.join('')).not.toContain('secret')

    // Left alone, a line goes out within 100 ms.
    log.line('GET', '/later', '127.0.0.1', 200, 1)
    await expect.poll(() => lines().length, { timeout: 1000, interval: 20 }).toBe(3)

    // A full block goes out at once, in one write.
    const before = writes.length
    for (let i = 0; i < 120; i++) log.line('GET', `/page/${i}`, '127.0.0.1', 200, 1)
    await settle()
    expect(writes.length).toBe(before + 1)
    log.flush()
    await settle()
    expect(lines()).toHaveLength(123)
    expect(lines().at(-1)).toMatchObject({ req: { url: '/page/119' } })
  })

  it('writes nothing below its level', async () => {
    const { logger, writes } = memoryLogger('warn')
    const log = keptAccessLog(logger)
    log.line('GET', '/', '127.0.0.1', 200, 1)
    log.flush()
    await settle()
    expect(writes).toEqual([])
  })
})

describe('decimal', () => {
  it('writes milliseconds to the microsecond, as JSON numbers', () => {
    const cases: [number, string][] = [
      [0.030655999995360617, '0.031'], [0.25, '0.25'], [12.5, '12.5'], [1, '1'], [0, '0'], [0.0004, '0'], [0.0006, '0.001'],
      [1234.5678, '1234.568'], [0.1, '0.1'], [0.12, '0.12'], [5e9, '5000000000'], [Number.NaN, 'null'],
    ]
    for (const [ms, text] of cases) {
      expect(decimal(ms), String(ms)).toBe(text)
      expect(JSON.parse(text)).toBe(Number.isNaN(ms) ? null : Math.round(ms * 1000) / 1000)
    }
  })
})
