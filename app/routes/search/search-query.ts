import type { MessageKey } from '#shared/i18n/messages.ts'
import { KEYWORD_MAX } from '#shared/list-rules.ts'
import { isLang } from '#shared/locales.ts'

/** The path of the results page. */
export const RESULT_PATH = '/search/result'

/**
 * The keyword as the search pages use it: trimmed (a keyword of spaces is no keyword), with the
 * message of the rule it breaks, if any.
 */
export function checkKeyword(raw: string | null | undefined): { keyword: string; error: MessageKey | null } {
  const keyword = (raw ?? '').trim()
  // The keyword rule of GET /api/search/list, written out: zod stays out of the search pages' JavaScript.
  return { keyword, error: keyword.length > KEYWORD_MAX ? 'search.error.tooLong' : null }
}

/**
 * Where a search goes: `/search/result?keyword=…`, URL-encoded as the GET form would send it
 * (page 1: no `page`), keeping a `lang` the current address names.
 */
export function resultHref(keyword: string, lang: string | null): string {
  const params = new URLSearchParams({ keyword })
  if (isLang(lang)) params.set('lang', lang)
  return `${RESULT_PATH}?${params.toString()}`
}
