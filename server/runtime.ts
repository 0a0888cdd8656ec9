import type { Config } from '#server/config.ts'
import { createDatabase, type Database } from '#server/db/client.ts'
import { backupSocketPath, serveBackupSocket, type BackupSocket } from '#server/db/backup-socket.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { seedDemo } from '#server/seed/seed.ts'
import type { Storage } from '#server/services/files/storage.ts'
import { clearUnsafeLinks, type ClearedLink } from '#server/services/link-cleanup.ts'
import { storageFor } from '#server/services/files/storage-for.ts'
import { createServices, type Services } from '#server/services/index.ts'
import type { MailLogger } from '#server/services/mail/index.ts'
import { safeError } from '#server/services/safe-error.ts'

export type Runtime = {
  database: Database
  storage: Storage
  services: Services
  /** Stored link values the link rule refuses, cleared at start after the migrations (each audited). */
  clearedLinks: ClearedLink[]
  /**
   * Starts the background work of this node: with an embedded database on disk, the socket that
   * `manage backup` copies it through (server/db/backup-socket.ts); the mail sender loop, the hourly purge of expired
   * sessions, codes and counters, and the check each minute for terms taking effect. The server
   * calls it; tests call `mail.flush()` instead.
   */
  startWorkers(log: MailLogger): void
  close(): Promise<void>
}

/**
 * PostgreSQL connections: one for each page or call the admission cap lets in at once
 * (MAX_RENDERS_IN_FLIGHT and SIGNED_IN_RENDERS, server/plugins/load-shedding.ts) and two for what the cap does not
 * count (the readiness ping, the mail sender and purges, stored files, console imports), and never
 * fewer than 10. So an admitted request does not wait for a connection, and the pool's 2 s wait
 * only ever runs out when the database itself does not answer.
 */
export function poolSizeFor(config: Pick<Config, 'MAX_RENDERS_IN_FLIGHT' | 'SIGNED_IN_RENDERS'>): number {
  return Math.max(10, config.MAX_RENDERS_IN_FLIGHT + config.SIGNED_IN_RENDERS + 2)
}

/**
 * Everything the server needs, built once: the database (migrated, demo content loaded when
 * empty and SEED_DEMO is on), file storage, and the services. Used by the server, the CLIs
 * and the tests.
 */
export async function createRuntime(
  config: Config,
  options: { clock?: () => Date; pgliteImage?: Blob } = {},
): Promise<Runtime> {
  const database = await createDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    poolSize: poolSizeFor(config),
    pgliteImage: options.pgliteImage,
  })
  const storage = await storageFor(config)
  let clearedLinks: ClearedLink[]
  try {
    await database.migrate(migrationsFolder())
    if (config.SEED_DEMO) await seedDemo({ db: database.db, storage })
    clearedLinks = await clearUnsafeLinks(database.db, (options.clock ?? (() => new Date()))())
  } catch (error) {
    // Closed, so an embedded database's directory is not left locked by a process that goes on.
    await database.close().catch(() => {})
    throw error
  }
  const services = createServices({ database, config, storage, clock: options.clock ?? (() => new Date()) })
  let backupSocket: Promise<BackupSocket | null> | undefined
  let purgeTimer: NodeJS.Timeout | undefined
  let termsTimer: NodeJS.Timeout | undefined
  return {
    database,
    storage,
    services,
    clearedLinks,
    startWorkers(log) {
      if (database.backupMode) {
        backupSocket = serveBackupSocket(backupSocketPath(config.dataDir), database.backupMode, (err) =>
          log.error({ err: safeError(err) }, 'backup socket failed'),
        )
      }
      services.mail.start(log)
      const purge = () =>
        Promise.all([
          services.members.purgeExpired(),
          services.restricted.purgeOldLog(),
          services.console.purgeExpired(),
          services.serviceRetention.purgeExpired(),
        ]).catch((err: unknown) => log.error({ err: safeError(err) }, 'member purge failed'))
      purgeTimer = setInterval(purge, 60 * 60 * 1000)
      purgeTimer.unref()
      void purge()
      // A terms version scheduled for later takes effect without a write: within a minute, the
      // search index shows it and every node's page cache lets it through.
      const activate = () =>
        services.terms
          .activateDue()
          .catch((err: unknown) => log.error({ err: safeError(err) }, 'terms activation failed'))
      termsTimer = setInterval(activate, 60 * 1000)
      termsTimer.unref()
    },
    async close() {
      await (await backupSocket)?.close()
      if (purgeTimer) clearInterval(purgeTimer)
      if (termsTimer) clearInterval(termsTimer)
      await services.mail.stop()
      // Its LISTEN connection (or PGlite listener) before the database it listens on.
      await services.changes.close()
      await database.close()
    },
  }
}
