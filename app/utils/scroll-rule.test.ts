import { describe, expect, it } from 'vitest'
import { FOCUS_SCROLL_DELAY_MS, scrollActionFor } from './scroll-rule.ts'

describe('scrollActionFor', () => {
  it('no query: scroll to top', () => {
    expect(scrollActionFor('')).toEqual({ kind: 'top' })
    expect(scrollActionFor('?page=2')).toEqual({ kind: 'top' })
  })

  it('disableScrollTop=true: leave the position alone', () => {
    expect(scrollActionFor('?disableScrollTop=true')).toEqual({ kind: 'none' })
    expect(scrollActionFor('?page=3&disableScrollTop=true')).toEqual({ kind: 'none' })
  })

  it('disableScrollTop=false still scrolls to top', () => {
    expect(scrollActionFor('?disableScrollTop=false')).toEqual({ kind: 'top' })
  })

  it('focus=x: scroll to x, block center, after 300 ms', () => {
    expect(FOCUS_SCROLL_DELAY_MS).toBe(300)
    expect(scrollActionFor('?focus=company_step_02')).toEqual({
      kind: 'focus',
      id: 'company_step_02',
      block: 'center',
      delay: 300,
    })
  })

  it('focus_block=start is honoured', () => {
    expect(scrollActionFor('?focus=x&focus_block=start')).toEqual({
      kind: 'focus',
      id: 'x',
      block: 'start',
      delay: 300,
    })
  })

  it('an invalid focus_block falls back to center', () => {
    expect(scrollActionFor('?focus=x&focus_block=middle')).toMatchObject({ kind: 'focus', block: 'center' })
  })

  it('focus wins over disableScrollTop (the product menu links carry both)', () => {
    expect(scrollActionFor('?disableScrollTop=true&focus=product_title_id&focus_block=center')).toEqual({
      kind: 'focus',
      id: 'product_title_id',
      block: 'center',
      delay: 300,
    })
  })

  it('an empty focus value is ignored', () => {
    expect(scrollActionFor('?focus=')).toEqual({ kind: 'top' })
  })

  it('works without the leading question mark', () => {
    expect(scrollActionFor('focus=y')).toMatchObject({ kind: 'focus', id: 'y' })
  })
})
