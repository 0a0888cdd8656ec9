import { describe, expect, it } from 'vitest'
import { productMenuTree, resolveProductPath, type ProductTreeNode } from './product-path.ts'

const tree: ProductTreeNode[] = [
  { id: 1, title: 'Electric actuator', product_list: [{ id: 2, title: 'TM', product_list: [{ id: 3, title: 'BASIC' }] }, { id: 6, title: 'TX', product_list: [] }] },
  { id: 11, title: 'Gate hoist', product_list: [{ id: 12, title: 'TM', product_list: [] }] },
]

describe('resolveProductPath', () => {
  it('sends /product/0/0 to the first category’s first subcategory', () => {
    expect(resolveProductPath(tree, '0', '0')).toEqual({ kind: 'redirect', to: '/product/1/2' })
    expect(resolveProductPath([{ id: 5, title: 'Empty', product_list: [] }, ...tree], '0', '0')).toEqual({ kind: 'redirect', to: '/product/1/2' })
    expect(resolveProductPath([], '0', '0')).toEqual({ kind: 'notFound' })
    expect(resolveProductPath(tree, '0', '0', '0')).toEqual({ kind: 'notFound' })
  })

  it('shows the deepest id of a path whose ids nest', () => {
    expect(resolveProductPath(tree, '1', '2')).toEqual({ kind: 'product', id: 2, first: '1', second: '2' })
    expect(resolveProductPath(tree, '1', '2', '3')).toEqual({ kind: 'product', id: 3, first: '1', second: '2', third: '3' })
    expect(resolveProductPath(tree, '11', '12')).toEqual({ kind: 'product', id: 12, first: '11', second: '12' })
  })

  it('refuses unknown ids, ids under another parent and ids not written plainly', () => {
    for (const [a, b, c] of [
      ['1', '12'], ['11', '2'], ['2', '3'], ['1', '2', '6'], ['1', '6', '3'], ['99', '2'], ['01', '2'], ['1', '2.0'], ['1', ' 2'], ['1', '0'], ['0', '2'],
    ] as const) {
      expect(resolveProductPath(tree, a, b, c), `${a}/${b}/${c}`).toEqual({ kind: 'notFound' })
    }
  })
})

describe('productMenuTree', () => {
  it('keeps the three levels with string ids', () => {
    expect(productMenuTree(tree)[0]).toEqual({
      id: '1',
      text: 'Electric actuator',
      children: [
        { id: '2', text: 'TM', children: [{ id: '3', text: 'BASIC' }] },
        { id: '6', text: 'TX', children: [] },
      ],
    })
  })
})
