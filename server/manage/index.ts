import { loadConfig } from '#server/config.ts'
import { COMMANDS as commands } from './commands/index.ts'
import { localIO } from './local-io.ts'
import { manageSocketPath, sendToServer } from './manage-socket.ts'

/**
 * The one command-line entry point of operations: `npm run manage -- <command> [options]`.
 * Every command reads the same configuration as the server (`server/config.ts`, environment).
 * With the embedded database (no DATABASE_URL), a server running on the same data directory runs
 * the command itself, through its manage socket (docs/decisions/045-commands-on-a-running-server.md):
 * the directory is opened by one process only. Otherwise the command opens it here.
 */
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
    const config = loadConfig({ ...process.env, SEED_DEMO: 'false' })
    const embedded = !config.DATABASE_URL && !config.pgliteDir.startsWith('memory://')
    const sent =
      embedded && !command.runsHere
        ? await sendToServer(manageSocketPath(config.dataDir), { command: name, args, cwd: process.cwd() })
        : null
    if (sent !== null) process.exitCode = sent
    else await command.run(args, localIO(command))
  } catch (error) {
    console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}
