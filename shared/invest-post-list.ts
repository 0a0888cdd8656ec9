import type { ListSpec } from './console-lists.ts'

/** The investor notices' sortable columns: newest first by default. */
export const INVEST_POST_SORTS = ['date', 'title', 'category'] as const
export type InvestPostSort = (typeof INVEST_POST_SORTS)[number]

/**
 * The investor notices on the console lists' query contract (docs/decisions/054-console-lists.md):
 * the search words over the title, Draft or Live (a notice is published as one, in Korean), its
 * category (an id; one that does not exist finds none).
 */
export const INVEST_POST_LIST_SPEC: ListSpec<InvestPostSort> = {
  statuses: ['draft', 'live'],
  sorts: INVEST_POST_SORTS,
  defaultSort: 'date',
  dirs: { date: 'desc' },
  filters: { category: { pattern: /^[1-9]\d{0,8}$/, error: 'console.list.error.choice' } },
  perLanguage: false,
}
