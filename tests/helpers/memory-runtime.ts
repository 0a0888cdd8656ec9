import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { freshDatabase } from './seeded-template.ts'

/**
 * The services on in-memory PGlite with the demo content, without the HTTP app, for one test file:
 * registers its `beforeAll`/`afterAll` and returns how to reach the runtime once it has started.
 */
export function memoryRuntimePerFile(name: string): () => Runtime {
  let runtime: Runtime | undefined
  let filesDir: string
  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), `actuator-${name}-`))
    // Always PGlite, whatever DATABASE_URL says: a copy of the worker's seeded template, which is
    // PGlite too unless DATABASE_URL is set (then this one migrates and seeds its own).
    const { pgliteImage } = process.env.DATABASE_URL ? {} : await freshDatabase({ seededFilesDir: filesDir })
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory', LOG_LEVEL: 'silent' })
    config.filesDir = filesDir
    runtime = await createRuntime(config, pgliteImage ? { pgliteImage } : {})
  }, 180_000) // PGlite start-up alone can take many seconds on a busy machine
  afterAll(async () => {
    await runtime?.close()
    fs.rmSync(filesDir, { recursive: true, force: true })
  })
  return () => {
    if (!runtime) throw new Error('the runtime has not started (use it inside a test)')
    return runtime
  }
}
