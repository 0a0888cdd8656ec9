import { describe, expect, it } from 'vitest'
import { paginationWindow } from './pagination-window.ts'

const win = (page: number, totalRecords: number, recordSize = 15, pageSize = 5) =>
  paginationWindow({ page, totalRecords, recordSize, pageSize })

describe('paginationWindow', () => {
  it('first page', () => {
    expect(win(1, 100)).toEqual({ page: 1, totalPages: 7, pages: [1, 2, 3, 4, 5], prevPage: null, nextPage: 2 })
  })

  it('middle page', () => {
    expect(win(3, 100)).toEqual({ page: 3, totalPages: 7, pages: [1, 2, 3, 4, 5], prevPage: 2, nextPage: 4 })
  })

  it('last page, in a shorter last group', () => {
    expect(win(7, 100)).toEqual({ page: 7, totalPages: 7, pages: [6, 7], prevPage: 6, nextPage: null })
  })

  it('clamps a page beyond the end to the last page', () => {
    expect(win(99, 100)).toEqual({ page: 7, totalPages: 7, pages: [6, 7], prevPage: 6, nextPage: null })
  })

  it('clamps zero, negative and non-numeric pages to 1 and floors fractions', () => {
    expect(win(0, 100).page).toBe(1)
    expect(win(-4, 100).page).toBe(1)
    expect(win(Number.NaN, 100).page).toBe(1)
    expect(win(2.7, 100).page).toBe(2)
  })

  it('0 records: one empty page', () => {
    expect(win(1, 0)).toEqual({ page: 1, totalPages: 1, pages: [1], prevPage: null, nextPage: null })
    expect(win(5, 0).page).toBe(1)
  })

  it('exact multiples of the record size add no extra page', () => {
    expect(win(1, 15).totalPages).toBe(1)
    expect(win(1, 30).totalPages).toBe(2)
    expect(win(1, 31).totalPages).toBe(3)
    expect(win(1, 75).pages).toEqual([1, 2, 3, 4, 5])
    expect(win(5, 75)).toMatchObject({ totalPages: 5, nextPage: null })
  })

  it('window boundaries: page 5 is in 1-5, page 6 starts 6-10', () => {
    const many = 15 * 12
    expect(win(5, many).pages).toEqual([1, 2, 3, 4, 5])
    expect(win(6, many).pages).toEqual([6, 7, 8, 9, 10])
    expect(win(10, many).pages).toEqual([6, 7, 8, 9, 10])
    expect(win(11, many).pages).toEqual([11, 12])
    expect(win(5, many).nextPage).toBe(6)
    expect(win(6, many).prevPage).toBe(5)
  })

  it('service lists: 5 per page, 5 pages per group', () => {
    expect(win(2, 6, 5, 5)).toEqual({ page: 2, totalPages: 2, pages: [1, 2], prevPage: 1, nextPage: null })
  })

  it('survives nonsense sizes', () => {
    expect(win(2, 10, 0, 0)).toEqual({ page: 2, totalPages: 10, pages: [2], prevPage: 1, nextPage: 3 })
  })
})
