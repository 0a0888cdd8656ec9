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
import { resolveConsoleKey } from '#server/services/console/console-key.ts'
import { describeCleared } from '#server/services/link-cleanup.ts'
import { safeError } from '#server/services/safe-error.ts'

const dev = process.argv.includes('--dev')
// NODE_ENV is set already (main.ts: development with --dev, else production unless given).
// The console key: CONSOLE_KEY, else on the embedded database `$DATA_DIR/console.key`, made once (ADR 046).
const { config, notices: keyNotices } = (() => {
  const loaded = loadConfig(process.env)
  try {
    return resolveConsoleKey(loaded)
  } catch (error) {
    // A key file that is not one, or that cannot be read or made: one clear line.
    console.error(`console key: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
})()
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

// Where the console key came from (made now, read, missing), before the listening line (ADR 046);
// and a key that does not open the stored secrets (a database restored without its key file, a
// changed CONSOLE_KEY).
for (const n of keyNotices) app.log[n.level](n.message)
const secrets = await runtime.services.console.unopenedSecrets().catch((err: unknown) => {
  app.log.error({ err: safeError(err) }, 'could not check the staff secrets against the console key')
  return { unopened: 0, total: 0 }
})
if (secrets.unopened > 0)
  app.log.error(
    `${secrets.unopened} of ${secrets.total} staff TOTP secrets do not open with the console key: those staff cannot sign in. Put back the key they were sealed with (CONSOLE_KEY or $DATA_DIR/console.key), or enrol them again (manage create-admin, new setup links)`,
  )
await app.listen({ host: config.HOST, port: config.PORT })
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
