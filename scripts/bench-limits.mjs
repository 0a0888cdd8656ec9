// The performance issue's figures for scripts/bench.mjs: kept pages and kept API answers at 64
// connections next to Fastify alone serving the same bytes (scripts/bench-baseline.mjs) in the
// same run; the cost of the access log; and, with --soak, the server's memory under a mixed load.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { load, loadTool } from './bench-load.mjs'
import { NGINX, startNginx } from './nginx.mjs'

const BR = { 'accept-encoding': 'br, gzip' }

/** The kept public API answers measured against the hello-world baseline. */
export const keptAnswers = [
  ['api-product-list', '/api/product/list'],
  ['api-product-detail', '/api/product/detail?info_id=5'],
  ['api-banner', '/api/banner'],
  ['api-popup', '/api/popup'],
  ['api-agency', '/api/agency?type=1'],
  ['api-history', '/api/history'],
  ['api-patent', '/api/patent?type=1'],
  ['api-terms', '/api/terms?type=1'],
  ['api-support-options', '/api/support/option/list?type=1'],
  ['api-support-list', '/api/support/list/text?type=2&option_id_list=0&page=1&recordSize=5&pageSize=5'],
  ['api-invest-list', '/api/invest/list?type=1&page=1&recordSize=10&pageSize=5'],
]

async function startBaseline(base, port) {
  // The kept page exactly as the server sends it: its brotli bytes and its headers.
  const { headers, raw } = await new Promise((resolve, reject) => {
    http.get(`${base}/`, { headers: { 'accept-encoding': 'br' } }, (r) => {
      const chunks = []
      r.on('data', (c) => chunks.push(c))
        .on('end', () => resolve({ headers: r.headers, raw: Buffer.concat(chunks) }))
        .on('error', reject)
    })
  })
  for (const name of ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'set-cookie'])
    delete headers[name]
  const capture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-')), 'page.json')
  fs.writeFileSync(capture, JSON.stringify({ headers, body: raw.toString('base64') }))
  const child = spawn(process.execPath, ['scripts/bench-baseline.mjs', String(port), capture], { stdio: 'inherit' })
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/hello`)).ok) return { child, bytes: raw.length }
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('baseline did not start')
}

/**
 * The kept page behind the reference caching proxy (deploy/nginx/actuator.conf) against the same
 * nginx sending the same brotli bytes and headers as a static file (goal ≥ 0.8 ×).
 */
async function behindNginx(base, duration) {
  const page = await new Promise((resolve, reject) => {
    http.get(`${base}/`, { headers: { 'accept-encoding': 'br' } }, (r) => {
      const chunks = []
      r.on('data', (c) => chunks.push(c))
        .on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }))
        .on('error', reject)
    })
  })
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-')), 'page.br')
  fs.writeFileSync(file, page.body)
  const headers = Object.fromEntries(
    Object.entries(page.headers).filter(
      ([name]) =>
        ![
          'date',
          'connection',
          'keep-alive',
          'content-length',
          'transfer-encoding',
          'set-cookie',
          'etag',
          'x-cache',
        ].includes(name),
    ),
  )
  const nginx = await startNginx(base.replace('http://', ''), { staticFile: file, staticHeaders: headers })
  try {
    const rows = []
    const run = async (name, url) => {
      await load({ url, connections: 64, duration: 2, headers: BR })
      const r = await load({ url, connections: 64, duration, headers: BR })
      rows.push({ target: name, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors })
      return r
    }
    const cached = await run('kept page / behind the reference nginx cache', `${nginx.base}/`)
    const staticPage = await run(
      `baseline: the same nginx, the same ${(page.body.length / 1024).toFixed(1)} KB as a static file`,
      `${nginx.staticBase}/page`,
    )
    const status = (await fetch(`${nginx.base}/`, { headers: BR })).headers.get('x-proxy-cache')
    console.log(`\nBehind the caching proxy (${loadTool}, 64 connections, ${duration} s):`)
    console.table(rows)
    console.log(
      `nginx cache: ${(cached.rps / staticPage.rps).toFixed(2)} × nginx's static file (goal ≥ 0.8); last answer ${status}`,
    )
  } finally {
    await nginx.stop()
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
  }
}

const stop = (child) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))))

