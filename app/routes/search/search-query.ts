import { searchListQuery } from '#shared/api-schemas/search.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { isLang } from '#shared/locales.ts'

/** The keyword rule of GET /api/search/list (at most 100 characters), used by the form and the loader. */
const keywordSchema = searchListQuery.pick({ keyword: true })

/** The path of the results page. */
export const RESULT_PATH = '/search/result'

/**
 * The keyword as the search pages use it: trimmed (a keyword of spaces is no keyword), with the
 * message of the rule it breaks, if any.
 */
export function checkKeyword(raw: string | null | undefined): { keyword: string; error: MessageKey | null } {
  const keyword = (raw ?? '').trim()
  const parsed = keywordSchema.safeParse({ keyword })
  return { keyword, error: parsed.success ? null : (fieldErrors(parsed.error).keyword ?? 'api.badRequest') }
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
