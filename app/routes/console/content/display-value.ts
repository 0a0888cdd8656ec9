import { koreaDateTime } from '#app/utils/korea-date.ts'
import type { ContentKind } from '#shared/content-kinds.ts'
import { translate } from '#shared/i18n/messages.ts'
import type { Lang } from '#shared/locales.ts'

/** A field's value as a list cell: option labels, Korea-time dates, the page language's text. */
export function displayValue(kind: ContentKind, name: string, values: Record<string, unknown>, lang: Lang): string {
  const field = kind.fields.find((f) => f.name === name)!
  const raw = field.bilingual && lang === 'en' ? values[`${name}_en`] : values[name]
  if (raw === null || raw === undefined || raw === '') return '—'
  if (field.type === 'select') {
    const option = field.options?.find((o) => o.value === String(raw))
    return option ? translate(lang, option.label) : String(raw)
  }
  if (raw instanceof Date) return koreaDateTime(raw, lang)
  return String(raw)
}