/** Kept pages and answers against the baseline; then the access log's cost. */
export async function measureLimits({ base, duration, startServer }) {
  const port = Number(new URL(base).port) + 1
  const baseline = `http://127.0.0.1:${port}`
  // Fill the store (a first answer is kept once its compressed forms are made).
  for (const url of ['/', '/?lang=en', ...keptAnswers.map(([, u]) => u)]) await fetch(base + url, { headers: BR })
  await new Promise((r) => setTimeout(r, 1500))
  const { child, bytes } = await startBaseline(base, port)
  const rows = []
  const run = async (name, url) => {
    await load({ url, connections: 64, duration: 2, headers: BR })
    const r = await load({ url, connections: 64, duration, headers: BR })
    rows.push({ target: name, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors })
    return r
  }
  try {
    const page0 = await run(
      `baseline: Fastify alone, same ${(bytes / 1024).toFixed(1)} KB brotli page`,
      `${baseline}/page`,
    )
    const ko = await run('kept page / (ko)', `${base}/`)
    const en = await run('kept page /?lang=en', `${base}/?lang=en`)
    const hello = await run('baseline: Fastify alone, hello-world JSON', `${baseline}/hello`)
    const answers = []
    for (const [name, url] of keptAnswers) answers.push(await run(name, base + url))
    console.log(`\nKept answers at the limit (${loadTool}, 64 connections, ${duration} s, Accept-Encoding: br, gzip):`)
    console.table(rows)
    const worstP99 = Math.max(...answers.map((a) => a.p99))
    console.log(
      `pages: ${(Math.min(ko.rps, en.rps) / page0.rps).toFixed(2)} × the baseline's throughput (goal ≥ 0.3), ` +
        `p99 ${(Math.max(ko.p99, en.p99) / page0.p99).toFixed(2)} × its p99 (goal ≤ 3); ` +
        `API answers: worst p99 ${worstP99} ms = ${(worstP99 / hello.p99).toFixed(2)} × hello-world p99 (goal ≤ 3), ` +
        `lowest ${Math.min(...answers.map((a) => a.rps))} req/s`,
    )
  } finally {
    await stop(child)
  }
  if (NGINX) await behindNginx(base, duration)
  else console.log('\nnginx is not installed (apt-get install nginx-light): the caching proxy is not measured')
  // The access log at production's level (info: a kept hit is counted in /metrics, not written;
  // docs/decisions/073-kept-hits-in-metrics.md), the goal; then at debug, one line per hit, for the
  // operator who wants them from the node rather than the proxy.
  await logCost({ port, duration, startServer, level: 'info', goal: true })
  await logCost({ port, duration, startServer, level: 'debug', goal: false })
}

/**
 * The log's cost on a kept page: the same page on two new servers, started alike and given the same
 * warm-up, one at `level` (to a file), one at warn. (Against the bench's own server, which has served
 * every target above and keeps all their answers, the logging server came out up to 18 % faster: the
 * comparison measured the servers' histories, not the log.)
 */
async function logCost({ port, duration, startServer, level, goal }) {
  const logFile = path.join(os.tmpdir(), `bench-access-${process.pid}.log`)
  const quietServer = await startServer({ port: port + 2, logLevel: 'warn' })
  const loggedServer = await startServer({ port: port + 1, logLevel: level, logFile })
  try {
    const quietBase = `http://127.0.0.1:${port + 2}`
    const loggedBase = `http://127.0.0.1:${port + 1}`
    for (const url of [quietBase, loggedBase]) await fetch(`${url}/`, { headers: BR })
    await new Promise((r) => setTimeout(r, 1500))
    for (const url of [quietBase, loggedBase]) await load({ url: `${url}/`, connections: 64, duration: 2, headers: BR })
    // Six pairs, the order turned each time (the machine's drift falls on both sides); the cost
    // is the median of the pairs' costs, as one 10-second run varies by 10 % and more here.
    const measure = async (url) => (await load({ url: `${url}/`, connections: 64, duration, headers: BR })).rps
    const pairs = []
    for (let i = 0; i < 6; i++) {
      let quiet, loud
      if (i % 2 === 0) {
        quiet = await measure(quietBase)
        loud = await measure(loggedBase)
      } else {
        loud = await measure(loggedBase)
        quiet = await measure(quietBase)
      }
      pairs.push({ quiet, loud, cost: (1 - loud / quiet) * 100 })
    }
    const median = (xs) => {
      const sorted = [...xs].sort((a, b) => a - b)
      const mid = sorted.length / 2
      return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)]
    }
    // The same two servers loaded at the same time (32 connections and one wrk thread each), six
    // times: whatever the machine does meanwhile falls on both alike, so the figure varies by a few
    // percent where a pair of runs one after the other varies by 10-30 %.
    const together = []
    for (let i = 0; i < 6; i++) {
      const [quiet, loud] = await Promise.all(
        [quietBase, loggedBase].map(
          async (url) => (await load({ url: `${url}/`, connections: 32, duration, headers: BR, threads: 1 })).rps,
        ),
      )
      together.push({ quiet, loud, cost: (1 - loud / quiet) * 100 })
    }
    const lines = countLines(logFile)
    const costs = (runs) =>
      `${runs.map((p) => `${p.cost.toFixed(1)} % (${Math.round(p.quiet)}/${Math.round(p.loud)})`).join(', ')}: median ${median(runs.map((p) => p.cost)).toFixed(1)} %`
    console.log(
      `\nLog at ${level}: kept page ${Math.round(median(pairs.map((p) => p.quiet)))} req/s at warn, ${Math.round(median(pairs.map((p) => p.loud)))} req/s at ${level} ` +
        `(${lines} lines written${goal ? '; goal: cost ≤ 10 %' : ''}). One after the other, cost per pair ${costs(pairs)}. ` +
        `At the same time, cost per run ${costs(together)}`,
    )
  } finally {
    await Promise.all([quietServer.stop(), loggedServer.stop()])
    fs.rmSync(logFile, { force: true })
  }
}

