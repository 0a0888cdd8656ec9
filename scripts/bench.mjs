// npm run bench [-- --duration 10 --connections 10 --only name,name --no-lighthouse --lighthouse /a,/b --no-limits --soak [--soak-minutes 5] --heap-mb N --catalogue-50k --search-200k --orders-160k --publish --import --lists --inbox --upload --search-quality --backup]
// Always (unless --no-limits, or --only without `limits`): kept pages and public API answers at 64
// connections next to Fastify alone serving the same bytes and a hello-world JSON, measured in the
// same run (scripts/bench-limits.mjs; wrk when installed, else autocannon), the kept page behind the
// reference nginx cache next to nginx serving the same bytes as a static file (when nginx is installed), and the access log's
// cost on the kept page. The server starts as `npm run serve` starts it (scripts/serve.sh); --heap-mb N: with --max-old-space-size=N instead. --soak: 5 minutes (--soak-minutes) of 200 connections over pages, API
// calls and searches with a login every second, the server's RSS at minute 1 and at the end.
// --catalogue-50k: the demo content multiplied to 50,000 service and reference documents
// (scripts/bench-fixture.mjs) before the server starts, plus the catalogue targets
// support-text-2opt, reference-by-class and service-page.
// --search-200k: the site-search fixture (200,000 index entries, scripts/search-fixture.ts), with
// the in-process search benchmark (scripts/bench-search.ts: reindex time, index size, latency of
// five kinds of keyword and of the naive ILIKE scan) on PGlite and, when DATABASE_URL is set, on
// PostgreSQL; then the search call over HTTP at 1 and 10 connections (targets search-*).
// --orders-160k: the restricted-area benchmark (scripts/bench-orders.ts: 120,000 ERP + 40,000 EPS
// orders; project-name search, ORD lookup and detail at 1 and 10 callers; the unit page /id/{serial}
// beside the public serial lookup, in process and over HTTP at 1 connection) on PGlite and, with
// DATABASE_URL, PostgreSQL.
// --publish: the console's publishing (scripts/bench-publish.ts: save as draft, publish with audit,
// search index and change notice, the notice heard, against a bare update) on PGlite and, with
// DATABASE_URL, PostgreSQL.
// --import: the bulk import of 10,000 and 100,000 reference-document rows (scripts/bench-import.ts:
// dry run, import with search index and audit, against bare multi-row INSERTs) on PGlite and, with
// DATABASE_URL, PostgreSQL.
// --lists: the console's document list on 50,000 reference documents (scripts/bench-lists.ts: three
// filtered, sorted pages at 1 and 10 callers in process beside the bare indexed SELECT of the same
// page, then the page itself over HTTP for a signed-in editor) on PGlite and, with DATABASE_URL, PostgreSQL.
// --inbox: the staff inbox on 100,000 service requests (scripts/bench-inbox.ts: four filtered,
// sorted pages at 1 and 10 callers in process beside the bare indexed SELECT of the default page)
// on PGlite and, with DATABASE_URL, PostgreSQL.
// --upload: the after-sales form posted with five ~9 MB photos, then five PDFs as the baseline
// (scripts/bench-upload.ts: last byte → answer, the server's resident memory) on PGlite.
// Starts the production build on a fresh data directory (demo content), loads each target with
// autocannon over loopback, and prints requests per second and latency percentiles; then runs
// Lighthouse (mobile) on the main pages and prints scores and compressed JS/CSS bytes.
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { catalogueTargets, prepareCatalogueFixture } from './bench-fixture.mjs'
import { measureLimits, soak } from './bench-limits.mjs'
import { freshPostgres } from './fresh-database.mjs'
import { runLighthouse } from './lighthouse.mjs'
import { kb, PAGE_JS_LIMIT, pageJs } from './page-js.mjs'
import os from 'node:os'
import path from 'node:path'

