import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'

// The production build's log (docs/decisions/035-log-through-pino-transport.md): every line goes
// through pino's transport to standard output, whole, up to the last line before the process exits;
// at LOG_LEVEL=debug the kept answers' lines too (073: at info they are only counted in /metrics).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-server-log-'))
let server: ServerProcess | undefined
afterAll(async () => {
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

type Line = {
  level: number
  msg: string
  pid: number
  reqId?: string
  req?: { method: string; url: string; remoteAddress: string }
  res?: { statusCode: number }
}

describeEmbedded("the server's log", () => {
  it("writes a kept answer's line at debug as pino writes the others, and every line up to the exit", async () => {
    server = await startServer(dataDir, { SEED_DEMO: 'true', LOG_LEVEL: 'debug' })
    const page = `${server.base}/recruitment?utm=secret-campaign`
    expect((await fetch(page)).headers.get('x-cache')).toBe('miss')
    // Its compressed forms are made just after the first answer: then it is kept.
    await expect
      .poll(async () => (await fetch(page, { headers: { 'accept-encoding': 'br' } })).headers.get('x-cache'), {
        timeout: 10_000,
        interval: 50,
      })
      .toBe('hit')
    for (let i = 0; i < 20; i++) expect((await fetch(page)).headers.get('x-cache')).toBe('hit')
    expect(await server.stop()).toBe(0)

    const lines = server
      .output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line)
    const pages = lines.filter((line) => line.msg === 'request completed' && line.req?.url === '/recruitment')
    expect(pages.length).toBeGreaterThanOrEqual(22)
    for (const line of pages) {
      expect(line).toMatchObject({
        pid: server.pid,
        req: { method: 'GET', url: '/recruitment', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
      })
    }
    // The answers the page made at info, the 20 and more sent from the store at debug.
    expect(pages[0]!.level).toBe(30)
    expect(pages.filter((line) => line.level === 20).length).toBeGreaterThanOrEqual(20)
    expect(server.output()).not.toContain('secret-campaign')
    expect(lines.at(-1)).toMatchObject({ msg: 'shutdown: done', pid: server.pid })
  }, 120_000)
})
