import type { ImportKind } from '#shared/import-kinds.ts'
import { KINDS, runImport, type ImportDeps, type ImportInput, type ImportOptions } from './run.ts'
import { importTemplate } from './template.ts'

export type { ImportProblem } from './columns.ts'
export type { ImportInput, ImportOutcome } from './run.ts'

/**
 * Bulk import (docs/decisions/022-bulk-import.md) of reference and service documents, circuit
 * serials, agencies and restricted-area orders, for the console (/admin/import) and
 * `npm run manage -- import`.
 */
export function createImportService(deps: ImportDeps) {
  return {
    /** Checks a file (dry run: nothing written) or imports it in one transaction. */
    run: (kind: ImportKind, input: ImportInput, options?: ImportOptions) => runImport(deps, kind, input, options),
    /** The CSV or XLSX template of a kind (header row and one example row). */
    template: (kind: ImportKind, format: 'csv' | 'xlsx') => importTemplate(kind, KINDS[kind].columns, format),
  }
}

export type ImportService = ReturnType<typeof createImportService>
