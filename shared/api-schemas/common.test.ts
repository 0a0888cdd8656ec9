import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { intParam, optionIdListParam, paginationParams } from './common.ts'
import { productSupportListQuery } from './products.ts'
import { supportListTextQuery, supportSerialQuery } from './support.ts'

describe('query building blocks', () => {
  const page = z.object(paginationParams({ recordSize: 15, pageSize: 5 }))

  it('apply the list defaults', () => {
    expect(page.parse({})).toEqual({ page: 1, recordSize: 15, pageSize: 5 })
  })
  it('read pages below 1 as 1 and refuse pages past 100000', () => {
    expect(page.parse({ page: '0' }).page).toBe(1)
    expect(page.parse({ page: '-7' }).page).toBe(1)
    expect(page.parse({ page: '100000' }).page).toBe(100000)
    expect(page.safeParse({ page: '100001' }).success).toBe(false)
  })
  it('accept only plain digits', () => {
    const n = intParam(1, 100)
    for (const bad of ['', ' 1', '1 ', '+1', '1e2', '0x1', '1.0', 'Infinity', 'NaN', '１'])
      expect(n.safeParse(bad).success, bad).toBe(false)
    expect(n.parse('007')).toBe(7)
  })
  it('bound recordSize to 1..100 and pageSize to 1..10', () => {
    expect(page.safeParse({ recordSize: '100', pageSize: '10' }).success).toBe(true)
    expect(page.safeParse({ recordSize: '101' }).success).toBe(false)
    expect(page.safeParse({ pageSize: '11' }).success).toBe(false)
    expect(page.safeParse({ recordSize: '0' }).success).toBe(false)
  })
  it('read option_id_list as distinct positive ids, 0 meaning none', () => {
    const ids = optionIdListParam()
    expect(ids.parse('0')).toEqual([])
    expect(ids.parse('3,1,3,0')).toEqual([3, 1])
    for (const bad of ['', ',', '1,', 'a', '1 2', '-1', '1.5']) expect(ids.safeParse(bad).success, bad).toBe(false)
  })
})

describe('call schemas', () => {
  it('product/support/list: select, its alias type, and the product filter', () => {
    expect(productSupportListQuery.parse({})).toMatchObject({
      classification: 0,
      productId: null,
      page: 1,
      recordSize: 15,
      pageSize: 5,
    })
    expect(productSupportListQuery.parse({ type: '4' }).classification).toBe(4)
    expect(productSupportListQuery.parse({ select: '2', type: '4' }).classification).toBe(2)
    expect(productSupportListQuery.parse({ id: '0' }).productId).toBeNull()
    expect(productSupportListQuery.safeParse({ select: '13' }).success).toBe(false)
  })
  it('support/list/text: keyword up to 100 characters, 5 per page', () => {
    expect(supportListTextQuery.parse({ type: '1' })).toMatchObject({
      keyword: '',
      page: 1,
      recordSize: 5,
      pageSize: 5,
    })
    expect(supportListTextQuery.safeParse({ type: '1', keyword: 'x'.repeat(101) }).success).toBe(false)
  })
  it('support/serial: code1 two digits, code2 up to four', () => {
    expect(supportSerialQuery.parse({ code1: '25' })).toMatchObject({ code1: '25', code2: '' })
    expect(supportSerialQuery.parse({ code1: '25', code2: '0100' }).code2).toBe('0100')
    for (const bad of [
      {},
      { code1: '2' },
      { code1: '250' },
      { code1: '25', code2: '01000' },
      { code1: '25', code2: '1a' },
    ]) {
      expect(supportSerialQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})
