import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { loadConfig, type Config } from '#server/config.ts'
import { createDatabase } from '#server/db/client.ts'
import { createRuntime } from '#server/runtime.ts'
import { resolveConsoleKey } from '#server/services/console/console-key.ts'
import type { Command, CommandIO } from './command.ts'

/**
 * Why a command that expects the site's database finds none, or null: an embedded data directory
 * with no database (a mistyped DATA_DIR would otherwise get a new, empty one), or a PostgreSQL
 * database without the site's tables.
 */
async function missingSite(config: Config): Promise<string | null> {
  const look = 'check DATA_DIR and DATABASE_URL, or run `npm run manage -- migrate` to create a new, empty site'
  if (!config.DATABASE_URL) {
    const dir = config.pgliteDir
    const empty = !fs.existsSync(dir) || fs.readdirSync(dir).every((name) => name.startsWith('.'))
    return empty ? `no site database in ${dir} (DATA_DIR ${config.dataDir}): ${look}` : null
  }
  const database = await createDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolSize: 1 })
  try {
    const { rows } = (await database.db.execute(
      sql`select to_regclass('public.users') is not null as present`,
    )) as unknown as { rows: { present: boolean }[] }
    return rows[0]?.present ? null : `the database at DATABASE_URL has no site tables: ${look}`
  } finally {
    await database.close()
  }
}

/**
 * A command run in the operator's process: its own runtime (no demo seeding), with the console key
 * as the server would have it, output to the terminal. A command that expects an existing site refuses a data directory or database without
 * one, naming what it looked for; `migrate` and `seed` (`initialises`) create it.
 */
export function localIO(command: Pick<Command, 'initialises'>): CommandIO {
  return {
    async withRuntime(work) {
      const loaded = loadConfig({ ...process.env, SEED_DEMO: 'false' })
      if (!command.initialises) {
        const missing = await missingSite(loaded)
        if (missing) throw new Error(missing)
      }
      // The key file of the embedded database, read or made as the server does (ADR 046); what
      // the operator must know (a key just made, a rotation left unfinished) goes to stderr.
      const { config, origin, notices } = resolveConsoleKey(loaded)
      for (const n of notices) if (n.level === 'warn' && origin.kind !== 'missing') console.error(n.message)
      const runtime = await createRuntime(config)
      try {
        return await work(runtime, config)
      } finally {
        await runtime.close()
      }
    },
    out: (line) => console.log(line),
    progress: process.stderr,
    cwd: process.cwd(),
    inServer: false,
  }
}
