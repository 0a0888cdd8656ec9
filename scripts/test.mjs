// The whole test command: lint (ESLint + type check), build, unit + integration (vitest), end-to-end (Playwright
// in Chromium). Ends with one plain line "N passed, N failed" and exits non-zero on any failure.
//   node scripts/test.mjs             everything
//   node scripts/test.mjs --db-only   only the vitest suites that reach a database, server/ and tests/integration/
//                                     (CI's second run against PostgreSQL; app/, shared/ and the lint rules touch none)
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dbOnly = process.argv.includes('--db-only')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-test-'))
let passed = 0
let failed = 0
let skipped = 0

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/** A step with no test count of its own counts as one check. */
function check(label, command, args) {
  const ok = run(label, command, args)
  if (ok) passed++
  else failed++
  return ok
}

if (!dbOnly) {
  check('lint and type check', 'npm', ['run', '--silent', 'lint'])
  if (!check('build', 'npm', ['run', '--silent', 'build'])) finish()
}

const vitestOut = path.join(tmp, 'vitest.json')
const vitestOk = run('unit and integration tests', 'npx', [
  'vitest',
  'run',
  ...(dbOnly ? ['server/', 'tests/integration/'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestOut}`,
])
const vitest = readJson(vitestOut)
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)
  // A suite that failed to load counts as a failure even with no test counted.
  if (!vitestOk && vitest.numFailedTests === 0) failed++
} else failed++

if (!dbOnly) {
  const e2eOut = path.join(tmp, 'e2e.json')
  const e2eOk = run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut,
  })
  const e2e = readJson(e2eOut)
  if (e2e?.stats) {
    passed += e2e.stats.expected + e2e.stats.flaky
    failed += e2e.stats.unexpected
    skipped += e2e.stats.skipped
    if (!e2eOk && e2e.stats.unexpected === 0) failed++
  } else failed++
}

finish()

function finish() {
  fs.rmSync(tmp, { recursive: true, force: true })
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
  process.exit(failed > 0 ? 1 : 0)
}
