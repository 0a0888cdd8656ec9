import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// `npm run manage -- <command>` as an operator runs it, on its own embedded database.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-manage-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

function manage(...args: string[]) {
  // The embedded database of its own directory, whatever the test run uses.
  const { DATABASE_URL: _, ...env } = process.env
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/manage/index.ts', ...args], {
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: result.status, out: `${result.stdout}${result.stderr}` }
}

describe('npm run manage', () => {
  it('help lists every command', () => {
    const { status, out } = manage('help')
    expect(status).toBe(0)
    for (const name of ['migrate', 'seed', 'reindex', 'help']) expect(out).toMatch(new RegExp(`^  ${name}\\b`, 'm'))
  })

  it('an unknown command says so, shows the list and exits 2', () => {
    const { status, out } = manage('no-such-command')
    expect(status).toBe(2)
    expect(out).toContain('Unknown command: no-such-command')
    expect(out).toContain('Commands:')
  })

  it('reindex rebuilds the index with a progress bar', () => {
    expect(manage('seed').out).toContain('demo content loaded')
    const { status, out } = manage('reindex')
    expect(status, out).toBe(0)
    // Not a terminal: one progress line per tenth of the work, ending at 100 %.
    expect(out).toMatch(/^indexing \[#+\] 100% (\d+)\/\1 /m)
    expect(out).toMatch(/search index rebuilt: [\d,]+ entries in [\d.]+ s/)
  }, 180_000)
})
