// Restricted-area benchmark (issue 11), in-process against the database, on PGlite or PostgreSQL:
//   npx tsx scripts/bench-orders.ts [--erp 120000] [--eps 40000] [--dir <pglite dir to keep>] [--postgres <admin url>]
// 1. a fresh database with the demo content and the order fixture (server/seed/demo/orders.ts,
//    the demo's generator at scale), loaded through the importer's upsert, timed;
// 2. p50/p99 latency at 1 and 10 concurrent callers of the service calls the API makes (access
//    log included): a project-name search of 2 Korean syllables, an ORD lookup, a detail view;
//    and in the same run, as the baseline, the naive ILIKE scan of the orders for the same word;
//    the unit page's calls (docs/decisions/058-unit-pages.md) beside the public serial lookup's;
// 3. unless --no-http, the production build started on the same database: the unit page /id/{serial}
//    (anonymous, and a member with access) and the public serial lookup's page, at 1 connection.
// `npm run bench -- --orders-160k` runs it on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { spawnSync } from 'node:child_process'
import { desc, eq, sql } from 'drizzle-orm'
import { erpOrders, users } from '#server/db/schema.ts'
import { progressBar } from '#server/manage/progress.ts'
import { upsertOrders } from '#server/services/restricted/store.ts'
import { CIRCUIT_SERIALS } from '#server/seed/demo/catalogue/circuit-serials.ts'
import { demoOrders, withCircuitSerials } from '#server/seed/demo/orders.ts'
import { lookupPartsOfSerial, unitHref } from '#shared/unit-serial.ts'
import { argOf, benchRuntime, measure, serveBuild } from './bench-lib.ts'

