import { data } from 'react-router'
import type { DocumentArchive } from '#shared/document-numbers.ts'
import type { DocumentResult } from '#server/services/documents/documents-admin.ts'
import type { FormResult } from '#app/components/form/form-result.ts'
import type { Lang } from '#shared/locales.ts'
import { consoleHeaders } from '../console.server.ts'
import { conflictMessage } from '../content/content.server.ts'

export { actorOf, idOr404 } from '../content/content.server.ts'

/** `reference` or `service` from the address, or the console's 404. */
export function archiveOr404(value: string | undefined): DocumentArchive {
  if (value === 'reference' || value === 'service') return value
  throw data(null, { status: 404, headers: consoleHeaders() })
}

export type DocumentFormResult = FormResult & { values?: Record<string, string>; version?: number; form?: 'edit' | 'revise' }

export const answer = (result: DocumentFormResult, status: number) => data<DocumentFormResult>(result, { status, headers: consoleHeaders() })

/** A refused change as the form shows it: field messages, the not-found or the conflict naming who saved first. */
export function refusal(result: Exclude<DocumentResult, { ok: true }>, lang: Lang, values: Record<string, string>, form: 'edit' | 'revise') {
  if (result.reason === 'invalid') return answer({ errors: result.errors, values, form, message: { key: 'console.content.invalid' } }, 400)
  if (result.reason === 'not-found') return answer({ errors: {}, message: { key: 'console.content.notFound' } }, 404)
  return answer({ errors: {}, values, form, version: result.version, message: conflictMessage(lang, result.by, result.at) }, 409)
}
