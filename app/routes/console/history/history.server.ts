import { diffWords } from 'diff'
import type { HistoryComparison, HistoryPart, HistoryVersionRow } from '#app/components/console/record-history.tsx'
import { shownValue } from '../audit-entry.server.ts'

/** A version as a history loader reads it: values by column, as its editor's form shows them. */
export type LoadedVersion = {
  id: number
  version: number
  action: string
  savedAt: Date
  savedBy: string | null
  values: Record<string, unknown>
}

/** A value as compared for "changed": whole (the shown value is cut short), null and empty alike. */
const whole = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)

const positive = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null)

/**
 * What a history page shows (docs/decisions/042-record-history.md), written once for every record
 * kind: the versions (newest first) with the columns each changed against the one before, and the
 * two chosen by `?a=&b=` (the two newest by default) compared per column with jsdiff's `diffWords`.
 * `current` tells the record's current version (no restore offered for it); `display` words a value
 * for the comparison only (a stored file's key as its original name), "changed" still compares values.
 */
export function historyView(
  versions: LoadedVersion[],
  columns: readonly string[],
  search: URLSearchParams,
  current: (version: LoadedVersion, index: number) => boolean,
  display: (column: string, value: unknown) => unknown = (_column, value) => value,
): { versions: HistoryVersionRow[]; compare: HistoryComparison | null } {
  const pick = (n: number | null, fallback: number) => versions.find((v) => v.id === n) ?? versions[fallback]
  const older = pick(positive(search.get('a')), 1) ?? null
  const newer = pick(positive(search.get('b')), 0) ?? null
  const changedFrom = (i: number) => {
    const previous = versions[i + 1]
    return previous ? columns.filter((c) => whole(previous.values[c]) !== whole(versions[i]!.values[c])) : []
  }
  const parts = (column: string, a: unknown, b: unknown): HistoryPart[] =>
    diffWords(shownValue(display(column, a)), shownValue(display(column, b))).map((p) => ({
      text: p.value,
      change: p.added ? 'added' : p.removed ? 'removed' : null,
    }))
  return {
    versions: versions.map((v, i) => ({
      id: v.id,
      version: v.version,
      action: v.action,
      savedAt: v.savedAt.toISOString(),
      savedBy: v.savedBy,
      changed: changedFrom(i),
      current: current(v, i),
    })),
    compare:
      older && newer && older.id !== newer.id
        ? {
            a: older.id,
            b: newer.id,
            rows: columns.map((column) => ({
              column,
              parts: parts(column, older.values[column], newer.values[column]),
            })),
          }
        : null,
  }
}