const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const duration = Number(arg('duration', 10))
const connections = Number(arg('connections', 10))
const only = arg('only', '')?.split(',').filter(Boolean)
// The pages of issue 14's goals 4 and 5. `--lighthouse /a,/b` runs Lighthouse on those only (e.g. while
// iterating on one page), `--no-lighthouse` on none.
const LIGHTHOUSE_PAGES = [
  '/',
  // The product page at its own address, as the site's links reach it (the old `/product/1/2` answers a
  // 301 to it, one more round trip that Lighthouse's slow network adds to the page's LCP).
  '/product/electric-actuator/tm',
  '/related-data',
  '/service/reference/circuit-diagram',
  '/company/introduction/info',
  `/search/result?keyword=${encodeURIComponent('액추에이터')}`,
  '/login',
  // English last: ?lang=en sets the lang cookie, which the Lighthouse browser keeps for later pages.
  '/?lang=en',
]
const chosenPages = arg('lighthouse', '').split(',').filter(Boolean)
const lighthousePages = args.includes('--no-lighthouse') ? [] : chosenPages.length ? chosenPages : LIGHTHOUSE_PAGES
const catalogue50k = args.includes('--catalogue-50k')
const search200k = args.includes('--search-200k')
const orders160k = args.includes('--orders-160k')
const publish = args.includes('--publish')
const importRows = args.includes('--import')
const lists = args.includes('--lists')
/** Kept pages and API answers against Fastify alone, and the access log's cost (scripts/bench-limits.mjs). */
const limits = !args.includes('--no-limits') && (!only?.length || only.includes('limits'))
const soakMinutes = args.includes('--soak') ? Number(arg('soak-minutes', 5)) : 0
const SOAK_METRICS_TOKEN = 'bench-soak-metrics-token'
/** `--heap-mb 160`: the server's JavaScript heap capped (`--max-old-space-size`), as docs/operations.md weighs it. */
const heapMb = arg('heap-mb', '')
/** What gets measured; later features add their calls and pages here. */
const targets = [
  { name: 'product-list', path: '/api/product/list' },
  { name: 'popup', path: '/api/popup' },
  {
    name: 'support-text',
    path: '/api/support/list/text?type=2&keyword=TM&option_id_list=0&page=1&recordSize=5&pageSize=5',
  },
  { name: 'home-html-ko', path: '/', headers: { 'accept-encoding': 'br' } },
  { name: 'home-html-en', path: '/?lang=en', headers: { 'accept-encoding': 'br' } },
  // A verified member logging in (argon2id verification, session row): made at start by sign-up and the mailed code.
  {
    name: 'login',
    path: '/api/login',
    method: 'POST',
    member: true,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
].filter((t) => !only?.length || only.includes(t.name))
/** Wrong-password attempts one address can make before 429 (run last: it locks 127.0.0.1 out). */
const measureLoginLimit = !only?.length || only.includes('login-limit')

// --search-quality [--verbose]: only the site-search quality set (scripts/bench-search-quality.ts: recall@15
// and MRR on the demo content), in-process on PGlite and, with DATABASE_URL, PostgreSQL; no build, no server.
if (args.includes('--search-quality')) {
  const extra = args.includes('--verbose') ? ['--verbose'] : []
  let status = 0
  for (const db of process.env.DATABASE_URL ? [['--postgres', process.env.DATABASE_URL], []] : [[]]) {
    status ||=
      spawnSync('npx', ['tsx', 'scripts/bench-search-quality.ts', ...db, ...extra], { stdio: 'inherit' }).status ?? 1
  }
  process.exit(status)
}
if (!fs.existsSync('build/main.js')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
// --backup [--backup-mb 500] [--backup-seconds 20]: only the search's latency while `manage backup`
// runs against the server (scripts/bench-backup.mjs), beside the same search without a backup.
if (args.includes('--backup'))
  process.exit(spawnSync(process.execPath, ['scripts/bench-backup.mjs', ...args], { stdio: 'inherit' }).status ?? 1)

const port = 3400 + (process.pid % 400)
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-bench-'))
// On PostgreSQL the server gets a database of its own (demo content, fixtures), dropped at the end;
// the in-process benchmarks below make their own from the same server.
const adminUrl = process.env.DATABASE_URL
const siteDatabase = adminUrl ? await freshPostgres(adminUrl, 'bench_site') : null
if (siteDatabase) process.env.DATABASE_URL = siteDatabase.url
if (catalogue50k) await prepareCatalogueFixture(dataDir)
/** An in-process benchmark script (scripts/bench-*.ts), its output shown as it runs. */
const benchScript = (script, ...extra) => {
  const result = spawnSync('npx', ['tsx', script, ...extra], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${script} failed`)
}
if (orders160k) {
  if (adminUrl) benchScript('scripts/bench-orders.ts', '--postgres', adminUrl)
  benchScript('scripts/bench-orders.ts')
}
if (publish) {
  if (adminUrl) benchScript('scripts/bench-publish.ts', '--postgres', adminUrl)
  benchScript('scripts/bench-publish.ts')
}
if (importRows) {
  if (adminUrl) benchScript('scripts/bench-import.ts', '--postgres', adminUrl)
  benchScript('scripts/bench-import.ts')
}
if (lists) {
  if (adminUrl) benchScript('scripts/bench-lists.ts', '--postgres', adminUrl)
  benchScript('scripts/bench-lists.ts')
}
if (args.includes('--upload')) benchScript('scripts/bench-upload.ts')
if (args.includes('--inbox')) {
  if (adminUrl) benchScript('scripts/bench-inbox.ts', '--postgres', adminUrl)
  benchScript('scripts/bench-inbox.ts')
}
if (search200k) {
  // PostgreSQL first (its database is dropped afterwards); PGlite keeps the directory the server then serves.
  if (adminUrl) benchScript('scripts/bench-search.ts', '--postgres', adminUrl)
  benchScript('scripts/bench-search.ts', '--dir', dataDir)
  const queries = [
    ['2syl', '정수', 'KOR'],
    ['1syl', '댐', 'KOR'],
    ['english', 'gearbox', 'ENG'],
    ['initials', 'ㅈㄷㅇㅊ', 'KOR'],
    ['serial', '25-0100', 'KOR'],
  ]
  for (const [name, keyword, language] of queries) {
    for (const c of [1, 10]) {
      const target = {
        name: `search-${name}`,
        label: `search-${name} (${keyword}) ×${c}`,
        connections: c,
        path: `/api/search/list?${new URLSearchParams({ keyword, language })}`,
      }
      if (!only?.length || only.includes(target.name) || only.includes('search')) targets.push(target)
    }
  }
}
/** A production server on `port` (demo content in its own data directory, or DATABASE_URL). */
async function startServer({
  port: p,
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-bench-')),
  logLevel = 'warn',
  logFile,
}) {
  const out = logFile ? fs.openSync(logFile, 'a') : 'inherit'
  // Started as `npm run serve` starts it (scripts/serve.sh: its malloc and Node settings, the heap
  // limit among them, which --heap-mb N replaces); the script execs Node, so the pid is the server's.
  const child = spawn('sh', ['scripts/serve.sh', ...(heapMb ? [`--max-old-space-size=${heapMb}`] : [])], {
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${p}`,
      DATA_DIR: dir,
      LOG_LEVEL: logLevel,
      SHUTDOWN_DRAIN_MS: '0',
      // The soak reads the shed and failed requests from /metrics at its end.
      ...(soakMinutes ? { METRICS_TOKEN: SOAK_METRICS_TOKEN } : {}),
    },
    stdio: ['ignore', out, 'inherit'],
  })
  await waitReady(`http://127.0.0.1:${p}`)
  return {
    child,
    stop: async () => {
      child.kill('SIGTERM')
      if (child.exitCode === null) await new Promise((r) => child.on('exit', r))
      if (dir !== dataDir) fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function waitReady(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become ready')
}

/** Decoded text of an .eml file nodemailer wrote (quoted-printable or base64 parts). */
function mailText(raw) {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
  const b64 = [...raw.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from(m[1], 'base64').toString('utf8'),
  )
  return [qp, ...b64].join('\n')
}

/** Signs up a member through the API and verifies it with the code of the mail the server wrote. */
let benchMember
const createBenchMember = () => (benchMember ??= signUpBenchMember())
async function signUpBenchMember() {
  const member = {
    company: 'Bench Co',
    division: 'Load',
    name: 'Bench',
    username: `bench.${process.pid}@example.com`,
    password: 'Bench#2024a',
  }
  const res = await fetch(`${base}/api/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...member, consent_service: true, consent_privacy: true }),
  })
  if (!res.ok) throw new Error(`sign-up answered ${res.status}`)
  const outbox = path.join(dataDir, 'outbox')
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []
    for (const f of files) {
      const code = /email_regist_code=([A-Za-z0-9_-]{43})/.exec(
        mailText(fs.readFileSync(path.join(outbox, f), 'utf8')),
      )?.[1]
      if (!code) continue
      const ok = await fetch(`${base}/api/email/regist?email_regist_code=${code}`)
      if (!ok.ok) throw new Error(`verification answered ${ok.status}`)
      return member
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('no verification mail in the outbox')
}

/** Wrong passwords from one address (different unknown IDs each time, then one ID) until 429. */
async function loginLimit() {
  const attempt = (username) =>
    fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ flag: 'N', username, password: 'Wrong#2024x' }),
    })
  const run = async (nextUsername) => {
    const start = Date.now()
    for (let n = 0; n < 1000; n++) {
      const res = await attempt(nextUsername(n))
      if (res.status === 429)
        return { accepted: n, seconds: (Date.now() - start) / 1000, retryAfter: Number(res.headers.get('retry-after')) }
    }
    return { accepted: 1000, seconds: (Date.now() - start) / 1000, retryAfter: 0 }
  }
  const spray = await run((n) => `spray${n}.${process.pid}@example.com`)
  return { spray }
}

const server = await startServer({ port, dir: dataDir })
try {
  if (catalogue50k)
    targets.push(...(await catalogueTargets(base)).filter((t) => !only?.length || only.includes(t.name)))
  console.log(
    `\nautocannon: ${connections} connections, ${duration} s per target, ${os.cpus().length} cores, Node ${process.version}\n`,
  )
  const rows = []
  const nonOk = []
  for (const t of targets) {
    if (t.member) {
      const m = await createBenchMember()
      t.body = new URLSearchParams({ flag: 'N', username: m.username, password: m.password }).toString()
    }
    const request = { method: t.method ?? 'GET', headers: t.headers, ...(t.body ? { body: t.body } : {}) }
    const check = await fetch(base + t.path, request)
    if (!check.ok) throw new Error(`${t.path} answered ${check.status}`)
    // Warm up, then measure.
    const c = t.connections ?? connections
    await autocannon({ url: base + t.path, connections: c, duration: 2, ...request })
    const r = await autocannon({ url: base + t.path, connections: c, duration, ...request })
    rows.push({
      target: t.label ?? t.name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      errors: r.errors + r.non2xx,
    })
    if (r.non2xx > 0)
      nonOk.push(
        `${t.name}: ${JSON.stringify(
          Object.fromEntries(
            Object.entries(r.statusCodeStats ?? {})
              .filter(([code]) => !code.startsWith('2'))
              .map(([code, { count }]) => [code, count]),
          ),
        )}`,
      )
  }
  console.table(rows)
  if (nonOk.length) console.log(`Answers not 2xx, by status: ${nonOk.join('; ')}`)
  if (limits) await measureLimits({ base, duration, startServer })
  if (soakMinutes) {
    const m = await createBenchMember()
    await soak({
      base,
      pid: server.child.pid,
      minutes: soakMinutes,
      metricsToken: SOAK_METRICS_TOKEN,
      member: new URLSearchParams({ flag: 'N', username: m.username, password: m.password }).toString(),
    })
  }
  if (measureLoginLimit) {
    const { spray } = await loginLimit()
    console.log(
      `\nFailed-login limit, one address: ${spray.accepted} wrong passwords accepted (${spray.seconds.toFixed(1)} s), ` +
        `then 429 for ${spray.retryAfter} s, so at most ${spray.accepted} per ${Math.round((spray.seconds + spray.retryAfter) / 60)} min ` +
        `(${(spray.accepted / ((spray.seconds + spray.retryAfter) / 60)).toFixed(1)} per minute sustained).`,
    )
  }
  if (lighthousePages.length) {
    // What each page loads before it is interactive (brotli and gzip bytes of its modulepreloads and
    // module scripts, from build/client) against the limit (brotli: scripts/page-js.mjs).
    const weights = []
    for (const page of lighthousePages) {
      const res = await fetch(`${base}${page}`)
      const js = pageJs(await res.text(), 'build/client')
      weights.push({
        page,
        'JS KB (brotli)': kb(js.total),
        'JS KB (gzip)': kb(js.gzip),
        files: js.files.length,
        within: js.total <= PAGE_JS_LIMIT ? 'yes' : 'NO',
      })
    }
    console.log(`\nJavaScript per page (limit ${kb(PAGE_JS_LIMIT)} KB):`)
    console.table(weights)
    console.log('\nLighthouse 12 (mobile preset, simulated throttling):')
    console.table(await runLighthouse(base, lighthousePages))
  }
} finally {
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  await siteDatabase?.drop()
}
