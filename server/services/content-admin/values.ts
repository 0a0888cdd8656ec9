import { columnsOf, type ContentField, type ContentKind } from '#shared/content-kinds.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { storageKeyProblem } from '#shared/files.ts'
import { sanitizeRichText } from '../html.ts'

/** A record's values by column, as stored (numbers, dates, strings, null). */
export type RecordValues = Record<string, string | number | Date | null>

const DEFAULT_MAX: Partial<Record<ContentField['type'], number>> = {
  text: 300,
  textarea: 4000,
  lines: 4000,
  richtext: 100_000,
  url: 1000,
  email: 254,
  phone: 40,
  image: 300,
  file: 300,
}

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE_RE = /^[0-9+()\-.\s]{4,40}$/
/** `2026-11-23T09:30` as a browser's datetime-local input sends it (seconds optional). */
const LOCAL_DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/** The console's times are Korea's (UTC+9, no daylight saving): the form shows and reads them so. */
export const CONSOLE_UTC_OFFSET_MIN = 9 * 60

export function parseLocalDateTime(value: string): Date | null {
  const m = LOCAL_DATETIME_RE.exec(value)
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number]
  const utc = Date.UTC(y, mo - 1, d, h, mi, s || 0) - CONSOLE_UTC_OFFSET_MIN * 60_000
  const date = new Date(utc)
  // 2026-02-31 and the like roll over: refuse them.
  const back = new Date(utc + CONSOLE_UTC_OFFSET_MIN * 60_000)
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? date : null
}

/** A stored date as the form's datetime-local value (Korea time). */
export function toLocalDateTime(date: Date): string {
  return new Date(date.getTime() + CONSOLE_UTC_OFFSET_MIN * 60_000).toISOString().slice(0, 16)
}

type Parsed = { ok: true; value: string | number | Date | null } | { ok: false; error: MessageKey }

function parseField(field: ContentField, raw: string): Parsed {
  const value = field.type === 'richtext' || field.type === 'textarea' || field.type === 'lines' ? raw.replace(/\r\n/g, '\n').trim() : raw.trim()
  if (value === '') return field.required ? { ok: false, error: 'console.error.required' } : { ok: true, value: field.type === 'image' || field.type === 'datetime' ? null : '' }
  const max = field.max ?? DEFAULT_MAX[field.type]
  switch (field.type) {
    case 'int': {
      if (!/^-?\d{1,9}$/.test(value)) return { ok: false, error: 'console.error.number' }
      const n = Number(value)
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) return { ok: false, error: 'console.error.range' }
      return { ok: true, value: n }
    }
    case 'datetime': {
      const date = parseLocalDateTime(value)
      return date ? { ok: true, value: date } : { ok: false, error: 'console.error.datetime' }
    }
    case 'select':
      return field.options?.some((o) => o.value === value) ? { ok: true, value: /^\d+$/.test(value) ? Number(value) : value } : { ok: false, error: 'console.error.option' }
    case 'url':
      if (!URL_RE.test(value)) return { ok: false, error: 'console.error.url' }
      break
    case 'email':
      if (!EMAIL_RE.test(value)) return { ok: false, error: 'console.error.email' }
      break
    case 'phone':
      if (!PHONE_RE.test(value)) return { ok: false, error: 'console.error.phone' }
      break
    case 'image':
    case 'file':
      if (storageKeyProblem(value)) return { ok: false, error: 'console.error.fileKey' }
      break
    default:
      break
  }
  if (max !== undefined && value.length > max) return { ok: false, error: 'console.error.tooLong' }
  if (field.type === 'richtext') return { ok: true, value: sanitizeRichText(value) }
  if (field.type === 'lines')
    return {
      ok: true,
      value: value
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join('\n'),
    }
  return { ok: true, value }
}

/**
 * The form's values of a kind, checked field by field (each message a catalogue key, shown in the
 * editor's language): the typed values by column, or the first problem of each column.
 */
export function parseRecord(kind: ContentKind, form: Record<string, string | undefined>): { ok: true; values: RecordValues } | { ok: false; errors: FieldErrors } {
  const values: RecordValues = {}
  const errors: FieldErrors = {}
  for (const field of kind.fields) {
    for (const column of columnsOf(field)) {
      const parsed = parseField(field, form[column] ?? '')
      if (parsed.ok) values[column] = parsed.value
      else errors[column] = parsed.error
    }
  }
  const starts = values.starts_at
  const ends = values.ends_at
  if (starts instanceof Date && ends instanceof Date && ends <= starts) errors.ends_at = 'console.error.endsBeforeStart'
  if (kind.fields.some((f) => f.name === 'sort_order') && values.sort_order === '') values.sort_order = 0
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values }
}

/** Values as JSON keeps them (dates as ISO strings), for the draft column and the audit entry. */
export function toJson(values: RecordValues): Record<string, string | number | null> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]))
}

/** A draft read back: ISO strings of the kind's datetime fields become dates again. */
export function fromJson(kind: ContentKind, json: Record<string, unknown>): RecordValues {
  const out: RecordValues = {}
  const dates = new Set(kind.fields.filter((f) => f.type === 'datetime').map((f) => f.name))
  for (const [k, v] of Object.entries(json)) out[k] = dates.has(k) && typeof v === 'string' ? new Date(v) : (v as string | number | null)
  return out
}

/** The columns whose values differ (dates by time), before and after: what the audit entry keeps. */
export function changedColumns(before: RecordValues, after: RecordValues): { before: Record<string, unknown>; after: Record<string, unknown> } {
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
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? '' : v instanceof Date ? toLocalDateTime(v) : String(v)]))
}
