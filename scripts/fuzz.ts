// npm run fuzz [-- --count 12000 --concurrency 16 --port 4690 --seed 1]
// Starts the production build (build/main.js; built first when missing) on a fresh embedded
// database with the demo content, then sends every API call (the list the OpenAPI description is
// made from, server/api/index.ts) and the main pages bad input: NUL bytes, huge strings,
// __proto__/constructor keys and path segments, negative, huge and non-numeric numbers, broken
// UTF-8 percent-encodings, right-to-left overrides, wrong methods, big bodies and wrong content
// types. Each request has 5 s (longer is a hang). Prints the counts by status, the 5xx, the
// hangs, stack traces the server wrote, and requests per second; exits 1 on any 5xx, hang or
// stack trace, or when the server dies. Not part of `npm test` (a few minutes).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { publicCalls } from '#server/api/index.ts'

const args = process.argv.slice(2)
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}
const target = arg('count', 12_000)
const concurrency = arg('concurrency', 16)
const port = arg('port', 3800 + (process.pid % 400))
let seed = arg('seed', 1)
const HANG_MS = 5000

/** A small seeded generator, so a run can be repeated (`--seed`). */
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!

// ---- bad values ----------------------------------------------------------------------------
const RLO = '\u202E'
const HUGE = 'x'.repeat(100_000)
/** Values as they appear in a URL: already percent-encoded where they must be. */
const BAD_VALUES = [
  '%00',
  'a%00b',
  '%00%00%00',
  encodeURIComponent(`${RLO}fdp.exe`),
  encodeURIComponent(`a${RLO}b`),
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  '-1',
  '0',
  '-0',
  '1e309',
  '9999999999999999999999',
  '2147483648',
  '-2147483649',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  '1e3',
  ' 1',
  'abc',
  '',
  '%E0%A4%A',
  '%C3%28',
  '%FF',
  '%ED%A0%80',
  '%',
  '%%',
  '%zz',
  '%F0%9F%98',
  encodeURIComponent(HUGE.slice(0, 3000)),
  HUGE.slice(0, 20_000),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('<script>alert(1)</script>'),
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  encodeURIComponent('../../etc/passwd'),
  encodeURIComponent('{"a":1}'),
  '[]',
  'true',
  'null',
  'undefined',
  encodeURIComponent('한글'),
  encodeURIComponent('ㄱㄴ'),
  '*',
  encodeURIComponent('%'),
]
const BAD_KEYS = [
  '__proto__',
  'constructor',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  '%00',
  'a%00',
  encodeURIComponent(RLO),
  'page[]',
  'lang[]',
]
const BAD_SEGMENTS = [
  '__proto__',
  'constructor',
  'toString',
  '%00',
  'a%00b',
  '-1',
  '0',
  '99999999999999999999',
  '1e3',
  'NaN',
  '%E0%A4%A',
  '%C3%28',
  '%FF',
  encodeURIComponent(RLO),
  '..',
  '%2e%2e',
  'x'.repeat(600),
  encodeURIComponent('한글'),
  '%20',
  '.data',
  '_root.data',
]
/** Every method Node's parser takes that a site might be sent (TRACE goes through node:http: fetch refuses it). */
const METHODS = [
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'HEAD',
  'GET',
  'TRACE',
  'QUERY',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'PURGE',
  'REPORT',
] as const
const CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data',
  'application/json; charset=utf-16',
  '',
]
const BODIES: Array<() => string> = [
  () => '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
  () => '{"id":"a\\u0000b","password":"\\u0000","email":"x\\u0000@example.com","keyword":"\\u0000"}',
  () => 'id=a%00b&password=%00&email=x%00%40example.com',
  () => '__proto__[polluted]=1&constructor[prototype][polluted]=1',
  () => `id=${encodeURIComponent(RLO)}&name=${encodeURIComponent(RLO)}.exe`,
  () => '{"a":',
  () => '%E0%A4%A=%C3%28',
  () => 'a=1&a=2',
  () => `q=${'x'.repeat(60_000)}`,
  () => 'a'.repeat(1_500_000),
  () =>
    JSON.stringify({
      id: -1,
      page: 'Infinity',
      big: 9007199254740993n.toString(),
      recordSize: 'NaN',
      list: [[[[[]]]]],
    }),
  () => '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n--x--\r\n',
]

// ---- what to send it to ----------------------------------------------------------------------
type Target = { path: string; method: 'GET' | 'POST'; keys: string[] }

function keysOf(schema: z.core.$ZodType | undefined): string[] {
  if (!schema) return []
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>
    }
    return Object.keys(json.properties ?? {})
  } catch {
    return []
  }
}

