/**
 * Product addresses (docs/decisions/020-product-slugs-and-redirects.md): /product/<family>/<series>
 * and /product/<family>/<series>/<item>, each segment the node's slug, made from its English title
 * and unique among its siblings. A slug is never a bare number: numbers are the legacy id addresses.
 */
export const SLUG_MAX = 80

/** Lower-case ASCII words of `text` joined by '-' ('item' when none; 'p-' before a bare number). */
export function slugify(text: string): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  if (base === '') return 'item'
  return /^\d+$/.test(base) ? `p-${base}` : base
}

/** `base`, else `base-2`, `base-3`… whichever no sibling has. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** What an address needs of a product node. */
export type AddressNode = {
  id: number
  parent_id: number | null
  depth: number
  slug: string
  published: boolean
  sort_order: number
}

/** Whether a segment is a legacy id (as the specification writes them: no leading zero). */
export const isLegacyId = (segment: string | undefined): segment is string =>
  segment !== undefined && /^(0|[1-9]\d{0,8})$/.test(segment)

/**
 * Every node's address (families have no page: null). `visibleOnly`: a node hidden, or under a
 * hidden one, has no address either.
 */
export function productAddresses<T extends AddressNode>(
  nodes: readonly T[],
  options: { visibleOnly: boolean },
): Map<number, string | null> {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const chain = (node: T): T[] | null => {
    const out: T[] = []
    for (let at: T | undefined = node; at; at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
      if (options.visibleOnly && !at.published) return null
      out.unshift(at)
      if (at.parent_id !== null && !byId.has(at.parent_id)) return null
      if (out.length > 3) return null
    }
    return out
  }
  const addresses = new Map<number, string | null>()
  for (const node of nodes) {
    const path = node.depth >= 2 ? chain(node) : null
    addresses.set(node.id, path && path.length === node.depth ? `/product/${path.map((n) => n.slug).join('/')}` : null)
  }
  return addresses
}

/** The nodes in display order (sort_order, then id). */
export const inDisplayOrder = <T extends { sort_order: number; id: number }>(nodes: readonly T[]): T[] =>
  [...nodes].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)

/** A family's landing address (it has no page): its first visible series's, as /product/0/0 is the first family's. */
export function familyLanding<T extends AddressNode>(
  nodes: readonly T[],
  familyId: number,
  addresses: Map<number, string | null>,
): string | null {
  for (const series of inDisplayOrder(nodes.filter((n) => n.parent_id === familyId))) {
    const address = addresses.get(series.id)
    if (address) return address
  }
  return null
}

/** The nodes the public sees: published, under published parents all the way up. */
export function visibleIds<T extends AddressNode>(nodes: readonly T[]): Set<number> {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const visible = new Set<number>()
  for (const node of nodes) {
    let ok = true
    for (let at: T | undefined = node; at; at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
      if (!at.published || (at.parent_id !== null && !byId.has(at.parent_id))) {
        ok = false
        break
      }
    }
    if (ok) visible.add(node.id)
  }
  return visible
}
