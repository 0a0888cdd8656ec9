import type { Lang } from '#shared/locales.ts'

/**
 * What the public reads of edited content (docs/decisions/015-content-publishing.md): published
 * records with their public values; in a staff preview, every record with its draft applied. A
 * page's view names its language: a record not published in it is left out
 * (docs/decisions/043-per-language-publishing.md); a view without one (the bilingual public API,
 * the search index) keeps the record with the unpublished language's texts empty.
 */
export type View = { preview?: boolean; lang?: Lang }

export const PUBLIC_VIEW: View = { preview: false }

type Editable = {
  id: number
  published?: boolean
  hidden_lang?: Lang | null
  draft: Record<string, unknown> | null
  sort_order?: number
}

/** Draft values over the row; ISO strings of `*_at` columns become dates again. */
export function withDraft<T extends Editable>(row: T): T {
  if (!row.draft) return row
  const draft = Object.fromEntries(
    Object.entries(row.draft).map(([k, v]) => [k, k.endsWith('_at') && typeof v === 'string' ? new Date(v) : v]),
  )
  return { ...row, ...draft }
}

/**
 * The row as the public sees it when one language is not published: the texts of that language
 * (of each bilingual pair `name`/`name_en`) empty, so nothing unpublished leaves the server.
 */
export function withoutHiddenSide<T extends Editable>(row: T): T {
  const hidden = row.hidden_lang
  if (!hidden) return row
  const out: Record<string, unknown> = { ...row }
  for (const key of Object.keys(row)) {
    if (!key.endsWith('_en')) continue
    const base = key.slice(0, -3)
    if (!(base in row)) continue
    const side = hidden === 'en' ? key : base
    if (typeof out[side] === 'string') out[side] = ''
  }
  return out as T
}

/** The rows the view shows, in display order (a draft may move a record). */
export function visibleRows<T extends Editable>(rows: T[], view: View = PUBLIC_VIEW): T[] {
  if (view.preview) return rows.map(withDraft).sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.id - b.id)
  return rows.filter((r) => r.published !== false && (!view.lang || r.hidden_lang !== view.lang)).map(withoutHiddenSide)
}