const API: Target[] = publicCalls.map((call) => ({
  path: call.outsideApi ? call.path : `/api${call.path}`,
  method: call.method ?? 'GET',
  keys: [...keysOf(call.query), ...keysOf(call.body)],
}))
const PAGES: Target[] = [
  '/',
  '/company/introduction',
  '/company/introduction/info',
  '/company/introduction/management',
  '/company/introduction/client',
  '/company/introduction/place',
  '/company/introduction/agency',
  '/recruitment',
  '/investment',
  '/investment/stock',
  '/investment/public',
  '/investment/shareholder',
  '/investment/internal',
  '/investment/settlement',
  '/login',
  '/signup',
  '/confirm',
  '/mypage',
  '/reset-password',
  '/related-data',
  '/search',
  '/search/result',
  '/terms/:id',
  '/product/:first/:second/:third',
  '/service/:group/:depth',
  '/morgan',
  '/morgan/detail/:type/:id',
  '/sitemap.xml',
  '/robots.txt',
  '/admin/login',
  '/admin',
].map((p) => ({
  path: p,
  method: 'GET' as const,
  keys: [
    'keyword',
    'search',
    'page',
    'lang',
    'type',
    'id',
    'preview',
    'version',
    'token',
    'option_id_list',
    'recordSize',
  ],
}))
const TARGETS = [...API, ...PAGES]
const DEFAULTS: Record<string, string> = {
  ':id': '1',
  ':first': 'electric-actuator',
  ':second': 'tm',
  ':third': 'basic',
  ':group': 'reference',
  ':depth': 'catalog',
  ':type': 'erp',
}

/** The target's path with its parameters filled, one of them (when `bad`) with a bad segment. */
function fill(target: Target, bad: boolean): string {
  const params = target.path.match(/:\w+/g) ?? []
  const spoiled = bad && params.length ? pick(params) : null
  return target.path.replace(/:\w+\??/g, (param) => {
    const name = param.replace('?', '')
    return name === spoiled ? pick(BAD_SEGMENTS) : Object.hasOwn(DEFAULTS, name) ? DEFAULTS[name]! : '1'
  })
}

type Case = { method: string; url: string; headers: Record<string, string>; body?: string; label: string }

function makeCase(): Case {
  const target = pick(TARGETS)
  const kind = random()
  const keys = target.keys.length ? target.keys : ['q']
  const good = () => `${pick(keys)}=1`
  if (kind < 0.45) {
    // Bad query values (one or several), on a sound path.
    const parts = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${pick(keys)}=${pick(BAD_VALUES)}`)
    return { method: target.method, url: `${fill(target, false)}?${parts.join('&')}`, headers: {}, label: 'query' }
  }
  if (kind < 0.55) {
    return {
      method: target.method,
      url: `${fill(target, false)}?${pick(BAD_KEYS)}=${pick(BAD_VALUES)}&${good()}`,
      headers: {},
      label: 'key',
    }
  }
  if (kind < 0.7) {
    // A bad path segment: in a parameter, or appended.
    const url = target.path.includes(':') ? fill(target, true) : `${fill(target, false)}/${pick(BAD_SEGMENTS)}`
    return { method: 'GET', url, headers: {}, label: 'segment' }
  }
  // A body, with any method and content type.
  const body = pick(BODIES)()
  const method = pick(METHODS)
  const contentType = pick(CONTENT_TYPES)
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {}
  return {
    method,
    url: fill(target, random() < 0.2),
    headers,
    body: method === 'GET' || method === 'HEAD' || method === 'TRACE' ? undefined : body,
    label: `body ${method}`,
  }
}

// ---- the server ----------------------------------------------------------------------------
if (!fs.existsSync('build/main.js')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-fuzz-'))
const { DATABASE_URL: _, ...env } = process.env
const server = spawn(process.execPath, ['build/main.js'], {
  env: {
    ...env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: '0',
    // Inputs, not load: every request waits its turn instead of a "busy" 503 (load shedding has
    // tests of its own: load-shedding.test.ts), so any 5xx here is an input the server mishandled.
    RENDER_QUEUE_LENGTH: '1000',
    RENDER_QUEUE_WAIT_MS: '60000',
    SHED_EVENT_LOOP_DELAY_MS: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
})
let serverErrors = 0
let stackLines = 0
const errorSamples: string[] = []
const watch = (chunk: Buffer) => {
  for (const line of chunk.toString().split('\n')) {
    if (/^\s+at /.test(line)) stackLines++
    if (/"level":(50|60)/.test(line)) {
      serverErrors++
      if (errorSamples.length < 5) errorSamples.push(line.slice(0, 400))
    }
  }
}
server.stdout.on('data', watch)
server.stderr.on('data', watch)
let exited = false
server.on('exit', () => (exited = true))

async function waitReady() {
  for (let i = 0; i < 480; i++) {
    if (exited) throw new Error('the server exited while starting')
    try {
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('the server did not become ready')
}

// ---- the run -------------------------------------------------------------------------------
const byStatus = new Map<string, number>()
const fiveHundreds: string[] = []
const hangs: string[] = []
let sent = 0
let answered = 0
const count = (key: string) => byStatus.set(key, (byStatus.get(key) ?? 0) + 1)

/** A request fetch will not make (TRACE), through node:http: its status, or the error. */
function sendThroughHttp(c: Case, signal: AbortSignal): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${c.url}`, { method: c.method, headers: c.headers, signal }, (res) => {
      res.resume()
      // 'close' too: a connection closed after the status line (or aborted) ends without 'end'.
      const answered = () => resolve({ status: res.statusCode ?? 0 })
      res.on('end', answered)
      res.on('close', answered)
      res.on('error', reject)
    })
    request.on('error', reject)
    request.on('close', () => reject(new Error('the connection closed before an answer')))
    request.end(c.body)
  })
}

