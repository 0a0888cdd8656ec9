/**
 * The one page-window rule of the specification, used by the API's `page_list` and by the
 * pagination control: the group of `pageSize` page numbers that holds `page` (1-5, 6-10, … for 5),
 * the last group possibly shorter. Empty when there are no pages.
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
