/**
 * The list rules of the specification (section 9), written once for the API, the services and
 * the pages: rows per page and page numbers per window of each list, the limits of a page
 * request, the page window and the row numbers that count down from the total.
 */

/** Longest search `keyword` (the site search and the document lists). */
export const KEYWORD_MAX = 100

/** Rows per page (`recordSize`) and page numbers per window (`pageSize`) of each list. */
export const LIST_SIZES = {
  /** Reference archive (/related-data, `product/support/list`). */
  reference: { recordSize: 15, pageSize: 5 },
  /** Investor notices (`invest/list`). */
  invest: { recordSize: 15, pageSize: 5 },
  /** Site search (`search/list`). */
  search: { recordSize: 15, pageSize: 5 },
  /** Service & support documents (`support/list/text`). */
  service: { recordSize: 5, pageSize: 5 },
  /** Circuit diagrams by serial number (`support/serial`). */
  serial: { recordSize: 5, pageSize: 5 },
  /** Restricted-area orders (`morgan/list`, `activeEner/list`). */
  restricted: { recordSize: 30, pageSize: 5 },
} as const satisfies Record<string, ListSize>

export type ListSize = { recordSize: number; pageSize: number }

/** What a page request may ask (larger values are refused by the API). */
export const PAGE_LIMITS = {
  /** Largest `recordSize` (rows per page). */
  recordSizeMax: 100,
  /** Largest `pageSize` (pages per pagination window). */
  pageSizeMax: 10,
  /** Largest `page`. */
  pageMax: 100_000,
} as const

/**
 * The one page-window rule, used by the API's `page_list` and by the pagination control: the
 * group of `pageSize` page numbers that holds `page` (1-5, 6-10, … for 5), the last group possibly
 * shorter. Empty when there are no pages.
 */
export function pageWindow(page: number, totalPages: number, pageSize: number): number[] {
  if (totalPages < 1 || page < 1) return []
  const current = Math.min(page, totalPages)
  const first = Math.floor((current - 1) / pageSize) * pageSize + 1
  const last = Math.min(first + pageSize - 1, totalPages)
  const pages: number[] = []
  for (let n = first; n <= last; n++) pages.push(n)
  return pages
}

/**
 * The number shown in the first column of a list row: counting down from the total, so the
 * newest row has the highest number (total − recordSize × (page − 1) − index).
 */
export function rowNumber(list: { total: number; page: number; recordSize: number }, index: number): number {
  return list.total - list.recordSize * (list.page - 1) - index
}

/** A page number from a query value ("3" → 3); anything else is page 1. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : 1
}
