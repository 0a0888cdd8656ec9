import { describe, expect, it } from 'vitest'
import { classificationSearch, parseClassification, parseProductId, returnPath } from './archive-query.ts'

describe('archive query', () => {
  it('reads the classification index 0..12, else 0', () => {
    expect(parseClassification(null)).toBe(0)
    expect(parseClassification('3')).toBe(3)
    expect(parseClassification('12')).toBe(12)
    for (const bad of ['13', '-1', '1.5', 'a', '', '007']) expect(parseClassification(bad), bad).toBe(0)
  })

  it('reads a product id, else none', () => {
    expect(parseProductId('6')).toBe(6)
    for (const bad of [null, '0', '-6', '6a', '', '1e3']) expect(parseProductId(bad), String(bad)).toBeNull()
  })

  it('returns to a same-site state path, else /product/0/0', () => {
    expect(returnPath({ path: '/product/1/6' })).toBe('/product/1/6')
    expect(returnPath(null)).toBe('/product/0/0')
    expect(returnPath({ path: 'https://evil.example' })).toBe('/product/0/0')
    expect(returnPath({ path: '//evil.example' })).toBe('/product/0/0')
    expect(returnPath({ path: 42 })).toBe('/product/0/0')
    expect(returnPath('/product/1/6')).toBe('/product/0/0')
  })

  it('choosing a classification resets the page and keeps the product', () => {
    expect(classificationSearch(new URLSearchParams('id=6&select=1&page=3'), '2')).toBe('?id=6&select=2')
    expect(classificationSearch(new URLSearchParams(''), '0')).toBe('?select=0')
  })
})
