import { loadConfig } from '#server/config.ts'
import { createDatabase } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import type { Command } from '../command.ts'

export const migrate: Command = {
  name: 'migrate',
  summary: 'Apply the database migrations (the server also does at start)',
  async run() {
    const config = loadConfig()
    const database = await createDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir })
    try {
      await database.migrate(migrationsFolder())
      console.log(`migrations applied (${database.driver})`)
    } finally {
      await database.close()
    }
  },
}
