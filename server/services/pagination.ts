import { LIST_SIZES, PAGE_LIMITS, pageWindow } from '#shared/list-rules.ts'

/**
 * The one pagination rule of every list call: `recordSize` rows per page, `pageSize` pages per
 * window (1-5, 6-10, … for 5). The page is clamped to at least 1; a page past the end answers
 * an empty list with the true totals and the last window, so the pager can still lead back.
 */

export type PageRequest = { page: number; recordSize: number; pageSize: number }

export type Pagination = {
  page: number
  page_list: number[]
  totalPageCount: number
  totalRecordCountAll: number
}

export type Paged<T> = { list: T[]; pagination: Pagination }

function whole(value: number, fallback: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return fallback
  return Math.min(max, Math.max(min, Math.floor(value)))
}

/** The request with every number made whole and in range (services are also called by loaders). */
export function normalizePageRequest(request: PageRequest): PageRequest {
  return {
    page: whole(request.page, 1, 1, Number.MAX_SAFE_INTEGER),
    recordSize: whole(request.recordSize, LIST_SIZES.reference.recordSize, 1, PAGE_LIMITS.recordSizeMax),
    pageSize: whole(request.pageSize, LIST_SIZES.reference.pageSize, 1, PAGE_LIMITS.pageSizeMax),
  }
}

/** Pagination numbers for `total` rows, plus the offset and limit of the requested page. */
export function paginate(
  request: PageRequest,
  total: number,
): { pagination: Pagination; offset: number; limit: number } {
  const { page, recordSize, pageSize } = normalizePageRequest(request)
  const totalRecordCountAll = Math.max(0, Math.floor(total))
  const totalPageCount = Math.ceil(totalRecordCountAll / recordSize)
  const page_list = pageWindow(page, totalPageCount, pageSize)
  return {
    pagination: { page, page_list, totalPageCount, totalRecordCountAll },
    offset: (page - 1) * recordSize,
    limit: recordSize,
  }
}

/**
 * Runs a paged query: counts, then loads the page's rows only when the page is not past the end.
 */
export async function paged<T>(
  request: PageRequest,
  count: () => Promise<number>,
  rows: (window: { offset: number; limit: number }) => Promise<T[]>,
): Promise<Paged<T>> {
  const total = await count()
  const { pagination, offset, limit } = paginate(request, total)
  const list = offset < pagination.totalRecordCountAll ? await rows({ offset, limit }) : []
  return { list, pagination }
}
