import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyServerOptions } from 'fastify'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'
import { ensureBuild } from './build.ts'
import { checkAnswers } from './openapi-check.ts'
import { freshDatabase } from './seeded-template.ts'

const BUILD = path.resolve('build/server/index.js')

export type TestAppOptions = {
  /** Load the demo content (default true). */
  seed?: boolean
  /** Hand pages to the production React Router build (built first when missing or stale). */
  pages?: boolean
  clock?: () => Date
  /** Extra environment for the config (e.g. SMTP_URL, SITE_URL). */
  env?: Record<string, string>
  /** PostgreSQL only: the address the app uses for its fresh database (e.g. through a test proxy). */
  databaseUrl?: (url: string) => string
  /** Fastify's logger (default none), e.g. `{ level: 'info', stream }` to read what the app logs. */
  logger?: FastifyServerOptions['logger']
  /**
   * Check every `app.inject` answer of a public call against the app's OpenAPI description
   * (tests/helpers/openapi-check.ts): one that does not match fails the request's test.
   */
  checkAnswers?: boolean
}

/** The real app on a fresh database, for `app.inject` tests. Call `close()` in afterAll. */
export async function buildTestApp(options: TestAppOptions = {}) {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-test-files-'))
  // A copy of the worker's seeded template, unless the files go to S3 (the template's are local).
  const seeded = options.seed !== false && !options.env?.S3_BUCKET
  const { url, pgliteImage, drop } = await freshDatabase(seeded ? { seededFilesDir: filesDir } : {})
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory',
    LOG_LEVEL: 'silent',
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    ...(url ? { DATABASE_URL: options.databaseUrl ? options.databaseUrl(url) : url } : {}),
    ...options.env,
  })
  config.filesDir = filesDir
  config.outboxDir = path.join(filesDir, 'outbox')
  const runtime = await createRuntime(config, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(pgliteImage ? { pgliteImage } : {}),
  })
  let reactRouter
  if (options.pages) {
    await ensureBuild()
    const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild
    reactRouter = createRequestHandler(build, 'production')
  }
  const app = await buildApp({
    config,
    services: runtime.services,
    logger: options.logger ?? false,
    ...(reactRouter ? { reactRouter, clientDir: path.resolve('build/client') } : {}),
  })
  await app.ready()
  if (options.checkAnswers) checkAnswers(app)
  return {
    app,
    runtime,
    config,
    async close() {
      await app.close()
      await runtime.close()
      await drop()
      fs.rmSync(filesDir, { recursive: true, force: true })
    },
  }
}
