import { describe, expect, it } from 'vitest'
import {
  familyLanding,
  isLegacyId,
  productAddresses,
  slugify,
  uniqueSlug,
  visibleIds,
  type AddressNode,
} from './product-slugs.ts'

describe('slugify', () => {
  it('makes lower-case ASCII words joined by hyphens, never a bare number', () => {
    expect(slugify('Electric actuator')).toBe('electric-actuator')
    expect(slugify('  LTMD-O  ')).toBe('ltmd-o')
    expect(slugify('Hydrological gate hoist (Type II)')).toBe('hydrological-gate-hoist-type-ii')
    expect(slugify('Électrique Ü')).toBe('electrique-u')
    expect(slugify('전동 TM')).toBe('tm')
    expect(slugify('전동')).toBe('item')
    expect(slugify('2027')).toBe('p-2027')
    expect(slugify('x'.repeat(100))).toHaveLength(80)
  })

  it('adds -2, -3… when a sibling has the slug', () => {
    expect(uniqueSlug('basic', new Set())).toBe('basic')
    expect(uniqueSlug('basic', new Set(['basic', 'basic-2']))).toBe('basic-3')
  })

  it('tells legacy ids as the specification writes them', () => {
    expect(['0', '7', '12'].every(isLegacyId)).toBe(true)
    expect(['02', '1.0', ' 2', 'tm', '', undefined].some(isLegacyId)).toBe(false)
  })
})

describe('addresses', () => {
  const node = (
    id: number,
    parent_id: number | null,
    depth: number,
    slug: string,
    published = true,
    sort_order = 0,
  ): AddressNode => ({ id, parent_id, depth, slug, published, sort_order })
  const tree = [
    node(1, null, 1, 'electric-actuator'),
    node(2, 1, 2, 'tm', true, 1),
    node(3, 2, 3, 'basic'),
    node(6, 1, 2, 'tx', false, 0),
    node(7, 6, 3, 'smart'),
  ]

  it('gives series and items their slug path; families none; hidden subtrees none when only the visible count', () => {
    const all = productAddresses(tree, { visibleOnly: false })
    expect(Object.fromEntries(all)).toEqual({
      1: null,
      2: '/product/electric-actuator/tm',
      3: '/product/electric-actuator/tm/basic',
      6: '/product/electric-actuator/tx',
      7: '/product/electric-actuator/tx/smart',
    })
    const visible = productAddresses(tree, { visibleOnly: true })
    expect(visible.get(6)).toBeNull()
    expect(visible.get(7)).toBeNull()
    expect([...visibleIds(tree)].sort()).toEqual([1, 2, 3])
  })

  it('lands a family on its first visible series', () => {
    expect(familyLanding(tree, 1, productAddresses(tree, { visibleOnly: true }))).toBe('/product/electric-actuator/tm')
  })
})
