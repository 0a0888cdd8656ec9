import path from 'node:path'
import type { Logger } from 'pino'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { DataDirLockedError } from '#server/db/client.ts'
import { COMMANDS } from '#server/manage/commands/index.ts'
import { manageSocketPath, serveManageSocket } from '#server/manage/manage-socket.ts'
import { createRuntime } from '#server/runtime.ts'
import { describeCleared } from '#server/services/link-cleanup.ts'

const dev = process.argv.includes('--dev')
// NODE_ENV is set already (main.ts: development with --dev, else production unless given).
const config = loadConfig(process.env)
const runtime = await createRuntime(config).catch((error: unknown) => {
  // Another process has the embedded database open: one clear line, no stack trace.
  if (!(error instanceof DataDirLockedError)) throw error
  console.error(error.message)
  process.exit(1)
})
const { services } = runtime

let app: Awaited<ReturnType<typeof buildApp>>
if (dev) {
  const { createServer } = await import('vite')
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  app = await buildApp({
    config,
    services,
    reactRouter: createRequestHandler(
      () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      'development',
    ),
    beforeRoutes: async (instance) => {
      await instance.register((await import('@fastify/middie')).default)
      instance.use(vite.middlewares)
    },
  })
} else {
  // Bundled beside build/server and build/client (build/main.js loads this as build/start.js).
  const here = path.dirname(fileURLToPath(import.meta.url))
  const build = (await import(pathToFileURL(path.join(here, 'server', 'index.js')).href)) as ServerBuild
  app = await buildApp({
    config,
    services,
    reactRouter: createRequestHandler(build, 'production'),
    clientDir: path.join(here, 'client'),
  })
}

await app.listen({ host: config.HOST, port: config.PORT })
if (!config.consoleKey)
  app.log.warn(
    'CONSOLE_KEY is not set: the console (/admin) is off; set it to 32 random bytes in base64 (openssl rand -base64 32)',
  )
// What the start-up clean-up cleared (each also in the audit log): docs/decisions/040-safe-link-schemes.md.
for (const c of runtime.clearedLinks) app.log.warn(`unsafe link value cleared: ${describeCleared(c)}`)
runtime.startWorkers(app.log)
// `npm run manage` on the same embedded database runs here (docs/decisions/045-commands-on-a-running-server.md).
const manageSocket =
  !config.DATABASE_URL && !config.pgliteDir.startsWith('memory://')
    ? await serveManageSocket(manageSocketPath(config.dataDir), { runtime, config, commands: COMMANDS }, app.log)
    : null

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: draining, then finishing in-flight requests')
  const force = setTimeout(() => {
    app.log.error('shutdown timed out: exiting')
    process.exit(1)
  }, config.SHUTDOWN_TIMEOUT_MS)
  force.unref()
  try {
    // Requests already on the wire (accepted but not yet read) would be reset by close():
    // keep serving them for the drain period while readiness fails and connections close.
    app.lifecycle.draining = true
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS))
    await app.close()
    app.log.info('shutdown: HTTP closed, closing the database and workers')
    await manageSocket?.close()
    await runtime.close()
    app.log.info('shutdown: done')
    // Every line handed to pino's transport written before the exit (its own exit hook only waits).
    // Fastify's logger type omits pino's flush, which the logger it made has.
    await new Promise<void>((resolve) => (app.log as unknown as Logger).flush(() => resolve()))
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'shutdown failed')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
