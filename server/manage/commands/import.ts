import fs from 'node:fs'
import path from 'node:path'
import { IMPORT_KINDS, isImportKind, type ImportKind } from '#shared/import-kinds.ts'
import { translate } from '#shared/i18n/messages.ts'
import '#shared/i18n/catalogs.server.ts'
import { csvField } from '#server/services/import/template.ts'
import { optionOf, positionalOf, type Command, type CommandIO } from '../command.ts'
import { progressBar } from '../progress.ts'

/**
 * Checks, then (unless `dryRun`) imports a file of one kind, with a progress bar on the terminal;
 * problems are printed as `row,column,problem` and end the command with exit 1, nothing written.
 */
export async function importFile(
  kind: ImportKind,
  file: string,
  options: { zip?: string | undefined; dryRun: boolean; lang: 'ko' | 'en'; label: string; noun: string },
  io: CommandIO,
) {
  // Read from where the operator ran the command (also when the running server runs it).
  const table = fs.readFileSync(path.resolve(io.cwd, file))
  const zip = options.zip ? fs.readFileSync(path.resolve(io.cwd, options.zip)) : null
  await io.withRuntime(async (runtime) => {
    const bar = progressBar(options.label, io.progress)
    const started = Date.now()
    const result = await runtime.services.imports.run(
      kind,
      {
        fileName: file,
        table,
        zipName: options.zip ? path.basename(options.zip) : null,
        zip,
      },
      { dryRun: options.dryRun, onProgress: (done, total) => bar.update(done, total), actor: { userId: null } },
    )
    if (!result.ok) {
      io.out('row,column,problem')
      for (const p of result.problems)
        io.out([String(p.row), csvField(p.column), csvField(translate(options.lang, p.problem, p.vars))].join(','))
      throw new Error(`${result.problems.length} problem(s) in ${file}: nothing was imported`)
    }
    const { rows, inserted, updated, files } = result.summary
    if (!options.dryRun) bar.end()
    const seconds = (Date.now() - started) / 1000
    io.out(
      options.dryRun
        ? `${file}: ${rows} rows, no problems: ${inserted} new, ${updated} updated (dry run: nothing written)`
        : `${file}: ${rows} ${options.noun} imported (${inserted} new, ${updated} updated${files ? `, ${files} files` : ''}) in ${seconds.toFixed(1)} s (${Math.round(rows / Math.max(seconds, 0.001))} rows/s)`,
    )
  })
}

export const importCommand: Command = {
  name: 'import',
  summary:
    'Import reference/service documents, circuit serials, agencies or orders from CSV/XLSX (+ ZIP of files); any bad row changes nothing',
  usage: `<${IMPORT_KINDS.join('|')}> <file.csv|file.xlsx> [--zip files.zip] [--dry-run] [--lang ko|en]`,
  async run(args, io) {
    const valued = ['--zip', '--lang']
    const kind = positionalOf(args, valued)
    const file = positionalOf(args.slice(args.indexOf(kind ?? '') + 1), valued)
    if (!isImportKind(kind) || !file) throw new Error(`usage: npm run manage -- import ${importCommand.usage}`)
    await importFile(
      kind,
      file,
      {
        zip: optionOf(args, '--zip'),
        dryRun: args.includes('--dry-run'),
        lang: optionOf(args, '--lang') === 'en' ? 'en' : 'ko',
        label: `importing ${kind}`,
        noun: 'rows',
      },
      io,
    )
  },
}
