import companyEn from '#shared/i18n/content/company.en.json'
import companyKo from '#shared/i18n/content/company.ko.json'
import recruitmentEn from '#shared/i18n/content/recruitment.en.json'
import recruitmentKo from '#shared/i18n/content/recruitment.ko.json'
import type { TextPage } from '#shared/page-texts.ts'

/** Every string of a nested copy object by dotted path (`procedure.steps.0.title`). */
function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]]
  if (Array.isArray(value)) return value.flatMap((v, i) => flatten(v, prefix ? `${prefix}.${i}` : String(i)))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))
  return []
}

export type CatalogueText = { key: string; ko: string; en: string }

/**
 * The catalogue's texts of each page, by full key (`esg.lead`, `recruitment.title`), in both
 * languages, in the catalogue's order (which is the order the page shows them).
 */
export const CATALOGUE_TEXTS: Record<TextPage, CatalogueText[]> = {
  esg: Object.entries(companyKo)
    .filter(([k]) => k.startsWith('esg.'))
    .map(([key, ko]) => ({ key, ko, en: (companyEn as Record<string, string>)[key] ?? '' })),
  recruitment: (() => {
    const en = new Map(flatten(recruitmentEn))
    return flatten(recruitmentKo).map(([path, ko]) => ({ key: `recruitment.${path}`, ko, en: en.get(path) ?? '' }))
  })(),
}
