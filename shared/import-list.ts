import type { ListSpec } from './console-lists.ts'

/** Where a check or import stands: running, checked without problems (nothing written), imported, or failed (nothing written). */
export const IMPORT_RUN_STATES = ['dry-run', 'done', 'failed', 'running'] as const
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number]

/** The imports list's sortable columns: newest first by default; the most rows first. */
export const IMPORT_SORTS = ['date', 'rows'] as const
export type ImportSort = (typeof IMPORT_SORTS)[number]

/** The person filter's value for runs of the command line (no staff member). */
export const COMMAND_LINE = 'cli'

/**
 * The console's list of checks and imports on the lists' query contract
 * (docs/decisions/067-terms-and-imports-lists.md): search words over the file names, the run's
 * state (`state`) and who ran it (`person`: a staff id, or `cli` for the command line) as the list's
 * own filters; a run has no publishing status or language.
 */
export const IMPORT_LIST_SPEC: ListSpec<ImportSort> = {
  statuses: [],
  sorts: IMPORT_SORTS,
  defaultSort: 'date',
  dirs: { date: 'desc', rows: 'desc' },
  filters: {
    state: IMPORT_RUN_STATES,
    person: { pattern: /^(?:[1-9]\d{0,8}|cli)$/, error: 'console.list.error.choice' },
  },
  perLanguage: false,
}
