import { pageWindow } from '#shared/list-rules.ts'

export type PaginationInput = {
  /** Requested page (1-based); anything out of range or not a number is clamped. */
  page: number
  totalRecords: number
  /** Records per page (15 for the archive, search and investor lists; 5 for service lists). */
  recordSize: number
  /** Page numbers shown at once (5 everywhere in the specification). */
  pageSize: number
}

export type PaginationWindow = {
  /** The requested page clamped to 1..totalPages. */
  page: number
  /** At least 1, so that `page` is always a valid page even with no records. */
  totalPages: number
  /** The group of `pageSize` page numbers holding `page`: 1-5, 6-10, ... (the last group may be shorter). */
  pages: number[]
  /** The page before `page`, or null on page 1. */
  prevPage: number | null
  /** The page after `page`, or null on the last page. */
  nextPage: number | null
}

function positiveInt(value: number, fallback: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback
}

/** The page numbers and arrow targets of a pagination control (pure, shared by server and browser). */
export function paginationWindow({ page, totalRecords, recordSize, pageSize }: PaginationInput): PaginationWindow {
  const size = positiveInt(recordSize, 1)
  const group = positiveInt(pageSize, 1)
  const records = Number.isFinite(totalRecords) && totalRecords > 0 ? Math.floor(totalRecords) : 0
  const totalPages = Math.max(1, Math.ceil(records / size))
  const current = Math.min(positiveInt(page, 1), totalPages)
  return {
    page: current,
    totalPages,
    pages: pageWindow(current, totalPages, group),
    prevPage: current > 1 ? current - 1 : null,
    nextPage: current < totalPages ? current + 1 : null,
  }
}
