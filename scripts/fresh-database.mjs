// A new, empty PostgreSQL database for a benchmark (scripts/bench.mjs, scripts/bench-lib.ts).
import pg from 'pg'

/** Creates `<prefix>_<pid>` on the PostgreSQL server of `admin` (dropping a leftover first); `drop()` removes it. */
export async function freshPostgres(admin, prefix) {
  const name = `${prefix}_${process.pid}`
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: admin })
    await client.connect()
    await client.query(statement)
    await client.end()
  }
  await run(`drop database if exists ${name} with (force)`)
  await run(`create database ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}
