import { z } from './zod.ts'
import { linkAddress, webAddress } from './console-fields.ts'
import { columnsOf, type ContentField, type ContentKind } from './content-kinds.ts'
import { emailFormat } from './email.ts'
import { messageKey } from './field-errors.ts'
import type { MessageKey } from './i18n/messages.ts'
import { storageKeyProblem } from './files.ts'

/**
 * A content kind's form as one zod schema (docs/decisions/015-content-publishing.md), built from
 * its fields (shared/content-kinds.ts): the typed values by column (numbers, dates, strings, null),
 * or the first catalogue message of each column. The server stores what it gives, after cleaning
 * rich text (server/services/console-content/values.ts).
 */

const DEFAULT_MAX: Partial<Record<ContentField['type'], number>> = {
  text: 300,
  textarea: 4000,
  lines: 4000,
  richtext: 100_000,
  url: 1000,
  link: 1000,
  email: 254,
  phone: 40,
  image: 300,
  file: 300,
}

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
  // 2026-02-31 and the like roll over: refuse them.
  const back = new Date(utc + CONSOLE_UTC_OFFSET_MIN * 60_000)
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? new Date(utc) : null
}

const tooLong = messageKey('console.error.tooLong')
const multiline = (type: ContentField['type']) => type === 'richtext' || type === 'textarea' || type === 'lines'

/** A filled-in value of the field: checked, then typed. */
function filled(field: ContentField) {
  const text = z.string().max(field.max ?? DEFAULT_MAX[field.type] ?? Number.MAX_SAFE_INTEGER, tooLong)
  switch (field.type) {
    case 'int': {
      const range = messageKey('console.error.range')
      const n = z
        .number()
        .min(field.min ?? -Infinity, range)
        .max(field.max ?? Infinity, range)
      return z
        .string()
        .regex(/^-?\d{1,9}$/, messageKey('console.error.number'))
        .transform(Number)
        .pipe(n)
    }
    case 'datetime':
      return z
        .string()
        .refine((v) => parseLocalDateTime(v) !== null, messageKey('console.error.datetime'))
        .transform((v) => parseLocalDateTime(v)!)
    case 'select':
      return z
        .enum((field.options ?? []).map((o) => o.value) as [string, ...string[]], {
          error: messageKey('console.error.option'),
        })
        .transform((v) => (/^\d+$/.test(v) ? Number(v) : v))
    case 'url':
      return webAddress.pipe(text)
    case 'link':
      return linkAddress.pipe(text)
    case 'email':
      return z
        .string()
        .check(emailFormat(messageKey('console.error.email')))
        .pipe(text)
    case 'phone':
      return z.string().regex(PHONE_RE, messageKey('console.error.phone')).pipe(text)
    case 'image':
    case 'file':
      return z
        .string()
        .refine((v) => !storageKeyProblem(v), messageKey('console.error.fileKey'))
        .pipe(text)
    case 'lines':
      return text.transform((v) =>
        v
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join('\n'),
      )
    default:
      return text
  }
}

/** One column: trimmed (line ends made `\n` in multi-line fields); empty is refused when required, else its empty value. */
function column(field: ContentField) {
  const clean = z
    .string()
    .optional()
    .transform((v = '') => (multiline(field.type) ? v.replace(/\r\n/g, '\n') : v).trim())
  if (field.required) return clean.pipe(z.string().min(1, messageKey('console.error.required')).pipe(filled(field)))
  const empty = field.type === 'image' || field.type === 'datetime' ? null : field.name === 'sort_order' ? 0 : ''
  return clean
    .transform((v) => (v === '' ? undefined : v))
    .pipe(filled(field).optional())
    .transform((v) => v ?? empty)
}

/** The kind's form: every column, and an end after the start (checked even when other fields fail). */
export function contentSchema(kind: ContentKind) {
  // A required field's English may wait: it is required when English is published
  // (docs/decisions/043-per-language-publishing.md, `missingToPublish`).
  const shape = Object.fromEntries(
    kind.fields.flatMap((field) =>
      columnsOf(field).map((c) => [c, column(c === field.name ? field : { ...field, required: false })]),
    ),
  )
  return z.object(shape).refine(
    (v) => {
      const { starts_at: starts, ends_at: ends } = v as Record<string, unknown>
      return !(starts instanceof Date && ends instanceof Date && ends <= starts)
    },
    { path: ['ends_at'], message: messageKey('console.error.endsBeforeStart'), when: () => true },
  )
}

/**
 * The English columns a publish of English still needs: required fields whose English is empty
 * (their Korean is required by the form itself), each with its message.
 */
export function missingToPublish(kind: ContentKind, values: Record<string, unknown>): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {}
  for (const field of kind.fields) {
    if (!field.bilingual || !field.required) continue
    const value = values[`${field.name}_en`]
    if (value === null || value === undefined || String(value).trim() === '')
      out[`${field.name}_en`] = 'console.error.requiredToPublish'
  }
  return out
}
