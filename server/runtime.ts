import type { Config } from '#server/config.ts'
import { createDatabase, type Database } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { seedDemo } from '#server/db/seed.ts'
import { createLocalStorage, type Storage } from '#server/services/files/storage.ts'
import { createServices, type Services } from '#server/services/index.ts'

export type Runtime = { database: Database; storage: Storage; services: Services; close(): Promise<void> }

/**
 * Everything the server needs, built once: the database (migrated, demo content loaded when
 * empty and SEED_DEMO is on), file storage, and the services. Used by the server, the CLIs
 * and the tests.
 */
export async function createRuntime(config: Config, options: { clock?: () => Date } = {}): Promise<Runtime> {
  const database = await createDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir })
  await database.migrate(migrationsFolder())
  const storage = createLocalStorage(config.filesDir)
  if (config.SEED_DEMO) await seedDemo({ db: database.db, storage })
  const services = createServices({ database, config, storage, clock: options.clock ?? (() => new Date()) })
  return { database, storage, services, close: () => database.close() }
}
