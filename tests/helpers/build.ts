import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** What the production build is made from, and what it makes. */
const SOURCES = [
  'app',
  'server',
  'shared',
  'public',
  'package.json',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/build-server.mjs',
]
const OUTPUTS = ['build/main.js', 'build/server/index.js']

function newestSource(entry: string): number {
  if (!fs.existsSync(entry)) return 0
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return /\.test\.[jt]sx?$/.test(entry) ? 0 : stat.mtimeMs
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestSource(path.join(entry, name))))
}

/** Whether build/ is there and newer than every source. */
export function isFresh(): boolean {
  const built = OUTPUTS.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0))
  if (built.some((t) => t === 0)) return false
  return Math.min(...built) >= Math.max(...SOURCES.map(newestSource))
}

/**
 * The tests that run the production bundle (pages through React Router, the real server
 * process) call this first: it runs `npm run build` when `build/` is missing or older than the
 * sources, so `npm run test:unit` works on a clean checkout. Test files run in parallel
 * workers: a lock directory makes one build while the others wait for it.
 */
export async function ensureBuild(): Promise<void> {
  const lock = path.join(
    os.tmpdir(),
    `actuator-build-${Buffer.from(process.cwd()).toString('base64url').slice(-40)}.lock`,
  )
  for (let waited = 0; ; waited += 250) {
    if (isFresh()) return
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      // Another worker is building; a lock older than 5 minutes belongs to a run that died.
      const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - since > 300_000) fs.rmSync(lock, { recursive: true, force: true })
      if (waited > 300_000) throw new Error(`waited 5 minutes for the build lock ${lock}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  try {
    if (isFresh()) return
    // A production build whoever calls: vitest sets NODE_ENV=test, which would build React's
    // development copy (and the page-weight test would find every page 60 KB too heavy).
    const result = spawnSync('npm', ['run', '--silent', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    })
    if (result.status !== 0) throw new Error('npm run build failed')
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}
