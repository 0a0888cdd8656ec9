/** What the matcher needs of a product node (products.publicAddresses gives it). */
export type ModelNode = { id: number; parent_id: number | null; depth: number; title: string; title_en: string }

/** Letters and digits only, upper-cased (Hangul kept): `LTMD-O 30` → `LTMDO30`. */
const squeeze = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase()

/**
 * The catalogue product an order's model names (docs/decisions/058-unit-pages.md). Orders carry the
 * model as text (`TM-BASIC 10`, `LTMD-O 30`, `TM 200 (수문)`); the catalogue has series (`TM`) with
 * item types (`BASIC`) under families. The model, squeezed, must start with a series' title and
 * then, for an item type, with its title: the longest match wins (`TM-BASIC 10` is TM › BASIC, not
 * TM). A word in parentheses names the family (`수문` is in `수문 권양기`) when two series match
 * alike; otherwise the first in display order. Null when no series' title starts the model.
 */
export function productOfModel<T extends ModelNode>(model: string, nodes: readonly T[]): T | null {
  const qualifiers = [...model.matchAll(/\(([^)]*)\)/g)].map((m) => squeeze(m[1] ?? '')).filter(Boolean)
  const name = squeeze(model.replace(/\([^)]*\)/g, ''))
  if (!name) return null
  const byId = new Map(nodes.map((n) => [n.id, n]))
  /** How many characters of `text` the node's title (either language) covers as a prefix; 0 when none. */
  const prefix = (node: T, text: string) =>
    Math.max(
      ...[node.title, node.title_en].map(squeeze).map((title) => (title && text.startsWith(title) ? title.length : 0)),
    )
  const inFamily = (series: T) => {
    const family = series.parent_id === null ? undefined : byId.get(series.parent_id)
    const title = family ? squeeze(`${family.title} ${family.title_en}`) : ''
    return qualifiers.some((q) => title.includes(q))
  }
  let best: { node: T; length: number; qualified: boolean } | null = null
  for (const series of nodes) {
    if (series.depth !== 2) continue
    const length = prefix(series, name)
    if (length === 0) continue
    let node = series
    let covered = length
    for (const item of nodes) {
      if (item.parent_id !== series.id) continue
      const more = prefix(item, name.slice(length))
      if (more > 0 && length + more > covered) {
        node = item
        covered = length + more
      }
    }
    const qualified = inFamily(series)
    if (!best || covered > best.length || (covered === best.length && qualified && !best.qualified))
      best = { node, length: covered, qualified }
  }
  return best?.node ?? null
}
