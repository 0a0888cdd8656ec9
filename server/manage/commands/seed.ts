import { loadConfig } from '#server/config.ts'
import { createDatabase } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { seedDemo } from '#server/seed/seed.ts'
import { storageFor } from '#server/services/files/storage-for.ts'
import type { Command } from '../command.ts'

export const seed: Command = {
  name: 'seed',
  summary: 'Load the demo content into an empty database; --reset restores the demo state',
  usage: '[--reset]',
  async run(args) {
    const reset = args.includes('--reset')
    const config = loadConfig()
    const database = await createDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir })
    try {
      await database.migrate(migrationsFolder())
      const result = await seedDemo({ db: database.db, storage: await storageFor(config) }, { reset })
      console.log(
        result === 'seeded'
          ? `demo content loaded${reset ? ' (reset)' : ''}`
          : 'database has content: nothing done (use --reset)',
      )
    } finally {
      await database.close()
    }
  },
}