async function send(c: Case): Promise<void> {
  const signal = AbortSignal.timeout(HANG_MS)
  try {
    if (c.method === 'TRACE') {
      const res = await sendThroughHttp(c, signal)
      count(String(res.status))
      if (res.status >= 500) fiveHundreds.push(`${res.status} ${c.method} ${c.url.slice(0, 200)} (${c.label})`)
      return
    }
    const res = await fetch(`${base}${c.url}`, {
      method: c.method,
      headers: c.headers,
      body: c.body,
      signal,
      redirect: 'manual',
    })
    await res.arrayBuffer()
    count(String(res.status))
    if (res.status >= 500) fiveHundreds.push(`${res.status} ${c.method} ${c.url.slice(0, 200)} (${c.label})`)
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } }
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      count('hang')
      hangs.push(`${c.method} ${c.url.slice(0, 200)} (${c.label})`)
    } else if (e.cause?.code === 'ECONNREFUSED') {
      count('refused')
    } else {
      // The server closed the connection while a refused body was still being sent: an answer.
      count('closed')
    }
  }
}

/** Every target once plainly and once with each kind of bad input first; then random cases. */
function* cases(): Generator<Case> {
  for (const t of TARGETS) {
    yield { method: t.method, url: fill(t, false), headers: {}, label: 'plain' }
    for (const m of METHODS)
      yield {
        method: m,
        url: fill(t, false),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: m === 'GET' || m === 'HEAD' || m === 'TRACE' ? undefined : 'a=1',
        label: `method ${m}`,
      }
    for (const v of BAD_VALUES)
      for (const k of t.keys.slice(0, 4))
        yield { method: t.method, url: `${fill(t, false)}?${k}=${v}`, headers: {}, label: 'query' }
  }
  while (sent < target) yield makeCase()
}

await waitReady()
console.log(
  `fuzzing ${base}: ${API.length} API calls, ${PAGES.length} pages, at least ${target} requests, ${concurrency} at a time`,
)
const started = performance.now()
const queue = cases()
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let next = queue.next(); !next.done; next = queue.next()) {
      sent++
      await send(next.value)
      if (++answered % 2000 === 0) process.stdout.write(`  ${answered} answered\n`)
    }
  }),
)
const seconds = (performance.now() - started) / 1000
const alive = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(HANG_MS) }).then(
  (r) => r.ok,
  () => false,
)
server.kill('SIGTERM')
await new Promise((r) => server.once('exit', r))
fs.rmSync(dataDir, { recursive: true, force: true })

const statuses = [...byStatus]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([k, v]) => `${k}: ${v}`)
  .join(', ')
console.log(`\n${sent} requests in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)} requests/s)`)
console.log(`by status: ${statuses}`)
console.log(
  `5xx: ${fiveHundreds.length}; hangs (> ${HANG_MS / 1000} s): ${hangs.length}; server error log lines: ${serverErrors}; stack-trace lines on the server's output: ${stackLines}; alive at the end: ${alive}`,
)
for (const line of [...fiveHundreds.slice(0, 20), ...hangs.slice(0, 20)]) console.log(`  ${line}`)
for (const line of errorSamples) console.log(`  log: ${line}`)
const failed =
  fiveHundreds.length > 0 || hangs.length > 0 || stackLines > 0 || !alive || (byStatus.get('refused') ?? 0) > 0
console.log(failed ? 'FUZZ FAILED' : 'fuzz passed')
process.exit(failed ? 1 : 0)
