import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import JSZip from 'jszip'
import { afterAll, expect, it } from 'vitest'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'
import { manageEntry } from '#tests/helpers/manage.ts'

// `npm run manage -- import <kind> <file> [--zip] [--dry-run]` on an embedded database of its own:
// the dry run's counts, the import with its progress bar, problems as row,column,problem (exit 1),
// and `help` listing the command.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-manage-import-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))
const write = (name: string, data: string | Buffer) => {
  const file = path.join(dataDir, name)
  fs.writeFileSync(file, data)
  return file
}
const manage = (...args: string[]) => {
  const { DATABASE_URL: _, ...env } = process.env
  const r = spawnSync(process.execPath, [...manageEntry(), ...args], {
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 240_000,
  })
  return { status: r.status, out: `${r.stdout}${r.stderr}` }
}

describeEmbedded('npm run manage -- import', () => {
  it('checks, imports reference documents with their ZIP, and reports problems', async () => {
    expect(manage('migrate').status).toBe(0)
    const zip = new JSZip()
    zip.file('manuals/ko.pdf', '%PDF-1.4\n%%EOF\n')
    const zipFile = write('files.zip', await zip.generateAsync({ type: 'nodebuffer' }))
    const rows = Array.from(
      { length: 1500 },
      (_, i) =>
        `DA-MAN-${String(i + 1).padStart(5, '0')},MAN,설명서 ${i + 1},Manual ${i + 1},${i === 0 ? 'manuals/ko.pdf' : ''}`,
    )
    const table = write('docs.csv', `\uFEFFdoc_number,type,title,title_en,file_ko\n${rows.join('\n')}\n`)

    const dry = manage('import', 'reference', table, '--zip', zipFile, '--dry-run')
    expect(dry.status, dry.out).toBe(0)
    expect(dry.out).toContain('1500 rows, no problems: 1500 new, 0 updated (dry run: nothing written)')
    const run = manage('import', 'reference', table, '--zip', zipFile)
    expect(run.status, run.out).toBe(0)
    expect(run.out).toMatch(/^importing reference \[#+\] 100% 1,500\/1,500 /m)
    expect(run.out).toMatch(/1500 rows imported \(1500 new, 0 updated, 1 files\) in [\d.]+ s \(\d+ rows\/s\)/)
    expect(manage('import', 'reference', table, '--zip', zipFile, '--dry-run').out).toContain('0 new, 1500 updated')

    const bad = manage(
      'import',
      'reference',
      write('bad.csv', 'doc_number,type,title,title_en,file_ko\nDA-MAN-1,MAN,가,A,none.pdf\n'),
      '--zip',
      zipFile,
      '--lang',
      'en',
    )
    expect(bad.status).toBe(1)
    expect(bad.out).toContain(
      "row,column,problem\n2,doc_number,Not a document number (e.g. DA-MAN-0012).\n2,file_ko,'none.pdf' is not in the ZIP file.",
    )
    const usage = manage('import', 'recipes', table)
    expect(usage.status).toBe(1)
    expect(usage.out).toContain('reference|service|serial|agency|erp-orders|eps-orders')
    expect(manage('help').out).toMatch(
      /^ {2}import <reference\|service\|serial\|agency\|erp-orders\|eps-orders> <file\.csv\|file\.xlsx> \[--zip files\.zip\] \[--dry-run\]/m,
    )
  }, 600_000)
})