const args = process.argv.slice(2)
const counts = { ERP: Number(argOf(args, 'erp') ?? 120_000), EPS: Number(argOf(args, 'eps') ?? 40_000) }
const http = !args.includes('--no-http')
const { runtime, done, databaseUrl, dataDir } = await benchRuntime(args, 'orders')
const { db } = runtime.database
const driver = runtime.database.driver
let closed = false
try {
  const loadSeconds: Record<string, number> = {}
  for (const system of ['ERP', 'EPS'] as const) {
    const rows = withCircuitSerials(demoOrders(system, counts[system], system === 'ERP' ? 101 : 202), CIRCUIT_SERIALS)
    const bar = progressBar(`${driver}: ${system} fixture`)
    const started = performance.now()
    await db.transaction((tx) => upsertOrders(tx, system, rows, (done, total) => bar.update(done, total)))
    loadSeconds[system] = (performance.now() - started) / 1000
    bar.end()
  }
  await db.execute(sql`vacuum analyze erp_orders`)
  await db.execute(sql`vacuum analyze eps_orders`)
  await db.execute(sql`vacuum analyze order_projects`)

  // A partner: the service checks access and writes the access log on every call, as for the API.
  const [partner] = await db
    .insert(users)
    .values({
      username: 'bench-partner@example.com',
      password_hash: '',
      company: '협력사',
      division: '생산',
      name: '벤치',
      access_yn: 'Y',
    })
    .returning()
  const viewer = { user: partner!, ip: '127.0.0.1' }
  const { restricted } = runtime.services
  const page = { page: 1, recordSize: 30, pageSize: 5 }
  const [sample] = await db
    .select({ work_no: erpOrders.work_no, ord_no: erpOrders.ord_no, project_name: erpOrders.project_name })
    .from(erpOrders)
    .orderBy(desc(erpOrders.id))
    .limit(1)
  // A unit whose serial has a circuit diagram (every tenth order of 2024-2026 has one, as in the demo).
  const [unit] = await db
    .select({ serial_no: erpOrders.serial_no })
    .from(erpOrders)
    .where(
      sql`substr(${erpOrders.serial_no}, 3, 6) = any(${`{${CIRCUIT_SERIALS.map((c) => c.code1 + c.code2).join(',')}}`}::text[])`,
    )
    .orderBy(desc(erpOrders.id))
    .limit(1)
  const serial = unit!.serial_no!
  const parts = lookupPartsOfSerial(serial)!
  const { units, support } = runtime.services
  const calls = [
    {
      name: 'ERP project name, 2 syllables (정수)',
      run: () => restricted.list(viewer, 'ERP', { name: '정수', ...page }),
    },
    {
      name: 'EPS project name, 2 syllables (배수)',
      run: () => restricted.list(viewer, 'EPS', { name: '배수', ...page }),
    },
    {
      name: 'ERP project name, one project (its full name)',
      run: () => restricted.list(viewer, 'ERP', { name: sample!.project_name, ...page }),
    },
    {
      name: `ERP ORD lookup (${sample!.ord_no})`,
      run: () => restricted.list(viewer, 'ERP', { ord: sample!.ord_no!, ...page }),
    },
    { name: `ERP detail (${sample!.work_no})`, run: () => restricted.detail(viewer, 'ERP', sample!.work_no) },
    {
      name: `unit page's calls (${serial}): find, public part`,
      run: async () => units.publicPart((await units.find(serial.toLowerCase()))!),
    },
    {
      name: `unit page's calls, member with access: + restricted part`,
      run: async () => {
        const found = (await units.find(serial))!
        return Promise.all([units.publicPart(found), units.restrictedPart(viewer, found)])
      },
    },
    {
      name: `public serial lookup (${parts.code1}-${parts.code2})`,
      run: () => support.serials({ ...parts, page: 1, recordSize: 5, pageSize: 5 }),
    },
    // The baseline, same run: what the name search costs without the project table — ILIKE over
    // every order, counted, newest delivery first, the first page.
    {
      name: 'baseline: naive ILIKE over the orders (정수)',
      run: async () => {
        const where = sql`${erpOrders.project_name} ilike ${'%정수%'}`
        const [{ n }] = (await db
          .select({ n: sql<number>`count(*)::int` })
          .from(erpOrders)
          .where(where)) as [{ n: number }]
        await db
          .select({ work_no: erpOrders.work_no })
          .from(erpOrders)
          .where(where)
          .orderBy(sql`${erpOrders.delivery_date} desc nulls last`, sql`${erpOrders.work_no} desc nulls last`)
          .limit(30)
        return { pagination: { totalRecordCountAll: n } }
      },
    },
  ]
  const rows = []
  for (const call of calls) {
    const result = await call.run()
    const hits = result && 'pagination' in result ? result.pagination.totalRecordCountAll : 1
    const one = await measure(call.run, 1, 300)
    const ten = await measure(call.run, 10, 600)
    rows.push({
      call: call.name,
      hits,
      '1 conn p50 ms': one.p50,
      '1 conn p99 ms': one.p99,
      '10 conn p50 ms': ten.p50,
      '10 conn p99 ms': ten.p99,
    })
  }
  console.log(
    `\nRestricted area on ${driver}: ${counts.ERP.toLocaleString('en-US')} ERP + ${counts.EPS.toLocaleString('en-US')} EPS orders (loaded in ${loadSeconds.ERP!.toFixed(1)} s + ${loadSeconds.EPS!.toFixed(1)} s through the importer's upsert)`,
  )
  console.table(rows)
  const search = rows[0]!['1 conn p99 ms']
  const naive = rows.at(-1)!['1 conn p99 ms']
  console.log(
    `2-syllable name search p99 at 1 connection: ${search} ms = ${(search / naive).toFixed(3)} × the naive scan's ${naive} ms`,
  )

  // 3. Over HTTP: the unit page beside the public serial lookup's page, both rendered (the page
  // store is off: the lookup's page is kept in production, the unit page never is).
  if (http) {
    const account = { username: 'bench.unit@example.com', password: 'Bench#2024a' }
    const signed = await runtime.services.members.signUp(
      { ...account, company: '협력사', division: '생산', name: '벤치' },
      { ip: '192.0.2.1', lang: 'ko' },
    )
    if (!signed.ok) throw new Error(`bench member: ${signed.reason}`)
    await db
      .update(users)
      .set({ email_verified_at: new Date(), access_yn: 'Y' })
      .where(eq(users.username, account.username))
    await runtime.close()
    closed = true
    process.env.RESPONSE_CACHE_TTL_MS = '0'
    const pages = [
      { name: `/id/${serial} (anonymous)`, url: unitHref(serial), member: false },
      { name: `/id/${serial} (member with access)`, url: unitHref(serial), member: true },
      {
        name: 'public serial lookup page',
        url: `/service/reference/circuit-diagram?code=${parts.code1}-${parts.code2}&focus=serial_result`,
        member: false,
      },
    ]
    /** The pages at 1 connection on the production build, started as `serve` says (serveBuild). */
    const timePages = async (serve: boolean) => {
      const server = await serveBuild({ dataDir, databaseUrl, serve })
      try {
        const login = await fetch(`${server.base}/api/login`, {
          method: 'POST',
          headers: { origin: server.base },
          body: new URLSearchParams({ flag: 'N', ...account }),
        })
        if (login.status !== 200) throw new Error(`bench login: ${login.status}`)
        const cookie = login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ')
        const rows = []
        for (const p of pages) {
          // Timed from a process of its own (scripts/bench-http-latency.mjs): this one holds the fixture.
          const args = ['scripts/bench-http-latency.mjs', `${server.base}${p.url}`, p.member ? cookie : '']
          const probe = spawnSync(process.execPath, args, { encoding: 'utf8' })
          if (probe.status !== 0) throw new Error(`${p.url}: ${probe.stderr}`)
          const one = JSON.parse(probe.stdout) as { bytes: number; p50: number; p99: number }
          rows.push({
            page: p.name,
            'HTML kB': Math.round(one.bytes / 1024),
            '1 conn p50 ms': one.p50,
            '1 conn p99 ms': one.p99,
          })
        }
        return rows
      } finally {
        await server.stop()
      }
    }
    // Started both ways: on Node's defaults, and as `npm run serve` starts production (scripts/serve.sh:
    // the 512 MB heap limit, the heap grown to 3 times its live data, 4 MB semi-spaces; ADR 031, 075).
    for (const serve of [false, true]) {
      const rows = await timePages(serve)
      const how = serve ? "`npm run serve`'s settings" : "Node's defaults"
      console.log(
        `\nThe unit page and the serial lookup over HTTP on ${driver} (production build on ${how}, page store off)`,
      )
      console.table(rows)
    }
  }
} finally {
  await done(closed)
}
