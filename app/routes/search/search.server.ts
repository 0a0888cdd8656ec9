import { compact, isTooShort } from '#server/services/search/text.ts'

/**
 * Whether the search service finds nothing for this keyword by design (a single Latin letter or
 * digit, which every document holds): the page then says why rather than "no results". The rule
 * is the service's own, read from it so the two cannot drift.
 */
export function isTooShortKeyword(keyword: string): boolean {
  return keyword.trim() !== '' && isTooShort(compact(keyword))
}
