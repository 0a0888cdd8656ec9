// npm run bench [-- --duration 10 --connections 10 --only name,name --no-lighthouse]
// Starts the production build on a fresh data directory (demo content), loads each target with
// autocannon over loopback, and prints requests per second and latency percentiles; then runs
// Lighthouse (mobile) on the main pages and prints scores and compressed JS/CSS bytes.
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { runLighthouse } from './lighthouse.mjs'
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
const lighthousePages = args.includes('--no-lighthouse') ? [] : ['/', '/company/introduction/info', '/investment/shareholder', '/recruitment?lang=en']

/** What gets measured; later features add their calls and pages here. */
const targets = [
  { name: 'product-list', path: '/api/product/list' },
  { name: 'popup', path: '/api/popup' },
  { name: 'support-text', path: '/api/support/list/text?type=2&keyword=TM&option_id_list=0&page=1&recordSize=5&pageSize=5' },
  { name: 'home-html-ko', path: '/', headers: { 'accept-encoding': 'br' } },
  { name: 'home-html-en', path: '/?lang=en', headers: { 'accept-encoding': 'br' } },
].filter((t) => !only?.length || only.includes(t.name))

if (!fs.existsSync('build/main.js')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })

const port = 3400 + (process.pid % 400)
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-bench-'))
const server = spawn(process.execPath, ['build/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0' },
  stdio: ['ignore', 'inherit', 'inherit'],
})

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become ready')
}

try {
  await waitReady()
  console.log(`\nautocannon: ${connections} connections, ${duration} s per target, ${os.cpus().length} cores, Node ${process.version}\n`)
  const rows = []
  for (const t of targets) {
    const check = await fetch(base + t.path, { headers: t.headers })
    if (!check.ok) throw new Error(`${t.path} answered ${check.status}`)
    // Warm up, then measure.
    await autocannon({ url: base + t.path, connections, duration: 2, headers: t.headers })
    const r = await autocannon({ url: base + t.path, connections, duration, headers: t.headers })
    rows.push({
      target: t.name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      errors: r.errors + r.non2xx,
    })
  }
  console.table(rows)
  if (lighthousePages.length) {
    console.log('\nLighthouse 12 (mobile preset, simulated throttling):')
    console.table(await runLighthouse(base, lighthousePages))
  }
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.on('exit', r))
  fs.rmSync(dataDir, { recursive: true, force: true })
}
