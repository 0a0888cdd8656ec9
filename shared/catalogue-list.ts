import type { BulkAction, ListSpec } from './console-lists.ts'

/**
 * The catalogue's list view (docs/decisions/068-catalogue-list.md): the nodes of the product tree
 * on the console lists' query contract (docs/decisions/054-console-lists.md). `view=list` is one of
 * its fields, so every link the toolkit writes (sort, pages, filters) stays in the list view;
 * without it the page shows the tree.
 */

/** A node's level as the address names it, and its depth in the tree. */
export const CATALOGUE_LEVELS = { family: 1, series: 2, item: 3 } as const
export type CatalogueLevel = keyof typeof CATALOGUE_LEVELS

/** The sortable columns: the level first (families, then series, then item types, each by name). */
export const CATALOGUE_SORTS = ['level', 'name', 'updated'] as const
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]

export const CATALOGUE_LIST_SPEC: ListSpec<CatalogueSort> = {
  statuses: ['live', 'hidden', 'hidden-by-parent'],
  sorts: CATALOGUE_SORTS,
  defaultSort: 'level',
  dirs: { updated: 'desc' },
  filters: {
    view: ['tree', 'list'],
    level: Object.keys(CATALOGUE_LEVELS),
  },
  // A node is shown or hidden in both languages at once.
  perLanguage: false,
}

/** Show and hide: the catalogue's publish and unpublish (a node goes through the editor's `setPublished`). */
export const CATALOGUE_BULK_ACTIONS: readonly BulkAction[] = ['show', 'hide']
