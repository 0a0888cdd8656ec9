import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The migrations folder beside this module: `server/db/migrations` in source,
 * `build/migrations` once bundled into `build/main.js` (the build copies it there).
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const folder = path.join(here, 'migrations')
  if (!fs.existsSync(folder)) throw new Error(`Migrations folder not found: ${folder}`)
  return folder
}
