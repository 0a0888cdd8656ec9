import type { TreeRoot } from '#app/components/ui/tree-side-menu.tsx'

/** The product tree as products.tree() returns it (titles already picked for the page language). */
export type ProductTreeNode = { id: number; title: string; product_list?: ProductTreeNode[] }

export type ProductPath =
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'product'; id: number; first: string; second: string; third?: string }

const find = (list: ProductTreeNode[] | undefined, id: string | undefined) => list?.find((node) => String(node.id) === id)

/**
 * Which product `/product/{first}/{second}[/{third}]` shows: /product/0/0 is the first
 * category's first subcategory; otherwise every id must be a child of the one before it
 * (ids are compared as written, so '02' is not 2).
 */
export function resolveProductPath(tree: ProductTreeNode[], first: string | undefined, second: string | undefined, third?: string): ProductPath {
  if (first === '0' && second === '0' && third === undefined) {
    const family = tree.find((f) => (f.product_list?.length ?? 0) > 0)
    const series = family?.product_list?.[0]
    return family && series ? { kind: 'redirect', to: `/product/${family.id}/${series.id}` } : { kind: 'notFound' }
  }
  const family = find(tree, first)
  const series = find(family?.product_list, second)
  if (!family || !series) return { kind: 'notFound' }
  if (third === undefined) return { kind: 'product', id: series.id, first: String(family.id), second: String(series.id) }
  const item = find(series.product_list, third)
  return item ? { kind: 'product', id: item.id, first: String(family.id), second: String(series.id), third: String(item.id) } : { kind: 'notFound' }
}

/** The side menu's three levels from the product tree. */
export function productMenuTree(tree: ProductTreeNode[]): TreeRoot[] {
  return tree.map((family) => ({
    id: String(family.id),
    text: family.title,
    children: (family.product_list ?? []).map((series) => ({
      id: String(series.id),
      text: series.title,
      children: (series.product_list ?? []).map((item) => ({ id: String(item.id), text: item.title })),
    })),
  }))
}
