import type { Lang } from '#shared/locales.ts'
import { useLang } from '../use-lang.ts'
import en from '#shared/i18n/content/company.en.json'
import ko from '#shared/i18n/content/company.ko.json'

/**
 * Static copy of the company pages (vision, facts, organization, CEO greeting, ESG, client
 * sectors, agency introduction). Long prose lives here rather than in the UI catalogues;
 * the key sets of both languages are checked equal by company.test.ts.
 */
export type CompanyCopyKey = keyof typeof ko
export type CompanyCopy = (key: CompanyCopyKey, vars?: Record<string, string | number>) => string

const catalogs: Record<Lang, Record<CompanyCopyKey, string>> = { ko, en }

/** The text of `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function companyCopy(lang: Lang, key: CompanyCopyKey, vars?: Record<string, string | number>): string {
  const text = catalogs[lang][key]
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** `copy(key, vars)` bound to the page language. */
export function useCompanyCopy(): CompanyCopy {
  const lang = useLang()
  return (key, vars) => companyCopy(lang, key, vars)
}
