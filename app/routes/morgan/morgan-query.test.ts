import { describe, expect, it } from 'vitest'
import { acceptOrdPart, detailHref, dottedDate, joinOrd, listHref, pastedOrd, splitOrd } from './morgan-query.ts'
import { printDate } from './print-date.ts'

describe('restricted-area addresses', () => {
  it('builds the canonical list address: type always, empty words left out, page past 1 only', () => {
    expect(listHref({ type: 'ERP' })).toBe('/morgan?type=ERP')
    expect(listHref({ type: 'EPS', name: '정수장', ord: '25-0100', page: 1 })).toBe(
      '/morgan?type=EPS&name=%EC%A0%95%EC%88%98%EC%9E%A5&ord=25-0100',
    )
    expect(listHref({ type: 'ERP', name: '', ord: '25', page: 3 })).toBe('/morgan?type=ERP&ord=25&page=3')
    expect(detailHref('EPS', 'P25-000001')).toBe('/morgan/detail/EPS/P25-000001')
  })

  it('joins and splits the two ORD parts (the hyphen only with a second part)', () => {
    expect(joinOrd('25', '0100')).toBe('25-0100')
    expect(joinOrd('25', '')).toBe('25')
    expect(joinOrd('', '01')).toBe('-01')
    expect(splitOrd('25-0100')).toEqual(['25', '0100'])
    expect(splitOrd('25')).toEqual(['25', ''])
    expect(splitOrd("25-0100'--")).toEqual(['25', ''])
    expect(splitOrd('abc')).toEqual(['', ''])
  })

  it('takes only digits within each part length, keeping the previous value otherwise', () => {
    expect(acceptOrdPart('2', '25', 0)).toBe('25')
    expect(acceptOrdPart('25', '259', 0)).toBe('25')
    expect(acceptOrdPart('2', '2-', 0)).toBe('2')
    expect(acceptOrdPart('01', '01a', 1)).toBe('01')
    expect(acceptOrdPart('010', '0100', 1)).toBe('0100')
    expect(acceptOrdPart('0100', '01000', 1)).toBe('0100')
    expect(acceptOrdPart('5', '', 0)).toBe('')
  })

  it('splits a pasted whole ORD number, and nothing else', () => {
    expect(pastedOrd('25-0100')).toEqual(['25', '0100'])
    expect(pastedOrd(' 24 0312 ')).toEqual(['24', '0312'])
    expect(pastedOrd('25')).toBeNull()
    expect(pastedOrd('25-01000')).toBeNull()
    expect(pastedOrd('ab-0100')).toBeNull()
  })

  it('shows dates dotted; the date of printing is the day in Korea', () => {
    expect(dottedDate('2026-12-19')).toBe('2026.12.19')
    expect(dottedDate('')).toBe('')
    expect(printDate(new Date('2026-11-22T14:59:59Z'))).toBe('2026.11.22')
    expect(printDate(new Date('2026-11-22T15:00:00Z'))).toBe('2026.11.23')
  })
})
