/**
 * What the public reads of edited content (docs/decisions/015-content-publishing.md): published
 * records with their public values; in a staff preview, every record with its draft applied.
 */
export type View = { preview?: boolean }

export const PUBLIC_VIEW: View = { preview: false }

type Editable = { id: number; published?: boolean; draft: Record<string, unknown> | null; sort_order?: number }

/** Draft values over the row; ISO strings of `*_at` columns become dates again. */
export function withDraft<T extends Editable>(row: T): T {
  if (!row.draft) return row
  const draft = Object.fromEntries(
    Object.entries(row.draft).map(([k, v]) => [k, k.endsWith('_at') && typeof v === 'string' ? new Date(v) : v]),
  )
  return { ...row, ...draft }
}

/** The rows the view shows, in display order (a draft may move a record). */
export function visibleRows<T extends Editable>(rows: T[], view: View = PUBLIC_VIEW): T[] {
  if (!view.preview) return rows.filter((r) => r.published !== false)
  return rows.map(withDraft).sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.id - b.id)
}
