import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { keptAccessLog } from './kept-access-log.ts'
import { logThread, type LogThread } from './log-thread.ts'

type Line = Record<string, unknown> & { msg: string }
const open: { thread: LogThread; fd: number; file: string }[] = []
/** A log thread writing to a new file, as the server's writes to standard output. */
function fileThread(capacity?: number) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-thread-')), 'log')
  const fd = fs.openSync(file, 'w')
  const thread = logThread({ fd, capacity })
  open.push({ thread, fd, file })
  const text = () => fs.readFileSync(file, 'utf8')
  const lines = () => text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line)
  return { thread, text, lines }
}
afterEach(async () => {
  for (const { thread, fd, file } of open.splice(0)) {
    await thread.end()
    fs.closeSync(fd)
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
  }
})

describe('the log thread', () => {
  it('writes pino\'s lines and the kept answers\' lines in the order they came, within moments or at once when flushed', async () => {
    const { thread, lines } = fileThread()
    const logger = pino({ level: 'info' }, thread)
    const kept = keptAccessLog(logger)
    logger.info({ n: 1 }, 'first')
    kept('/company?lang=en&utm=secret', '203.0.113.9', 200, 0.030655999995360617)
    kept('/"quoted"/\u00e9', undefined, 304, 12.5)
    logger.warn('한국어 줄')
    thread.flushSync()
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, pid: process.pid, n: 1, msg: 'first' }),
      expect.objectContaining({ level: 30, pid: process.pid, msg: 'request completed', reqId: 'kept-0', req: { method: 'GET', url: '/company', remoteAddress: '203.0.113.9' }, res: { statusCode: 200 }, responseTime: 0.031 }),
      expect.objectContaining({ reqId: 'kept-1', req: { method: 'GET', url: '/"quoted"/\u00e9', remoteAddress: '' }, res: { statusCode: 304 }, responseTime: 12.5 }),
      expect.objectContaining({ level: 40, msg: '한국어 줄' }),
    ])
    expect(Object.keys(lines()[1]!)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg'])
    expect(Math.abs(Number(lines()[1]!.time) - Date.now())).toBeLessThan(5000)

    // Left alone, a line is written within moments (the thread was asleep).
    await new Promise((resolve) => setTimeout(resolve, 100))
    kept('/later', '127.0.0.1', 200, 1)
    await expect.poll(() => lines().length, { timeout: 2000, interval: 10 }).toBe(5)
  })

  it('writes response times to the microsecond, as JSON numbers', () => {
    const { thread, text } = fileThread()
    const kept = keptAccessLog(pino({ level: 'info' }, thread))
    const cases: [number, string][] = [
      [0.030655999995360617, '0.031'], [0.25, '0.25'], [12.5, '12.5'], [1, '1'], [0, '0'], [0.0004, '0'], [0.0006, '0.001'],
      [1234.5678, '1234.568'], [0.1, '0.1'], [0.12, '0.12'], [0.005, '0.005'], [5e9, '5000000000'], [Number.NaN, 'null'],
    ]
    for (const [milliseconds] of cases) kept('/', '127.0.0.1', 200, milliseconds)
    thread.flushSync()
    expect([...text().matchAll(/"responseTime":([^,]+),/g)].map((m) => m[1])).toEqual(cases.map(([, written]) => written))
  })

  it('writes nothing for kept answers below its level', () => {
    const { thread, text } = fileThread()
    const logger = pino({ level: 'warn' }, thread)
    keptAccessLog(logger)('/', '127.0.0.1', 200, 1)
    logger.warn('only this')
    thread.flushSync()
    expect(text().split('\n').filter(Boolean).map((line) => JSON.parse(line).msg)).toEqual(['only this'])
  })

  it('across the end of its memory: keeps every text, drops kept answers it has no room for and says how many', () => {
    // 4 KB: about 60 kept answers' records, while the main thread gives it no turn.
    const { thread, lines } = fileThread(4096)
    const logger = pino({ level: 'info' }, thread)
    keptAccessLog(logger)
    const accepted: number[] = []
    for (let i = 0; i < 500; i++) {
      if (thread.kept(`/page/${i}`, '127.0.0.1', 200, 1)) accepted.push(i)
      if (i % 50 === 0) logger.info({ i }, 'text')
    }
    // A text waits for room; the count of the kept answers dropped before it follows it.
    logger.info('end')
    thread.flushSync()
    const written = lines()
    const pages = written.filter((line) => line.msg === 'request completed').map((line) => (line.req as { url: string }).url)
    expect(pages).toEqual(accepted.map((i) => `/page/${i}`))
    expect(accepted.length).toBeLessThan(500)
    expect(written.filter((line) => line.msg === 'text').map((line) => line.i)).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 400, 450])
    expect(written.filter((line) => line.level !== 40).at(-1)).toMatchObject({ msg: 'end' })
    const warned = written.filter((line) => line.level === 40)
    expect(warned.reduce((sum, line) => sum + Number(line.dropped), 0)).toBe(500 - accepted.length)
    expect(warned[0]).toMatchObject({ pid: process.pid, msg: 'log: lines dropped, the log thread fell behind' })
  })

  it('writes a line longer than its memory whole', () => {
    const { thread, lines } = fileThread(4096)
    const logger = pino({ level: 'info' }, thread)
    const long = '가'.repeat(3000) + '😀'.repeat(1000)
    logger.info({ long }, 'long')
    logger.info('next')
    thread.flushSync()
    expect(lines().map((line) => [line.msg, line.long])).toEqual([['long', long], ['next', undefined]])
  })

  it('while a full pipe holds the thread, drops lines at once after one short wait: the server does not wait on its log', async () => {
    // A reader that never reads: its pipe (64 KB) fills, and the thread's writes wait.
    const reader = spawn('sleep', ['60'], { stdio: ['pipe', 'ignore', 'ignore'] })
    const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd
    const thread = logThread({ fd, capacity: 4096 })
    try {
      const logger = pino({ level: 'info' }, thread)
      const filler = 'x'.repeat(1000)
      const started = performance.now()
      // 400 KB: more than the pipe and the ring hold. Each line waiting its 2 s would take minutes.
      for (let i = 0; i < 400; i++) logger.info({ filler }, 'filler')
      expect(performance.now() - started).toBeLessThan(3000)
    } finally {
      await thread.end()
      reader.kill()
    }
  })
})