/** RSS of a process in MB (Linux). */
const rssOf = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024)

/** The server's own counts from /metrics: 503s by the load-shedding cap (by reason) and answers by status. */
async function serverCounts(base, token) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text()
  const sum = (pattern) => [...text.matchAll(pattern)].reduce((total, m) => total + Number(m[2] ?? m[1]), 0)
  const shed = {}
  for (const m of text.matchAll(/^load_shedding_requests_total\{reason="([^"]+)"\} (\d+)/gm)) shed[m[1]] = Number(m[2])
  const byStatus = {}
  for (const m of text.matchAll(/^http_requests_total\{[^}]*status_code="(\d+)"[^}]*\} (\d+)/gm))
    byStatus[m[1]] = (byStatus[m[1]] ?? 0) + Number(m[2])
  return { shed, shedTotal: sum(/^load_shedding_requests_total\{[^}]*\} (\d+)/gm), byStatus }
}

/**
 * Memory under a mixed load of 200 connections for `minutes` (pages, API, search, a login every
 * second): RSS at minute 1 and at the end, and the highest seen; the answers by status, the 503s
 * the load-shedding cap gave (server/plugins/load-shedding.ts; read from /metrics when
 * `metricsToken` is given) and the rest (a database pool that did not give a connection in 2 s).
 */
