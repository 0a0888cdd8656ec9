import { data, redirect, type AppLoadContext } from 'react-router'
import type { FormResult } from '#app/components/form/form-result.ts'
import type { CatalogueResult } from '#server/services/catalogue-admin/catalogue-editor.ts'
import { consoleHeaders } from '../console.server.ts'
import { conflictMessage } from '../content/content.server.ts'

/** What a catalogue form gets back when refused: the field messages, which form, the version now saved. */
export type CatalogueAnswer = FormResult & { form?: string; version?: number }

export const catalogueAnswer = (result: CatalogueAnswer, status: number) => data<CatalogueAnswer>(result, { status, headers: consoleHeaders() })

/** A number from a form or the address (a positive integer), else null. */
export function positiveInt(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null
  const n = Number(value)
  return n > 0 ? n : null
}

/**
 * A change's outcome: done → back to `to` with `?done=` (the page says what happened); refused →
 * 400 with the field messages, 404, or 409 naming who saved in between (as the content editors do).
 */
export function answerOf(context: AppLoadContext, result: CatalogueResult, to: string, done: string, form: string) {
  if (result.ok) throw redirect(`${to}${to.includes('?') ? '&' : '?'}done=${done}`, { headers: consoleHeaders() })
  if (result.reason === 'invalid') return catalogueAnswer({ errors: result.errors, form, message: { key: 'console.catalogue.invalid' } }, 400)
  if (result.reason === 'not-found') return catalogueAnswer({ errors: {}, form, message: { key: 'console.catalogue.notFound' } }, 404)
  return catalogueAnswer({ errors: {}, form, version: result.version, message: conflictMessage(context.lang, result.by, result.at) }, 409)
}

export const badRequest = () => catalogueAnswer({ errors: {}, message: { key: 'api.badRequest' } }, 400)
