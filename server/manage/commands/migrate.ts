import { migrationsFolder } from '#server/db/migrate.ts'
import { clearUnsafeLinks, describeCleared } from '#server/services/link-cleanup.ts'
import type { Command } from '../command.ts'

export const migrate: Command = {
  name: 'migrate',
  initialises: true,
  summary:
    'Apply the database migrations and clear stored link values the link rule refuses, listing them (the server also does at start)',
  async run(_args, io) {
    // Opening the runtime applies them and clears what the link rule refuses; a running server did at its start.
    await io.withRuntime(async ({ database, clearedLinks }) => {
      await database.migrate(migrationsFolder())
      io.out(`migrations applied (${database.driver})`)
      const cleared = [...clearedLinks, ...(await clearUnsafeLinks(database.db))]
      for (const c of io.inServer ? cleared.slice(clearedLinks.length) : cleared) io.out(describeCleared(c))
      const count = io.inServer ? cleared.length - clearedLinks.length : cleared.length
      if (count > 0) io.out(`${count} unsafe link value(s) cleared (audited as link.cleared)`)
    })
  },
}
