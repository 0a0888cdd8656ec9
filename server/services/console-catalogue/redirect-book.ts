import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { products, redirects, users } from '#server/db/schema.ts'
import { productAddresses } from '#shared/product-slugs.ts'
import type { Reader } from '../search/sources.ts'

/** Every node's address as it is now, hidden ones included (families: null). */
export async function addressSnapshot(tx: Reader): Promise<Map<number, string | null>> {
  const nodes = await tx
    .select({
      id: products.id,
      parent_id: products.parent_id,
      depth: products.depth,
      slug: products.slug,
      published: products.published,
      sort_order: products.sort_order,
    })
    .from(products)
  return productAddresses(nodes, { visibleOnly: false })
}

/**
 * After a rename or a move (docs/decisions/020-product-slugs-and-redirects.md): every address that
 * changed answers 301 with the new one; redirects that led to an old address lead to the new one
 * (no chains); a redirect from an address that is a product's again is dropped. Returns the moves.
 */
export async function recordMoves(
  tx: Reader,
  before: Map<number, string | null>,
  after: Map<number, string | null>,
  by: number,
  at: Date,
): Promise<[string, string][]> {
  const moves: [string, string][] = []
  for (const [id, now] of after) {
    const old = before.get(id)
    if (old && now && old !== now) moves.push([old, now])
  }
  for (const [old, now] of moves) {
    await tx.update(redirects).set({ to_path: now }).where(eq(redirects.to_path, old))
    await tx
      .insert(redirects)
      .values({ from_path: old, to_path: now, created_at: at, created_by: by })
      .onConflictDoUpdate({ target: redirects.from_path, set: { to_path: now, created_at: at, created_by: by } })
  }
  const live = [...after.values()].filter((p): p is string => p !== null)
  if (live.length > 0) await tx.delete(redirects).where(inArray(redirects.from_path, live))
  await tx.delete(redirects).where(sql`${redirects.from_path} = ${redirects.to_path}`)
  return moves
}

/** The redirects, newest first, with who made them. */
export async function listRedirects(db: Reader) {
  return db
    .select({
      id: redirects.id,
      from: redirects.from_path,
      to: redirects.to_path,
      createdAt: redirects.created_at,
      createdBy: users.name,
    })
    .from(redirects)
    .leftJoin(users, eq(users.id, redirects.created_by))
    .orderBy(sql`${redirects.created_at} desc`, asc(redirects.id))
}

export async function deleteRedirect(tx: Reader, id: number) {
  const [row] = await tx
    .delete(redirects)
    .where(and(eq(redirects.id, id)))
    .returning()
  return row ?? null
}
