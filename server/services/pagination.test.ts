import { describe, expect, it } from 'vitest'
import { paged, paginate } from './pagination.ts'

const p = (page: number, total: number, recordSize = 15, pageSize = 5) =>
  paginate({ page, recordSize, pageSize }, total)

describe('paginate', () => {
  it('first page', () => {
    expect(p(1, 100)).toEqual({
      pagination: { page: 1, page_list: [1, 2, 3, 4, 5], totalPageCount: 7, totalRecordCountAll: 100 },
      offset: 0,
      limit: 15,
    })
  })
  it('middle page keeps its window', () => {
    expect(p(3, 100).pagination.page_list).toEqual([1, 2, 3, 4, 5])
    expect(p(3, 100).offset).toBe(30)
  })
  it('windows are 1-5, 6-10, … and the last is cut at the last page', () => {
    const many = 15 * 12
    expect(p(5, many).pagination.page_list).toEqual([1, 2, 3, 4, 5])
    expect(p(6, many).pagination.page_list).toEqual([6, 7, 8, 9, 10])
    expect(p(10, many).pagination.page_list).toEqual([6, 7, 8, 9, 10])
    expect(p(11, many).pagination.page_list).toEqual([11, 12])
    expect(p(7, 100).pagination).toEqual({ page: 7, page_list: [6, 7], totalPageCount: 7, totalRecordCountAll: 100 })
  })
  it('a page past the end keeps its number and the true totals, with the last window', () => {
    const r = p(99, 100)
    expect(r.pagination).toEqual({ page: 99, page_list: [6, 7], totalPageCount: 7, totalRecordCountAll: 100 })
    expect(r.offset).toBe(98 * 15)
  })
  it('pages below 1, fractions and NaN read as page 1 (or floor)', () => {
    expect(p(0, 100).pagination.page).toBe(1)
    expect(p(-4, 100).offset).toBe(0)
    expect(p(Number.NaN, 100).pagination.page).toBe(1)
    expect(p(2.7, 100).pagination.page).toBe(2)
  })
  it('no rows: no pages', () => {
    expect(p(1, 0).pagination).toEqual({ page: 1, page_list: [], totalPageCount: 0, totalRecordCountAll: 0 })
    expect(p(3, 0).pagination).toEqual({ page: 3, page_list: [], totalPageCount: 0, totalRecordCountAll: 0 })
  })
  it('exact multiples add no extra page', () => {
    expect(p(1, 15).pagination.totalPageCount).toBe(1)
    expect(p(1, 16).pagination.totalPageCount).toBe(2)
    expect(p(1, 75).pagination.page_list).toEqual([1, 2, 3, 4, 5])
  })
  it('service lists: 5 per page, 5 pages per window', () => {
    expect(p(2, 6, 5, 5).pagination).toEqual({ page: 2, page_list: [1, 2], totalPageCount: 2, totalRecordCountAll: 6 })
    expect(p(2, 6, 5, 5).offset).toBe(5)
  })
  it('clamps nonsense sizes into 1..100 rows and 1..10 pages per window', () => {
    expect(p(2, 10, 0, 0)).toMatchObject({ limit: 1, offset: 1, pagination: { page_list: [2], totalPageCount: 10 } })
    expect(p(1, 1000, 500, 50)).toMatchObject({
      limit: 100,
      pagination: { page_list: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], totalPageCount: 10 },
    })
  })
})

describe('paged', () => {
  it('loads the rows of an existing page with its offset and limit', async () => {
    const calls: Array<{ offset: number; limit: number }> = []
    const result = await paged(
      { page: 2, recordSize: 3, pageSize: 5 },
      async () => 7,
      async (w) => {
        calls.push(w)
        return ['d', 'e', 'f']
      },
    )
    expect(calls).toEqual([{ offset: 3, limit: 3 }])
    expect(result).toEqual({
      list: ['d', 'e', 'f'],
      pagination: { page: 2, page_list: [1, 2, 3], totalPageCount: 3, totalRecordCountAll: 7 },
    })
  })
  it('does not query rows past the end', async () => {
    let queried = false
    const result = await paged(
      { page: 4, recordSize: 3, pageSize: 5 },
      async () => 7,
      async () => {
        queried = true
        return ['x']
      },
    )
    expect(queried).toBe(false)
    expect(result.list).toEqual([])
    expect(result.pagination.totalRecordCountAll).toBe(7)
  })
})
