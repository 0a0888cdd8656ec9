/**
 * Bulk import (issue 13, docs/decisions/022-bulk-import.md), written once for the console page and
 * the server: the kinds of file that can be imported, which take a ZIP of files, the upload limits
 * and the addresses of the console's import calls.
 */
export const IMPORT_KINDS = ['reference', 'service', 'serial', 'agency', 'erp-orders', 'eps-orders'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

export const isImportKind = (value: unknown): value is ImportKind =>
  typeof value === 'string' && (IMPORT_KINDS as readonly string[]).includes(value)

/** The kinds whose rows may name files inside an accompanying ZIP. */
export const ZIP_KINDS: readonly ImportKind[] = ['reference', 'service', 'serial']

const MB = 1024 * 1024

/** Largest upload of each part, in bytes (checked on the server; the page shows them). */
export const IMPORT_LIMITS = { table: 30 * MB, zip: 200 * MB } as const

/** Dry run (`check`) and import (`run`): multipart bodies with the parts `table` and (optional) `zip`. */
export const IMPORT_CHECK_PATH = '/admin/import/check'
export const IMPORT_RUN_PATH = '/admin/import/run'

/** A problem as the console shows it: spreadsheet row (1 = header, 0 = the whole file), column, message. */
export type ImportProblemView = { row: number; column: string; message: string }

/** What a dry run or an import tells: the rows, how many are new and how many replace existing ones. */
export type ImportSummary = { rows: number; inserted: number; updated: number; files: number }

/** One server-sent event of an import: progress, then the result (or the problems, or a failure). */
export type ImportEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; summary: ImportSummary }
  | { type: 'problems'; problems: ImportProblemView[] }
  | { type: 'failed'; message: string }
