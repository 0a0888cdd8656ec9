import { loadConfig } from '#server/config.ts'
import { createDatabase } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { clearUnsafeLinks, describeCleared } from '#server/services/link-cleanup.ts'
import type { Command } from '../command.ts'

export const migrate: Command = {
  name: 'migrate',
  summary:
    'Apply the database migrations and clear stored link values the link rule refuses, listing them (the server also does at start)',
  async run() {
    const config = loadConfig()
    const database = await createDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir })
    try {
      await database.migrate(migrationsFolder())
      console.log(`migrations applied (${database.driver})`)
      const cleared = await clearUnsafeLinks(database.db)
      for (const c of cleared) console.log(describeCleared(c))
      if (cleared.length > 0) console.log(`${cleared.length} unsafe link value(s) cleared (audited as link.cleared)`)
    } finally {
      await database.close()
    }
  },
}
