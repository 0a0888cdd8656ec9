import { loadConfig } from '#server/config.ts'
import { createDatabase } from './client.ts'
import { migrationsFolder } from './migrate.ts'

const config = loadConfig()
const database = await createDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir })
await database.migrate(migrationsFolder())
await database.close()
console.log(`migrations applied (${database.driver})`)
