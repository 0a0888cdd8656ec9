import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runManage } from '#tests/helpers/manage.ts'

// `npm run manage -- <command>` as an operator runs it, on its own embedded database.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-manage-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const manage = (...args: string[]) => runManage(dataDir, ...args)

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
