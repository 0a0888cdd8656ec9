import { columnsOf, type ContentKind } from '#shared/content-kinds.ts'
import type { Lang } from '#shared/locales.ts'
import { CONSOLE_UTC_OFFSET_MIN, contentSchema } from '#shared/content-schema.ts'
import { fieldErrors, type FieldErrors } from '#shared/field-errors.ts'
import { sanitizeRichText } from '../html.ts'

/** A record's values by column, as stored (numbers, dates, strings, null). */
export type RecordValues = Record<string, string | number | Date | null>

/** A stored date as the form's datetime-local value (Korea time). */
export function toLocalDateTime(date: Date): string {
  return new Date(date.getTime() + CONSOLE_UTC_OFFSET_MIN * 60_000).toISOString().slice(0, 16)
}

/**
 * The form's values of a kind, checked by its shared schema (each message a catalogue key, shown
 * in the editor's language): the typed values by column with rich text cleaned, or the first
 * problem of each column.
 */
export function parseRecord(
  kind: ContentKind,
  form: Record<string, string | undefined>,
): { ok: true; values: RecordValues } | { ok: false; errors: FieldErrors } {
  const parsed = contentSchema(kind).safeParse(form)
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) }
  const values = parsed.data as RecordValues
  for (const field of kind.fields) {
    if (field.type !== 'richtext') continue
    for (const c of columnsOf(field)) if (values[c]) values[c] = sanitizeRichText(String(values[c]))
  }
  return { ok: true, values }
}

/** Values as JSON keeps them (dates as ISO strings), for the draft column and the audit entry. */
export function toJson(values: RecordValues): Record<string, string | number | null> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]))
}

/** A draft read back: ISO strings of the kind's datetime fields become dates again. */
export function fromJson(kind: ContentKind, json: Record<string, unknown>): RecordValues {
  const out: RecordValues = {}
  const dates = new Set(kind.fields.filter((f) => f.type === 'datetime').map((f) => f.name))
  for (const [k, v] of Object.entries(json))
    out[k] = dates.has(k) && typeof v === 'string' ? new Date(v) : (v as string | number | null)
  return out
}

/** The columns whose values differ (dates by time), before and after: what the audit entry keeps. */
export function changedColumns(
  before: RecordValues,
  after: RecordValues,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(after)) {
    const old = before[k] ?? null
    const same = old instanceof Date && v instanceof Date ? old.getTime() === v.getTime() : old === v
    if (!same) {
      b[k] = old instanceof Date ? old.toISOString() : old
      a[k] = v instanceof Date ? v.toISOString() : v
    }
  }
  return { before: b, after: a }
}

/** Stored values as the form's text (datetime-local in Korea time, numbers as digits, null as empty). */
export function toFormValues(values: RecordValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v === null ? '' : v instanceof Date ? toLocalDateTime(v) : String(v)]),
  )
}

/** One language's own columns of a kind: the Korean or the English column of each bilingual field. */
export function languageColumns(kind: ContentKind, lang: Lang): string[] {
  return kind.fields.filter((f) => f.bilingual).map((f) => (lang === 'ko' ? f.name : `${f.name}_en`))
}

/**
 * What publishing one language makes public (docs/decisions/043-per-language-publishing.md): its
 * own columns and the fields of no language (dates, order, one-value links), which go live with either.
 */
export function sideColumns(kind: ContentKind, lang: Lang): string[] {
  return [...languageColumns(kind, lang), ...kind.fields.filter((f) => !f.bilingual).map((f) => f.name)]
}

/** Only the given columns of `values`. */
export function only(values: RecordValues, columns: readonly string[]): RecordValues {
  return Object.fromEntries(columns.filter((c) => c in values).map((c) => [c, values[c]!]))
}
