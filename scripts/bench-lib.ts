// Shared parts of the in-process benchmarks (scripts/bench-search.ts, scripts/bench-orders.ts, scripts/bench-lists.ts).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '#server/config.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { freshPostgres } from './fresh-database.mjs'

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const ms = (n: number) => Math.round(n * 10) / 10

/** `runs` calls of `fn` by `callers` concurrent loops (after 5 warm-up calls); latency percentiles of single calls. */
export async function measure(
  fn: () => Promise<unknown>,
  callers: number,
  runs: number,
  warmUp = 5,
): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < warmUp; i++) await fn()
  const times: number[] = []
  let left = runs
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (left-- > 0) {
        const start = performance.now()
        await fn()
        times.push(performance.now() - start)
      }
    }),
  )
  times.sort((a, b) => a - b)
  return { p50: ms(percentile(times, 50)), p99: ms(percentile(times, 99)) }
}

/** `--name value` of the command line, or undefined. */
export function argOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}

/**
 * The runtime a benchmark measures: the demo content on PGlite (`--dir`, else a temporary
 * directory) or, with `--postgres <admin url>`, on a fresh PostgreSQL database. `done()` closes
 * it and removes what it made (a `--dir` given is kept).
 */
export async function benchRuntime(
  args: string[],
  name: string,
): Promise<{
  runtime: Runtime
  /** Closes the runtime (unless `closed`: the caller did) and removes what it made. */
  done(closed?: boolean): Promise<void>
  /** The PostgreSQL database's address (undefined on PGlite). */
  databaseUrl: string | undefined
  /** The data directory (PGlite's files). */
  dataDir: string
}> {
  const adminUrl = argOf(args, 'postgres')
  const keptDir = argOf(args, 'dir')
  const pglDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `actuator-${name}-bench-`))
  const database = adminUrl ? await freshPostgres(adminUrl, `bench_${name}`) : null
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    DATA_DIR: pglDir,
    ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: undefined }),
  })
  const runtime = await createRuntime(config)
  return {
    runtime,
    databaseUrl: database?.url,
    dataDir: pglDir,
    async done(closed = false) {
      if (!closed) await runtime.close()
      await database?.drop()
      if (!keptDir) fs.rmSync(pglDir, { recursive: true, force: true })
    },
  }
}

/**
 * The production build (build/main.js) serving the database a bench runtime made (close that
 * runtime first: PGlite opens its directory once). Resolves when it answers /readyz; `stop()` ends it.
 * With `serve`, started as `npm run serve` starts it (scripts/serve.sh: the heap limit, semi-spaces
 * and malloc of docs/decisions/031-memory.md); else as `node build/main.js`, on Node's defaults.
 */
export async function serveBuild({
  dataDir,
  databaseUrl,
  serve = false,
}: {
  dataDir: string
  databaseUrl: string | undefined
  serve?: boolean
}): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = 4300 + (process.pid % 400)
  const base = `http://127.0.0.1:${port}`
  // PGlite unless this run is on PostgreSQL (an unset variable, not an empty one).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SHUTDOWN_DRAIN_MS: '0',
    DATABASE_URL: databaseUrl,
  }
  if (!databaseUrl) delete env.DATABASE_URL
  const [command, args] = serve ? ['sh', ['scripts/serve.sh']] : [process.execPath, ['build/main.js']]
  // serve.sh ends with `exec node`: the pid is the server's either way.
  const server = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] })
  const stop = async () => {
    server.kill('SIGTERM')
    await new Promise((r) => server.on('exit', r))
  }
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, pid: server.pid!, stop }
    } catch {
      // not listening yet
    }
    if (i > 480) {
      await stop()
      throw new Error('server did not become ready')
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}
