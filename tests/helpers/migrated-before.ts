import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDatabase, type Database } from '#server/db/client.ts'
import { migrationsFolder } from '#server/db/migrate.ts'
import { freshDatabase } from '#tests/helpers/seeded-template.ts'

/**
 * An empty database (PGlite, or PostgreSQL with DATABASE_URL) migrated up to, not including, the
 * migration `tag` begins with, as a database stood before it: a migration's test writes the old
 * rows, runs `database.migrate(migrationsFolder())`, and checks what it made of them.
 */
export async function databaseMigratedBefore(tag: string): Promise<{ database: Database; close(): Promise<void> }> {
  const fresh = await freshDatabase()
  const database = await createDatabase({ url: fresh.url, pgliteDir: 'memory://' })
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-migrations-'))
  fs.cpSync(migrationsFolder(), before, { recursive: true })
  const journalFile = path.join(before, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.filter((e) => e.tag < tag)
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  await database.migrate(before)
  return {
    database,
    async close() {
      await database.close()
      await fresh.drop()
      fs.rmSync(before, { recursive: true, force: true })
    },
  }
}
