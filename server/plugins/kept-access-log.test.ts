import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { loggerOptions } from '#server/app.ts'
import { keptAccessLog } from './kept-access-log.ts'

/** The server's logger (its serializers) writing to memory: a destination other than the log thread (server/plugins/log-thread.test.ts). */
function memoryLogger(level = 'info') {
  const writes: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      writes.push(String(chunk))
      done()
    },
  })
  const { serializers } = loggerOptions(level, stream) as { serializers: pino.LoggerOptions['serializers'] }
  const logger = pino({ level, serializers }, stream)
  const lines = () => writes.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
  return { logger, lines }
}

describe('the access log of kept answers, on a destination other than the log thread', () => {
  it('writes pino\'s `request completed` line through the logger, without the query', async () => {
    const { logger, lines } = memoryLogger()
    const line = keptAccessLog(logger)
    line('/company?lang=en&utm=secret', '203.0.113.9', 200, 0.25)
    line('/"quoted"', undefined, 304, 0.5)
    await expect.poll(() => lines().length).toBe(2)
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, pid: process.pid, msg: 'request completed', reqId: 'kept-0', req: { method: 'GET', url: '/company', remoteAddress: '203.0.113.9' }, res: { statusCode: 200 }, responseTime: 0.25 }),
      expect.objectContaining({ reqId: 'kept-1', req: { method: 'GET', url: '/"quoted"', remoteAddress: '' }, res: { statusCode: 304 } }),
    ])
    expect(JSON.stringify(lines())).not.toContain('secret')
  })

  it('writes nothing below its level', async () => {
    const { logger, lines } = memoryLogger('warn')
    keptAccessLog(logger)('/', '127.0.0.1', 200, 1)
    logger.warn('only this')
    await expect.poll(() => lines().length).toBe(1)
    expect(lines()[0]).toMatchObject({ msg: 'only this' })
  })
})
