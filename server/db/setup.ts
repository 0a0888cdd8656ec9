import type { Config } from '#server/config.ts'
import { createDatabase, type Database } from './client.ts'
import { migrationsFolder } from './migrate.ts'
import { seedDemo } from './seed.ts'

/** Opens the configured database, applies migrations, and loads the demo content when empty. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'pgliteDir' | 'SEED_DEMO'>): Promise<Database> {
  const database = await createDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir })
  await database.migrate(migrationsFolder())
  if (config.SEED_DEMO) await seedDemo(database.db)
  return database
}
