import type { TreeRoot } from '#app/components/ui/tree-side-menu.tsx'
import { isLegacyId } from '#shared/product-slugs.ts'

/** The public product tree (titles already picked for the page language), with each node's slug. */
export type ProductTreeNode = { id: number; slug: string; title: string; product_list?: ProductTreeNode[] }

export type ProductPath =
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'product'; id: number; first: string; second: string; third?: string }

/** A flat list of nodes (parent first, in display order) as the three-level tree. */
export function nestTree<T extends { id: number; parent_id: number | null; slug: string }>(
  nodes: readonly T[],
  title: (node: T) => string,
): ProductTreeNode[] {
  const under = (parent: number | null, depth: number): ProductTreeNode[] =>
    nodes
      .filter((n) => n.parent_id === parent)
      .map((n) => ({
        id: n.id,
        slug: n.slug,
        title: title(n),
        ...(depth < 3 ? { product_list: under(n.id, depth + 1) } : {}),
      }))
  return under(null, 1)
}

const bySlug = (list: ProductTreeNode[] | undefined, slug: string | undefined) =>
  list?.find((node) => node.slug === slug)

const addressOf = (...nodes: ProductTreeNode[]) => `/product/${nodes.map((n) => n.slug).join('/')}`

/**
 * Which product `/product/{first}/{second}[/{third}]` shows (docs/decisions/020-product-slugs-and-redirects.md):
 * the slugs of a family, one of its series and optionally one of the series's items. The
 * specification's id addresses answer with the slug address: /product/0/0 is the first family's
 * first series; /product/1/2[/5] is the node of the last id when every id names a node of its
 * level (the last one may have moved to another parent since the link was made). Ids count as
 * written: '02' is not 2.
 */
export function resolveProductPath(
  tree: ProductTreeNode[],
  first: string | undefined,
  second: string | undefined,
  third?: string,
): ProductPath {
  if (first === '0' && second === '0' && third === undefined) {
    const family = tree.find((f) => (f.product_list?.length ?? 0) > 0)
    const series = family?.product_list?.[0]
    return family && series ? { kind: 'redirect', to: addressOf(family, series) } : { kind: 'notFound' }
  }
  const segments = [first, second, ...(third === undefined ? [] : [third])]
  if (segments.every(isLegacyId)) {
    const levels: ProductTreeNode[][] = [tree, tree.flatMap((f) => f.product_list ?? [])]
    levels.push(levels[1]!.flatMap((s) => s.product_list ?? []))
    const found = segments.map((id, depth) => levels[depth]!.find((n) => String(n.id) === id))
    const target = found[found.length - 1]
    if (found.some((n) => !n) || !target) return { kind: 'notFound' }
    const family = tree.find((f) =>
      f.product_list?.some((s) => s.id === target.id || s.product_list?.some((i) => i.id === target.id)),
    )!
    const series =
      segments.length === 2
        ? target
        : family.product_list!.find((s) => s.product_list?.some((i) => i.id === target.id))!
    return {
      kind: 'redirect',
      to: segments.length === 2 ? addressOf(family, series) : addressOf(family, series, target),
    }
  }
  const family = bySlug(tree, first)
  const series = bySlug(family?.product_list, second)
  if (!family || !series) return { kind: 'notFound' }
  if (third === undefined) return { kind: 'product', id: series.id, first: family.slug, second: series.slug }
  const item = bySlug(series.product_list, third)
  return item
    ? { kind: 'product', id: item.id, first: family.slug, second: series.slug, third: item.slug }
    : { kind: 'notFound' }
}

/** The side menu's three levels from the product tree, keyed by slug (its links are the slug addresses). */
export function productMenuTree(tree: ProductTreeNode[]): TreeRoot[] {
  return tree.map((family) => ({
    id: family.slug,
    text: family.title,
    children: (family.product_list ?? []).map((series) => ({
      id: series.slug,
      text: series.title,
      children: (series.product_list ?? []).map((item) => ({ id: item.slug, text: item.title })),
    })),
  }))
}