export async function soak({ base, pid, minutes, member, metricsToken }) {
  // The product page at its own address: `/product/1/2` answers a 301 to it (ADR 020).
  const paths = [
    '/',
    '/?lang=en',
    '/product/electric-actuator/tm',
    '/related-data',
    '/company/introduction/info',
    '/api/product/list',
    '/api/popup',
    '/api/support/list/text?type=2&keyword=TM&option_id_list=0&page=1&recordSize=5&pageSize=5',
    '/search/result?keyword=%EC%95%A1%EC%B6%94%EC%97%90%EC%9D%B4%ED%84%B0',
    '/api/search/list?keyword=%EB%B0%B8%EB%B8%8C&language=KOR',
  ]
  const { default: autocannon } = await import('autocannon')
  const samples = []
  const started = Date.now()
  const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 60_000, rss: rssOf(pid) }), 5000)
  // /healthz and /readyz asked every second meanwhile, from a process of their own (the load
  // generator's busy event loop would delay them): how long a load balancer's probe waits.
  const probeUrls = [`${base}/healthz`, `${base}/readyz`]
  const prober = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `
    // Once each first, not counted: a process's first fetch loads the HTTP client (tens of ms).
    for (const url of ${JSON.stringify(probeUrls)}) await (await fetch(url)).text()
    const times = []
    const stop = Date.now() + ${minutes * 60_000}
    while (Date.now() < stop) {
      for (const url of ${JSON.stringify(probeUrls)}) {
        const start = performance.now()
        try { const r = await fetch(url, { signal: AbortSignal.timeout(15000) }); await r.text(); times.push([url, performance.now() - start, r.status]) } catch { times.push([url, 15000, 0]) }
      }
      await new Promise((r) => setTimeout(r, 1000))
    }
    console.log(JSON.stringify(times))
  `,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  // The prober stands for a load balancer on another machine: it goes first for the CPUs (when
  // permitted), so its own waits for a CPU do not count against the server.
  try {
    os.setPriority(prober.pid, -10)
  } catch {
    // not permitted: it competes with the load generator and the server
  }
  let proberOut = ''
  prober.stdout.on('data', (c) => (proberOut += c))
  const probed = new Promise((resolve) => prober.on('exit', () => resolve(JSON.parse(proberOut || '[]'))))
  // A member signing in and saving (their nickname) every second, through the spike: each should
  // succeed, on the signed-in share of the slots (docs/decisions/048-signed-in-share.md).
  const signedIn = { logins: 0, loginsOk: 0, saves: 0, savesOk: 0, failures: {} }
  const failed = (what, status) =>
    (signedIn.failures[`${what} ${status}`] = (signedIn.failures[`${what} ${status}`] ?? 0) + 1)
  const signInAndSave = async (n) => {
    signedIn.logins++
    const r = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: member,
    }).catch(() => null)
    if (!r?.ok) return failed('login', r?.status ?? 'socket')
    signedIn.loginsOk++
    const cookie = r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    signedIn.saves++
    const saved = await fetch(`${base}/api/user/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ nickname: `bench${n % 1000}` }),
    }).catch(() => null)
    if (saved?.ok) signedIn.savesOk++
    else failed('save', saved?.status ?? 'socket')
  }
  let tick = 0
  const login = setInterval(() => void signInAndSave(tick++), 1000)
  const result = await autocannon({
    url: base,
    connections: 200,
    duration: minutes * 60,
    headers: BR,
    requests: paths.map((p) => ({ path: p })),
  })
  clearInterval(sampler)
  clearInterval(login)
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const probeRows = await probed
  const probes = probeRows
    .filter(([url]) => url.endsWith('/readyz'))
    .map(([, ms]) => ms)
    .sort((a, b) => a - b)
  const probeLine = (url) => {
    const rows = probeRows.filter(([u]) => u === url)
    const ms = rows.map(([, t]) => t).sort((a, b) => a - b)
    const failed = rows.filter(([, , status]) => status !== 200).length
    return `${url.replace('http://127.0.0.1:', ':')} ${ms.length}: p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(1)}, p99 ${ms[Math.floor(ms.length * 0.99)]?.toFixed(1)}, max ${ms.at(-1)?.toFixed(1)} ms, ${failed} not 200`
  }
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  )
  const counts = metricsToken ? await serverCounts(base, metricsToken) : null
  const at = (minute) =>
    samples.reduce((best, s) => (Math.abs(s.at - minute) < Math.abs(best.at - minute) ? s : best)).rss
  console.log(
    `\nMemory, ${minutes} min of 200 connections (${paths.length} pages and calls in turn, a member's sign-in and save every second): ` +
      `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.errors} socket errors, ${result.non2xx} answers not 2xx; ` +
      `RSS ${at(1)} MB at minute 1, ${at(minutes)} MB at minute ${minutes}, highest ${Math.max(...samples.map((s) => s.rss))} MB (goal ≤ 250 MB, no growth); ` +
      `/readyz (${probes.length}): p50 ${probes[Math.floor(probes.length / 2)]?.toFixed(1)} ms, p99 ${probes[Math.floor(probes.length * 0.99)]?.toFixed(1)} ms, ` +
      `max ${probes.at(-1)?.toFixed(1)} ms (goal: p99 ≤ 100 ms)`,
  )
  console.log(`Probes: ${probeUrls.map(probeLine).join('; ')}`)
  console.log(
    `Signed-in through the spike: ${signedIn.loginsOk} of ${signedIn.logins} sign-ins and ${signedIn.savesOk} of ${signedIn.saves} saves succeeded` +
      `${Object.keys(signedIn.failures).length ? `; failed: ${JSON.stringify(signedIn.failures)}` : ''} (goal: all)`,
  )
  console.log(
    `Soak answers by status (load generator): ${JSON.stringify(statuses)}, ${result.errors} socket errors (${result.timeouts} timeouts); ` +
      (counts
        ? `server: ${JSON.stringify(counts.byStatus)} (all routes, probes and logins included), ` +
          `${counts.shedTotal} shed by the admission cap ${JSON.stringify(counts.shed)}, ` +
          `${(counts.byStatus['503'] ?? 0) - counts.shedTotal} other 503s (database unavailable), ${counts.byStatus['500'] ?? 0} 500s`
        : 'server counts not read'),
  )
}

/** The lines of a file too large to read as one string (the access log of the runs above: 500 MB and more). */
function countLines(file) {
  const fd = fs.openSync(file, 'r')
  const chunk = Buffer.alloc(1 << 20)
  let lines = 0
  for (let read; (read = fs.readSync(fd, chunk, 0, chunk.length, null)) > 0;) {
    for (let at = chunk.indexOf(10); at !== -1 && at < read; at = chunk.indexOf(10, at + 1)) lines++
  }
  fs.closeSync(fd)
  return lines
}
