import {
  agencies,
  banners,
  clients,
  historyEntries,
  patents,
  popups,
  productBanners,
  siteSettings,
  videos,
  workplaces,
} from '#server/db/schema.ts'
import type { ContentKindName } from '#shared/content-kinds.ts'
import type { SourceKind } from '../search/sources.ts'

/** The table behind each kind the console edits. */
export const KIND_TABLES = {
  'site-settings': siteSettings,
  banners,
  popups,
  'product-banners': productBanners,
  videos,
  history: historyEntries,
  patents,
  clients,
  workplaces,
  agencies,
} as const satisfies Record<ContentKindName, unknown>

export type KindTable = (typeof KIND_TABLES)[ContentKindName]

/**
 * The search-index kind a record feeds, and the source id of a record (clients are indexed per
 * sector, the others per row): the index changes in the transaction that publishes.
 */
export const SEARCH_SOURCES: Partial<
  Record<ContentKindName, { kind: SourceKind; sourceId: (row: Record<string, unknown>) => string }>
> = {
  history: { kind: 'history', sourceId: (row) => String(row.id) },
  patents: { kind: 'patent', sourceId: (row) => String(row.id) },
  agencies: { kind: 'agency', sourceId: (row) => String(row.id) },
  workplaces: { kind: 'workplace', sourceId: (row) => String(row.id) },
  clients: { kind: 'client', sourceId: (row) => String(row.sector) },
}
