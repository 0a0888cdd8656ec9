// Backups under load (issue 31; docs/decisions/049-backups-without-a-stall.md):
//   npm run bench -- --backup [--backup-mb 500] [--backup-seconds 20]
// The production server on an embedded database grown to about `--backup-mb` MB (the demo content
// and a table of filler rows), and one client searching without pause (`/api/search/list`, a
// different keyword each time, nothing kept). The search's latency first without a backup, then
// while `manage backup` runs against the running server, again and again, for the same time.
// Figures: p50, p99 and max of each, the backups' durations and the data directory's size.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 && args[at + 1] ? Number(args[at + 1]) : fallback
}
const targetMb = arg('backup-mb', 500)
const seconds = arg('backup-seconds', 20)
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-bench-backup-'))
const dataDir = path.join(root, 'data')
const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info', RESPONSE_CACHE_TTL_MS: '0' }
delete env.DATABASE_URL

const sizeMb = (dir) => {
  let bytes = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size
  return bytes / 1_048_576
}

function startServer() {
  const child = spawn(process.execPath, ['build/main.js'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 180_000)
    const onData = (chunk) => {
      output += chunk
      const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (!m) return
      clearTimeout(timer)
      // From here on its log is read and dropped.
      child.stdout.off('data', onData).resume()
      child.stderr.off('data', onData).resume()
      resolve({
        base: m[1],
        stop: () =>
          new Promise((done) => {
            child.once('exit', done)
            child.kill('SIGTERM')
          }),
      })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
  })
}

const run = (command, ...rest) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['build/manage.js', command, ...rest], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c) => (out += c))
    child.stderr.on('data', (c) => (out += c))
    child.once('exit', (status) => resolve({ status, out }))
  })

const KEYWORDS = ['액추에이터', '밸브', 'TM', '결선도', 'gearbox', '정수', 'actuator', '카탈로그', '댐', '설명서']
let asked = 0
/** Searches one after another until `until()` says stop: each one's time in ms. */
async function searchWhile(base, until) {
  const times = []
  while (!until()) {
    const keyword = `${KEYWORDS[asked % KEYWORDS.length]}${asked % 7 === 0 ? '' : ` ${asked % 97}`}`
    asked++
    const started = performance.now()
    const res = await fetch(`${base}/api/search/list?${new URLSearchParams({ keyword, language: 'KOR' })}`)
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`search answered ${res.status}`)
    times.push(performance.now() - started)
  }
  return times
}
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b)
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1)
  return `${times.length} searches: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${sorted.at(-1).toFixed(1)} ms`
}

try {
  // The demo site (migrations, content), then filler rows up to the size asked, with the server stopped.
  await (await startServer()).stop()
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } })
  const rows = Math.max(0, Math.round(((targetMb - sizeMb(dataDir)) * 1_048_576) / 1500))
  await db.query('create table if not exists bench_filler (i int, pad text)')
  for (let from = 0; from < rows; from += 50_000)
    await db.query(
      `insert into bench_filler select i, repeat(md5(i::text), 30) from generate_series(${from + 1}, ${Math.min(rows, from + 50_000)}) i`,
    )
  await db.query('checkpoint')
  await db.close()
  fs.rmSync(path.join(dataDir, 'pglite', '.lock'), { force: true })
  const directoryMb = sizeMb(dataDir)

  const server = await startServer()
  try {
    await searchWhile(server.base, () => asked >= 20) // each route's first answer compiles its code
    let end = Date.now() + seconds * 1000
    const quiet = await searchWhile(server.base, () => Date.now() > end)

    const backups = []
    let backingUp = true
    const backupLoop = (async () => {
      for (let n = 0; backingUp; n++) {
        const started = performance.now()
        const made = await run('backup', path.join(root, `backup-${n}.tar.gz`))
        if (made.status !== 0) throw new Error(`backup failed: ${made.out}`)
        backups.push((performance.now() - started) / 1000)
        fs.rmSync(path.join(root, `backup-${n}.tar.gz`), { force: true })
      }
    })()
    end = Date.now() + seconds * 1000
    const during = await searchWhile(server.base, () => Date.now() > end)
    backingUp = false
    await backupLoop

    console.log(
      `\nBackups under load, data directory ${directoryMb.toFixed(0)} MB (embedded database), one client searching for ${seconds} s each:\n` +
        `  without a backup: ${stats(quiet)}\n` +
        `  during backups:   ${stats(during)} (goal: p99 ≤ 100 ms)\n` +
        `  ${backups.length} backups of ${backups.map((s) => `${s.toFixed(1)} s`).join(', ')} (the command's whole run)`,
    )
  } finally {
    await server.stop()
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true })
}
