import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'

/**
 * The services on in-memory PGlite with the demo content, without the HTTP app, for one test file:
 * registers its `beforeAll`/`afterAll` and returns how to reach the runtime once it has started.
 */
export function memoryRuntimePerFile(name: string): () => Runtime {
  let runtime: Runtime | undefined
  let filesDir: string
  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), `actuator-${name}-`))
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory', LOG_LEVEL: 'silent' })
    config.filesDir = filesDir
    runtime = await createRuntime(config)
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
