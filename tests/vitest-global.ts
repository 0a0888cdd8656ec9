import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory for this run's seeded templates' files, removed at its end. */
    templateFilesRoot: string
  }
}

/** The PostgreSQL template databases of a run start with this name. */
export const TEMPLATE_PREFIX = 'test_tpl_'

/**
 * Vitest's global setup: a directory for the seeded templates' files (tests/helpers/seeded-template.ts),
 * one template per worker process; at the end it removes them and, on a PostgreSQL run, drops the
 * template databases.
 */
export default function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-test-templates-'))
  project.provide('templateFilesRoot', root)
  return async function teardown() {
    fs.rmSync(root, { recursive: true, force: true })
    const admin = process.env.DATABASE_URL
    if (!admin) return
    const client = new pg.Client({ connectionString: admin })
    await client.connect()
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [TEMPLATE_PREFIX],
      )
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`)
    } finally {
      await client.end()
    }
  }
}
