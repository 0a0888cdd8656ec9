import type { Command } from './command.ts'
import { grantAccess, revokeAccess } from './commands/access.ts'
import { backup } from './commands/backup.ts'
import { createAdmin } from './commands/create-admin.ts'
import { importCommand } from './commands/import.ts'
import { importOrders } from './commands/import-orders.ts'
import { migrate } from './commands/migrate.ts'
import { reindex } from './commands/reindex.ts'
import { restore } from './commands/restore.ts'
import { seed } from './commands/seed.ts'

/**
 * The one command-line entry point of operations: `npm run manage -- <command> [options]`.
 * Every command reads the same configuration as the server (`server/config.ts`, environment).
 * With the embedded database (no DATABASE_URL), stop the server first: one process at a time
 * may open a PGlite data directory, and a command finding it open (`<dir>/.lock`, see
 * `server/db/data-dir-lock.ts`) exits 1 naming the process that has it.
 */
const commands: Command[] = [
  migrate,
  seed,
  reindex,
  importCommand,
  importOrders,
  grantAccess,
  revokeAccess,
  createAdmin,
  backup,
  restore,
]

function help(): void {
  const width = Math.max(...commands.map((c) => `${c.name} ${c.usage ?? ''}`.length))
  console.log('Usage: npm run manage -- <command> [options]\n\nCommands:')
  for (const c of commands) console.log(`  ${`${c.name} ${c.usage ?? ''}`.padEnd(width)}  ${c.summary}`)
  console.log(`  ${'help'.padEnd(width)}  This list`)
  console.log('\nConfiguration comes from the environment, as for the server (see README: DATABASE_URL, DATA_DIR, …).')
}

const [name, ...args] = process.argv.slice(2)
const command = commands.find((c) => c.name === name)
if (!name || name === 'help' || name === '--help' || name === '-h') {
  help()
} else if (!command) {
  console.error(`Unknown command: ${name}\n`)
  help()
  process.exitCode = 2
} else {
  try {
    await command.run(args)
  } catch (error) {
    console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}
