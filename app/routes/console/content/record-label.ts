import type { ContentKind } from '#shared/content-kinds.ts'
import type { Lang } from '#shared/locales.ts'

/** How a record is named in lists: its first list field, in the page language when filled in; else its number. */
export function recordLabel(
  kind: ContentKind,
  record: { id: number; values: Record<string, unknown> },
  lang: Lang,
): string {
  const field = kind.listFields[0]!
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim())
  // An English name not written yet: the Korean one (a translation may come later).
  return (lang === 'en' ? text(record.values[`${field}_en`]) : '') || text(record.values[field]) || `#${record.id}`
}
