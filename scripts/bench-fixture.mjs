// The catalogue bench fixture: the demo content multiplied to 50,000 service and reference documents
// (25,000 of each by default), in a fresh data directory, for `npm run bench -- --catalogue-50k`.
// Not the demo seed: copies keep their type, product, options and downloads, get a numbered title
// and an older date, so filters, search words and pages behave as on a large archive.
//
//   node scripts/bench-fixture.mjs <data-dir> [--service 25000] [--reference 25000]
//
// prepares a directory that `DATA_DIR=<data-dir> node build/main.js` then serves.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { spawn } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { pathToFileURL } from 'node:url'

/** Copies get ids original + n × ID_STEP, so their options and downloads can be copied by arithmetic. */
const ID_STEP = 1_000_000

async function waitReady(base) {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become ready')
}

/** Starts the production build once on `dataDir` so it migrates and loads the demo content, then stops it. */
async function seedDemo(dataDir) {
  const port = 4800 + (process.pid % 400)
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['build/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  try {
    await waitReady(base)
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.on('exit', r))
  }
}

/**
 * Adds copies of the `table`'s rows (and of their `extra` rows) until it holds `target` rows.
 * `columns` are copied as is except the title pair, which gets ' #n'.
 */
async function multiply(db, { table, ownerType, columns, target, tags }) {
  const { rows } = await db.query(`select count(*)::int as n, coalesce(max(id), 0)::int as max from ${table}`)
  const { n, max } = rows[0]
  if (n === 0 || n >= target) return n
  if (max >= ID_STEP) throw new Error(`${table}: ids above ${ID_STEP}; is this directory already multiplied?`)
  const rounds = Math.ceil((target - n) / n)
  const copied = columns.filter((c) => !['title', 'title_en', 'created_at'].includes(c))
  await db.exec('begin')
  try {
    await db.query(
      `insert into ${table} (id, ${copied.join(', ')}, title, title_en, created_at)
       select id + g * ${ID_STEP}, ${copied.join(', ')}, title || ' #' || g, title_en || ' #' || g, created_at - make_interval(days => g)
       from ${table} cross join generate_series(1, ${rounds}) g
       where id < ${ID_STEP}
       order by g, id
       limit ${target - n}`,
    )
    if (tags) {
      await db.query(
        `insert into ${tags.table} (${tags.owner}, ${tags.value})
         select t.${tags.owner} + g * ${ID_STEP}, t.${tags.value}
         from ${tags.table} t cross join generate_series(1, ${rounds}) g
         where t.${tags.owner} < ${ID_STEP} and exists (select 1 from ${table} d where d.id = t.${tags.owner} + g * ${ID_STEP})`,
      )
    }
    await db.query(
      `insert into attachments (owner_type, owner_id, file_name, origin_file_name, icon, sort_order)
       select a.owner_type, a.owner_id + g * ${ID_STEP}, a.file_name, a.origin_file_name, a.icon, a.sort_order
       from attachments a cross join generate_series(1, ${rounds}) g
       where a.owner_type = $1 and a.owner_id < ${ID_STEP} and exists (select 1 from ${table} d where d.id = a.owner_id + g * ${ID_STEP})`,
      [ownerType],
    )
    await db.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`)
    await db.exec('commit')
  } catch (error) {
    await db.exec('rollback')
    throw error
  }
  return target
}

/** The seeded database: DATABASE_URL's PostgreSQL when set, else the PGlite directory. */
async function openSeeded(dataDir) {
  if (!process.env.DATABASE_URL) return PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } })
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  return {
    query: (text, params) => client.query(text, params),
    exec: (text) => client.query(text),
    close: () => client.end(),
  }
}

/** Multiplies the demo documents of an already seeded database (PGlite directory or DATABASE_URL). */
export async function multiplyCatalogue(dataDir, { service = 25_000, reference = 25_000 } = {}) {
  const db = await openSeeded(dataDir)
  try {
    const started = Date.now()
    const services = await multiply(db, {
      table: 'service_documents',
      ownerType: 'service',
      columns: ['type', 'title', 'title_en', 'url', 'url_en', 'created_at'],
      target: service,
      tags: { table: 'service_document_options', owner: 'document_id', value: 'option_id' },
    })
    const references = await multiply(db, {
      table: 'reference_documents',
      ownerType: 'reference',
      columns: ['type', 'product_id', 'title', 'title_en', 'url', 'url_en', 'created_at'],
      target: reference,
    })
    // Vacuum too: the option-id triggers rewrote every copied document, and PGlite has no autovacuum.
    for (const table of ['service_documents', 'service_document_options', 'reference_documents', 'attachments'])
      await db.query(`vacuum analyze ${table}`)
    const count = async (sql) => (await db.query(sql)).rows[0].n
    const summary = {
      service_documents: services,
      reference_documents: references,
      service_document_options: await count('select count(*)::int as n from service_document_options'),
      attachments: await count('select count(*)::int as n from attachments'),
      seconds: (Date.now() - started) / 1000,
    }
    return summary
  } finally {
    await db.close()
  }
}

/** Seeds the demo content into the empty `dataDir`, then multiplies it. */
export async function prepareCatalogueFixture(dataDir, counts) {
  await seedDemo(dataDir)
  const summary = await multiplyCatalogue(dataDir, counts)
  console.log(
    `catalogue fixture: ${summary.service_documents} service + ${summary.reference_documents} reference documents, ` +
      `${summary.service_document_options} option tags, ${summary.attachments} attachments (${summary.seconds.toFixed(1)} s)`,
  )
  return summary
}

/**
 * The three measured targets of the catalogue issue, on a running server: the service list by text
 * plus two options (as the circuit-diagram page asks after ticking a model and a power supply),
 * the reference archive filtered by a classification, and a service page rendered with that search.
 */
export async function catalogueTargets(base) {
  const res = await fetch(`${base}/api/support/option/list?type=2`)
  const groups = (await res.json()).data
  const model = groups[0].option_list.find((o) => o.code === 'TM')
  const power = groups[1].option_list.find((o) => o.code === 'AC380-3P')
  const ids = `${model.id},${power.id}`
  const words = new URLSearchParams({ keyword: `${model.title} ${power.title}` }).toString()
  const search = new URLSearchParams({ search: `${model.title} ${power.title}` }).toString()
  return [
    {
      name: 'support-text-2opt',
      path: `/api/support/list/text?type=2&${words}&option_id_list=${ids}&page=1&recordSize=5&pageSize=5`,
    },
    { name: 'reference-by-class', path: '/api/product/support/list?select=2&page=1&recordSize=15&pageSize=5' },
    {
      name: 'service-page',
      path: `/service/reference/circuit-diagram?page=1&${search}&option_id_list=${ids}&focus=search_result_bottom&disableScrollTop=true`,
      headers: { 'accept-encoding': 'br' },
    },
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, ...rest] = process.argv.slice(2)
  if (!dir) {
    console.error('usage: node scripts/bench-fixture.mjs <empty data dir> [--service N] [--reference N]')
    process.exit(2)
  }
  const opt = (name) => {
    const i = rest.indexOf(`--${name}`)
    return i >= 0 ? Number(rest[i + 1]) : undefined
  }
  await prepareCatalogueFixture(path.resolve(dir), { service: opt('service'), reference: opt('reference') })
}
