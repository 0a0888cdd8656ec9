import { loadConfig } from '#server/config.ts'
import { createDatabase } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { createLocalStorage } from '#server/services/files/storage.ts'
import { seedDemo } from './seed.ts'

// npm run db:seed [-- --reset]
const reset = process.argv.includes('--reset')
const config = loadConfig()
const database = await createDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir })
await database.migrate(migrationsFolder())
const result = await seedDemo({ db: database.db, storage: createLocalStorage(config.filesDir) }, { reset })
await database.close()
console.log(result === 'seeded' ? `demo content loaded${reset ? ' (reset)' : ''}` : 'database has content: nothing done (use --reset)')
