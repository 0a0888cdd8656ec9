import type { ContentKind } from '#shared/content-kinds.ts'
import type { Lang } from '#shared/locales.ts'

/** How a record is named in lists: its first list field, in the page language when it has one; else its number. */
export function recordLabel(
  kind: ContentKind,
  record: { id: number; values: Record<string, unknown> },
  lang: Lang,
): string {
  const field = kind.listFields[0]!
  const value = (lang === 'en' ? record.values[`${field}_en`] : undefined) ?? record.values[field]
  const text = value === null || value === undefined ? '' : String(value)
  return text.trim() || `#${record.id}`
}
