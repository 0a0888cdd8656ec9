import { data } from 'react-router'
import type { FormResult } from '#app/components/form/form-result.ts'
import type { RecordResult } from '#server/services/documents/record-editor.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { Lang } from '#shared/locales.ts'
import { consoleHeaders } from '../console.server.ts'
import { conflictMessage } from '../content/content.server.ts'

/** What a small record form's action answers: which form posted, its values and messages. */
export type RecordFormResult = FormResult & { form?: string; values?: Record<string, string>; done?: string }

export const recordAnswer = (result: RecordFormResult, status: number) => data<RecordFormResult>(result, { status, headers: consoleHeaders() })

/** Invalid input (400), an outcome of the service: done (200 with `done`), not found, or a conflict naming who saved first. */
export function recordOutcome(result: RecordResult | { ok: false; reason: 'invalid'; errors: FieldErrors }, lang: Lang, form: string, values: Record<string, string>, done: string) {
  if (result.ok) return recordAnswer({ errors: {}, form, done }, 200)
  if (result.reason === 'invalid') return recordAnswer({ errors: result.errors, form, values, message: { key: 'console.content.invalid' } }, 400)
  if (result.reason === 'not-found') return recordAnswer({ errors: {}, form, message: { key: 'console.content.notFound' } }, 404)
  return recordAnswer({ errors: {}, form, values, message: conflictMessage(lang, result.by, result.at) }, 409)
}
