import type { Lang } from '#shared/locales.ts'
import en from '#shared/i18n/content/company.en.json'
import ko from '#shared/i18n/content/company.ko.json'
import { fillCopy, type CompanyCatalogue, type CompanyCopyKey } from './company.ts'

const catalogs: Record<Lang, CompanyCatalogue> = { ko, en }

/** The company copy of one language: what the company layout's loader sends the page. */
export const companyCatalogue = (lang: Lang): CompanyCatalogue => catalogs[lang]

/** The text of `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function companyCopy(lang: Lang, key: CompanyCopyKey, vars?: Record<string, string | number>): string {
  return fillCopy(catalogs[lang][key], vars)
}
