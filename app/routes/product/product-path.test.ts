import { describe, expect, it } from 'vitest'
import { productMenuTree, resolveProductPath, type ProductTreeNode } from './product-path.ts'

const tree: ProductTreeNode[] = [
  {
    id: 1,
    slug: 'electric-actuator',
    title: 'Electric actuator',
    product_list: [
      { id: 2, slug: 'tm', title: 'TM', product_list: [{ id: 3, slug: 'basic', title: 'BASIC' }] },
      { id: 6, slug: 'tx', title: 'TX', product_list: [] },
    ],
  },
  {
    id: 11,
    slug: 'gate-hoist',
    title: 'Gate hoist',
    product_list: [{ id: 12, slug: 'tm', title: 'TM', product_list: [] }],
  },
]

describe('resolveProductPath', () => {
  it('sends /product/0/0 to the first category’s first subcategory, at its slug address', () => {
    expect(resolveProductPath(tree, '0', '0')).toEqual({ kind: 'redirect', to: '/product/electric-actuator/tm' })
    expect(resolveProductPath([{ id: 5, slug: 'empty', title: 'Empty', product_list: [] }, ...tree], '0', '0')).toEqual(
      { kind: 'redirect', to: '/product/electric-actuator/tm' },
    )
    expect(resolveProductPath([], '0', '0')).toEqual({ kind: 'notFound' })
    expect(resolveProductPath(tree, '0', '0', '0')).toEqual({ kind: 'notFound' })
  })

  it('shows the deepest slug of a path whose slugs nest', () => {
    expect(resolveProductPath(tree, 'electric-actuator', 'tm')).toEqual({
      kind: 'product',
      id: 2,
      first: 'electric-actuator',
      second: 'tm',
    })
    expect(resolveProductPath(tree, 'electric-actuator', 'tm', 'basic')).toEqual({
      kind: 'product',
      id: 3,
      first: 'electric-actuator',
      second: 'tm',
      third: 'basic',
    })
    expect(resolveProductPath(tree, 'gate-hoist', 'tm')).toEqual({
      kind: 'product',
      id: 12,
      first: 'gate-hoist',
      second: 'tm',
    })
  })

  it('sends the specification’s id addresses to the slug address of their last id', () => {
    expect(resolveProductPath(tree, '1', '2')).toEqual({ kind: 'redirect', to: '/product/electric-actuator/tm' })
    expect(resolveProductPath(tree, '1', '2', '3')).toEqual({
      kind: 'redirect',
      to: '/product/electric-actuator/tm/basic',
    })
    expect(resolveProductPath(tree, '11', '12')).toEqual({ kind: 'redirect', to: '/product/gate-hoist/tm' })
    // A link made before BASIC moved from TX to TM still finds it.
    expect(resolveProductPath(tree, '1', '6', '3')).toEqual({
      kind: 'redirect',
      to: '/product/electric-actuator/tm/basic',
    })
  })

  it('refuses unknown slugs, slugs under another parent, ids of the wrong level and ids not written plainly', () => {
    for (const [a, b, c] of [
      ['electric-actuator', 'tm', 'nope'],
      ['gate-hoist', 'tx'],
      ['tm', 'basic'],
      ['electric-actuator', 'tx', 'basic'],
      ['2', '3'],
      ['1', '2', '6'],
      ['99', '2'],
      ['01', '2'],
      ['1', '2.0'],
      ['1', ' 2'],
      ['1', '0'],
      ['0', '2'],
    ] as const) {
      expect(resolveProductPath(tree, a, b, c), `${a}/${b}/${c}`).toEqual({ kind: 'notFound' })
    }
  })
})

describe('productMenuTree', () => {
  it('keeps the three levels keyed by slug', () => {
    expect(productMenuTree(tree)[0]).toEqual({
      id: 'electric-actuator',
      text: 'Electric actuator',
      children: [
        { id: 'tm', text: 'TM', children: [{ id: 'basic', text: 'BASIC' }] },
        { id: 'tx', text: 'TX', children: [] },
      ],
    })
  })
})
