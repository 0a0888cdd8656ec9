import type { ImportKind } from '#shared/import-kinds.ts'
import { KINDS, runImport, type ImportDeps, type ImportInput, type ImportOptions } from './run.ts'
import { importTemplate } from './template.ts'
import { finishRun, startRun } from './run-record.ts'
import { createRunList } from './run-list.ts'

export type { ImportProblem } from './columns.ts'
export type { ImportInput, ImportOutcome } from './run.ts'

/**
 * Bulk import (docs/decisions/022-bulk-import.md) of reference and service documents, circuit
 * serials, agencies and restricted-area orders, for the console (/admin/import) and
 * `npm run manage -- import`.
 */
export function createImportService(deps: ImportDeps) {
  return {
    /** Checks a file (dry run: nothing written) or imports it in one transaction; either is recorded (run-record.ts). */
    async run(kind: ImportKind, input: ImportInput, options: ImportOptions = {}) {
      const dryRun = options.dryRun ?? false
      const id = await startRun(deps.db, {
        kind,
        input,
        dryRun,
        userId: options.actor?.userId ?? null,
        now: deps.clock(),
      })
      try {
        const outcome = await runImport(deps, kind, input, options)
        await finishRun(deps.db, id, dryRun, outcome, deps.clock())
        return outcome
      } catch (error) {
        await finishRun(deps.db, id, dryRun, null, deps.clock()).catch(() => {})
        throw error
      }
    },
    /** The console's list of past checks and imports, and one run's report. */
    ...createRunList(deps.db),
    /** The CSV or XLSX template of a kind (header row and one example row). */
    template: (kind: ImportKind, format: 'csv' | 'xlsx') => importTemplate(kind, KINDS[kind].columns, format),
  }
}

export type ImportService = ReturnType<typeof createImportService>
