import { describe, expect, it } from 'vitest'
import { LIST_SIZES, pageWindow, parsePage, rowNumber } from './list-rules.ts'

describe('list sizes (spec section 9)', () => {
  it('15 rows for the archive, search and investor lists, 5 for service lists, 30 in the restricted area; windows of 5', () => {
    expect([LIST_SIZES.reference.recordSize, LIST_SIZES.search.recordSize, LIST_SIZES.invest.recordSize]).toEqual([
      15, 15, 15,
    ])
    expect([LIST_SIZES.service.recordSize, LIST_SIZES.serial.recordSize, LIST_SIZES.restricted.recordSize]).toEqual([
      5, 5, 30,
    ])
    for (const size of Object.values(LIST_SIZES)) expect(size.pageSize).toBe(5)
  })
})

describe('pageWindow', () => {
  it('is the group of page numbers that holds the page', () => {
    expect(pageWindow(1, 12, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(7, 12, 5)).toEqual([6, 7, 8, 9, 10])
    expect(pageWindow(12, 12, 5)).toEqual([11, 12])
    expect(pageWindow(99, 12, 5)).toEqual([11, 12])
    expect(pageWindow(1, 0, 5)).toEqual([])
  })
})

describe('rowNumber', () => {
  it('counts down from the total across pages', () => {
    expect(rowNumber({ total: 37, page: 1, recordSize: 15 }, 0)).toBe(37)
    expect(rowNumber({ total: 37, page: 1, recordSize: 15 }, 14)).toBe(23)
    expect(rowNumber({ total: 37, page: 3, recordSize: 15 }, 6)).toBe(1)
    expect(rowNumber({ total: 12, page: 2, recordSize: 5 }, 0)).toBe(7)
  })
})

describe('parsePage', () => {
  it('reads positive integers and defaults to 1', () => {
    expect(parsePage('3')).toBe(3)
    expect(parsePage(null)).toBe(1)
    expect(parsePage('')).toBe(1)
    expect(parsePage('0')).toBe(1)
    expect(parsePage('-2')).toBe(1)
    expect(parsePage('1.5')).toBe(1)
    expect(parsePage('abc')).toBe(1)
  })
})
