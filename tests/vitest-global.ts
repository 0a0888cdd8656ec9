import pg from 'pg'

/** The PostgreSQL template databases of a run start with this name. */
export const TEMPLATE_PREFIX = 'test_tpl_'

/**
 * Vitest's global setup: at the end of a PostgreSQL run, drops the seeded template databases its
 * workers made (tests/helpers/seeded-template.ts), one per worker process.
 */
export default function setup() {
  return async function teardown() {
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
