import { PGlite, type Transaction as PGliteTransactionClient } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { is, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite, PgliteTransaction } from 'drizzle-orm/pglite'
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import type { BackupMode } from './online-backup.ts'
import { listenPostgres, type ListenHandlers, type Listening } from './listen.ts'
import * as schema from './schema.ts'

export { DataDirLockedError } from './data-dir-lock.ts'

/**
 * The PGlite transaction under a drizzle transaction, for what drizzle cannot say (COPY from a
 * blob, the bulk load of a search reindex); null on PostgreSQL.
 */
export function pgliteTransactionOf(tx: unknown): PGliteTransactionClient | null {
  if (!is(tx, PgliteTransaction)) return null
  return (tx as unknown as { session: { client: PGliteTransactionClient } }).session.client
}

/** The two drivers share this type; a union of both breaks `.returning()`. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  driver: 'pglite' | 'postgres'
  /** Runs the migration folder against this database. */
  migrate(folder: string): Promise<void>
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>
  /**
   * LISTEN on `channel` (a plain lower-case name): PostgreSQL through a dedicated connection that
   * reconnects (listen.ts), PGlite through its own listen API. Close it before the database.
   */
  listen(channel: string, handlers: ListenHandlers): Listening
  /**
   * PGlite only: PostgreSQL's backup mode, in which its data directory's files may be copied while
   * the database is in use (online-backup.ts, docs/decisions/049-backups-without-a-stall.md). Null on
   * PostgreSQL (pg_dump) and in memory.
   */
  backupMode: BackupMode | null
  /**
   * PGlite in memory: an image of its data directory (PGlite's `dumpDataDir`), from which another
   * in-memory database starts as a copy (`DatabaseOptions.pgliteImage`). Null otherwise.
   */
  image: (() => Promise<Blob>) | null
  /** PostgreSQL: the pool's connections (open, idle, requests waiting for one); null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | null
  close(): Promise<void>
}

export type DatabaseOptions = {
  /** postgres:// URL; without it PGlite is used. */
  url?: string | undefined
  /**
   * PGlite directory, or `memory://`. A directory is locked while open (`data-dir-lock.ts`):
   * opening it in a second process throws `DataDirLockedError`.
   */
  pgliteDir: string
  /**
   * PGlite's buffer cache in MB (PostgreSQL's `shared_buffers`; 16 unless set). Its initdb writes
   * 128 MB, which the WebAssembly memory reserves at once: 16 MB cuts the process by about 120 MB
   * (the cache is resident from the start), and pages not in it come from the operating system's
   * file cache. 8 MB saves 8 MB more (docs/decisions/031-memory.md); it was not measured on
   * the large site-search fixture.
   */
  sharedBuffersMb?: number | undefined
  /**
   * PostgreSQL: the pool's connections (10 unless set). The server sizes it from its cap on pages
   * and calls in flight (server/runtime.ts), so an admitted request finds a connection.
   */
  poolSize?: number | undefined
  /**
   * PGlite in memory: start as a copy of this image (`Database.image`) instead of empty. The tests
   * copy one migrated and seeded database per worker rather than migrating and seeding per file.
   */
  pgliteImage?: Blob | undefined
}

export const PGLITE_SHARED_BUFFERS_MB = 16

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const url = options.url
    // An unreachable server fails a request within 2 s (connecting, or waiting for a pooled
    // connection) instead of letting it hang; dead connections are noticed by TCP keep-alive.
    // Under load nothing waits that long: the admission cap keeps the requests in flight below
    // the pool's size (docs/decisions/027-load-shedding.md).
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 2000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    // An idle connection that the server closes (restart, failover, a dropped test database) is
    // reported here; without a listener node-postgres throws it as an uncaught exception.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      driver: 'postgres',
      async migrate(folder) {
        const { migrate } = await import('drizzle-orm/node-postgres/migrator')
        await migrate(drizzlePg(pool), { migrationsFolder: folder })
      },
      ping: async () => void (await db.execute(sql`select 1`)),
      listen: (channel, handlers) => listenPostgres(url, channel, handlers),
      backupMode: null,
      image: null,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    }
  }
  const memory = options.pgliteDir.startsWith('memory://')
  if (!memory) fs.mkdirSync(options.pgliteDir, { recursive: true })
  const lock = memory ? null : await lockDataDir(options.pgliteDir)
  let client: PGlite
  try {
    if (!memory) await initdbInChild(options.pgliteDir)
    const sharedBuffers = `shared_buffers=${options.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB}MB`
    client = await PGlite.create(options.pgliteDir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', sharedBuffers],
      ...(memory && options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
    })
  } catch (error) {
    lock?.release()
    throw error
  }
  // The readiness ping goes straight to PGlite, ahead of the queries waiting their turn.
  const direct = client.query.bind(client)
  client.query = takingTurns(direct) as PGlite['query']
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    driver: 'pglite',
    async migrate(folder) {
      const { migrate } = await import('drizzle-orm/pglite/migrator')
      await migrate(drizzlePglite(client), { migrationsFolder: folder })
    },
    ping: async () => void (await direct('select 1')),
    poolStats: () => null,
    image: memory ? () => client.dumpDataDir('none') : null,
    backupMode: memory
      ? null
      : {
          start: async () => void (await client.query("select pg_backup_start('manage backup', true)")),
          stop: async () =>
            (await client.query<{ labelfile: string }>('select labelfile from pg_backup_stop(false)')).rows[0]!
              .labelfile,
        },
    listen(channel, handlers) {
      // One process has the database: notifications of its own commits arrive through PGlite's listener.
      const unlisten = client.listen(channel, handlers.onNotify).then((stop) => {
        handlers.onState(true)
        return stop
      })
      return {
        async close() {
          const stop = await unlisten.catch(() => null)
          if (!client.closed) await stop?.().catch(() => {})
        },
      }
    },
    async close() {
      try {
        await client.close()
      } finally {
        lock?.release()
      }
    },
  }
}

/**
 * A new data directory's cluster is made (PGlite's initdb) by a short-lived child process, which
 * then exits: made in the server's process, initdb's working memory stayed in it for good (a second
 * 189 MB WebAssembly memory while it ran, 700 MB resident at the peak, and 50–75 MB more of the
 * process's malloc heap kept afterwards, freed but not returned); docs/decisions/031-memory.md.
 * An existing cluster (PG_VERSION present) is opened as it is.
 */
async function initdbInChild(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  const script = `const m = await import(${JSON.stringify(pglite)}); await (await (m.PGlite ?? m.default.PGlite).create(process.argv[1])).close()`
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script, dir],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`creating the embedded database in ${dir} failed: ${stderr.trim() || error.message}`))
          : resolve(),
    ),
  )
}

/**
 * PGlite runs a query synchronously in WebAssembly and starts the next waiting one in the same
 * chain of promise callbacks: under load, every query waiting ran as one block of seconds, and
 * no socket was read meanwhile (a health probe waited 15 s). Here queries run one at a time with
 * a turn of the event loop before each, so requests, probes and the pages' rendering go on in
 * between (docs/decisions/025-connection-hardening.md). Transactions keep PGlite's own lock and run
 * their statements at once. The cost is one loop turn per query: microseconds.
 */
function takingTurns<A extends unknown[], R>(query: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let tail: Promise<unknown> = Promise.resolve()
  return (...args) => {
    const run = tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => query(...args))
    tail = run.catch(() => {})
    return run
  }
}
