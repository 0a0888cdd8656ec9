import { describe, expect, it } from 'vitest'
import { productOfModel, type ModelNode } from './model-product.ts'

// The demo catalogue's shape: two families with a TM series each, item types under one of them.
const node = (id: number, parent_id: number | null, depth: number, title: string, title_en = title): ModelNode => ({
  id,
  parent_id,
  depth,
  title,
  title_en,
})
const NODES = [
  node(1, null, 1, '전동 액추에이터', 'Electric actuator'),
  node(2, 1, 2, 'TM'),
  node(3, 2, 3, 'BASIC'),
  node(6, 1, 2, 'TX'),
  node(9, 1, 2, 'LTMD-O'),
  node(11, null, 1, '수문 권양기', 'Hydrological gate hoist'),
  node(12, 11, 2, 'TM'),
]

describe("an order's model names its catalogue product", () => {
  it('takes the longest series and item type the model starts with', () => {
    expect(productOfModel('TM-BASIC 10', NODES)?.id).toBe(3)
    expect(productOfModel('LTMD-O 30', NODES)?.id).toBe(9)
    expect(productOfModel('TX-BASIC 40', NODES)?.id).toBe(6)
  })

  it('lets a word in parentheses choose the family, else the first family', () => {
    expect(productOfModel('TM 200 (수문)', NODES)?.id).toBe(12)
    expect(productOfModel('TM 200', NODES)?.id).toBe(2)
  })

  it('finds nothing for a model no series starts', () => {
    expect(productOfModel('XQ 10', NODES)).toBeNull()
    expect(productOfModel('(수문)', NODES)).toBeNull()
  })
})
