import { redirect, type AppLoadContext } from 'react-router'
import type { CatalogueListRow } from '#server/services/console-catalogue/catalogue-list.ts'
import type { SaveResult } from '#server/services/save-result.ts'
import type { CatalogueListItem } from './catalogue-list.tsx'
import { consoleHeaders } from '../console.server.ts'
import { CATALOGUE, refusal } from '../save-answer.server.ts'

/** A number from a form or the address (a positive integer), else null. */
export function positiveInt(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null
  const n = Number(value)
  return n > 0 ? n : null
}

/**
 * A change's outcome: done → back to `to` with `?done=` (the page says what happened); refused → the
 * console's refusal, with what the form posted (shown again, never lost) and, on a conflict, the
 * values saved now (`theirs`) for the editor to compare.
 */
export function answerOf(
  context: AppLoadContext,
  result: SaveResult,
  to: string,
  done: string,
  form: string,
  posted: { values?: Record<string, string>; theirs?: Record<string, string> } = {},
) {
  if (result.ok) throw redirect(`${to}${to.includes('?') ? '&' : '?'}done=${done}`, { headers: consoleHeaders() })
  return refusal(result, context.lang, { form, ...posted }, CATALOGUE)
}

/** A list view's row as the page shows it: the names above it (family first), the date as text. */
export const listItemOf = ({ parent, grand, updated_at, ...row }: CatalogueListRow): CatalogueListItem => ({
  ...row,
  updated_at: updated_at.toISOString(),
  ancestors: [grand, parent].flatMap((n) => (n ? [{ title: n.title, title_en: n.title_en }] : [])),
})
