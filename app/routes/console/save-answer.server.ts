import { data } from 'react-router'
import type { FormMessage, FormResult } from '#app/components/form/form-result.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import type { Refused, SaveResult } from '#server/services/save-result.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import type { Lang } from '#shared/locales.ts'
import { consoleHeaders } from './console.server.ts'

/**
 * The console's answers to a form, written once: every action answers through `consoleAnswer`,
 * and a save through `outcome` or `refusal` (400 with the field messages, 404, or 409 naming who saved first).
 */

/**
 * What a console form gets back: its messages, which form posted, what it posted, the version now
 * saved and, on a conflict, the values saved now (`theirs`) and by whom (`by`), for the editor to compare.
 */
export type SaveAnswer = FormResult & {
  form?: string
  values?: Record<string, string>
  theirs?: Record<string, string>
  by?: string
  version?: number
  done?: string
  /** The original names of the stored files `values` and `theirs` name (file-names.server.ts). */
  fileNames?: Record<string, string>
}

export const consoleAnswer = <R extends FormResult>(result: R, status = 200) =>
  data<R>(result, { status, headers: consoleHeaders() })

/** A request no form of the page sends (an unknown intent, a missing version). */
export const badRequest = <R extends FormResult = SaveAnswer>() =>
  consoleAnswer<R>({ errors: {}, message: { key: 'api.badRequest' } } as R, 400)

/** A refused stale save, in the editor's language: who saved in between (or "another staff member") and when, to the second. */
export function conflictMessage(
  lang: Lang,
  by: string | null,
  at: Date,
  key: MessageKey = 'console.content.conflict',
): FormMessage {
  return { key, vars: { name: by ?? translate(lang, 'console.content.someone'), time: koreaDateTime(at, lang, true) } }
}

/** The whole-form messages of a refusal; the catalogue has its own wording. */
const CONTENT: Record<'invalid' | 'notFound', MessageKey> = {
  invalid: 'console.content.invalid',
  notFound: 'console.content.notFound',
}
export const CATALOGUE: typeof CONTENT = {
  invalid: 'console.catalogue.invalid',
  notFound: 'console.catalogue.notFound',
}

type Posted = {
  form?: string
  values?: Record<string, string>
  theirs?: Record<string, string>
  fileNames?: Record<string, string>
}

/** Input refused before the save (or by it): 400 with the first message per field, and what was posted. */
export const invalid = (errors: FieldErrors, posted: Posted = {}, messages = CONTENT) =>
  consoleAnswer<SaveAnswer>({ errors, ...posted, message: { key: messages.invalid } }, 400)

/**
 * A refused save as its form shows it: the field messages (400), not found (404), or the conflict
 * (409) with the version now saved, so saving again replaces it knowingly. `posted` names the
 * form and the values it sent, shown again.
 */
export function refusal(result: Refused, lang: Lang, posted: Posted = {}, messages = CONTENT) {
  if (result.reason === 'invalid') return invalid(result.errors, posted, messages)
  if (result.reason === 'not-found')
    return consoleAnswer<SaveAnswer>({ errors: {}, form: posted.form, message: { key: messages.notFound } }, 404)
  return consoleAnswer<SaveAnswer>(
    {
      errors: {},
      ...posted,
      by: result.by ?? translate(lang, 'console.content.someone'),
      version: result.version,
      message: conflictMessage(lang, result.by, result.at),
    },
    409,
  )
}

/** A save answered on the same page: done (200, `done` says what) or refused. */
export function outcome(result: SaveResult<object>, lang: Lang, posted: Posted, done: string) {
  return result.ok ? consoleAnswer<SaveAnswer>({ errors: {}, form: posted.form, done }) : refusal(result, lang, posted)
}
