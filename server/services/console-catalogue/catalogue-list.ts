import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { products, users } from '#server/db/schema.ts'
import { CATALOGUE_LEVELS, type CatalogueLevel, type CatalogueSort } from '#shared/catalogue-list.ts'
import type { ListQuery } from '#shared/console-lists.ts'
import type { Lang } from '#shared/locales.ts'
import { productAddresses } from '#shared/product-slugs.ts'
import { countOf, orderOf, readPage, wordsCondition } from '../console-lists.ts'
import type { Reader } from '../search/sources.ts'

/**
 * The catalogue's list view in SQL (docs/decisions/068-catalogue-list.md): every node of the tree
 * with its parent and grandparent joined (the tree has three levels), searched over both names and
 * the slug, filtered by status (Live, Hidden, Hidden by a parent: the same rules as
 * `catalogueNodeStatus`) and level, sorted, and paged with the toolkit's `readPage`.
 */

const parent = alias(products, 'parent')
const grand = alias(products, 'grand')

/** Whether every node above is shown (a missing parent or grandparent counts as shown). */
const parentsShown = sql<boolean>`(coalesce(${parent.published}, true) and coalesce(${grand.published}, true))`

export type CatalogueListRow = {
  id: number
  depth: number
  title: string
  title_en: string
  slug: string
  published: boolean
  parentsShown: boolean
  version: number
  updated_at: Date
  updated_by: string | null
  parent: { title: string; title_en: string; slug: string } | null
  grand: { title: string; title_en: string; slug: string } | null
  /** The public address the node has (when live) or will have when shown; a family has none. */
  address: string | null
}

/** A row's address by the catalogue's one rule (`productAddresses`), from its own chain of slugs. */
function addressOf(row: {
  id: number
  depth: number
  slug: string
  parent_slug: string | null
  grand_slug: string | null
}) {
  const chain = [row.grand_slug, row.parent_slug].filter((s): s is string => s !== null)
  const nodes = [...chain, row.slug].map((slug, i) => ({
    // The ancestors' ids only link the chain (-1, -2); the row keeps its own.
    id: i === chain.length ? row.id : -1 - i,
    parent_id: i === 0 ? null : -i,
    depth: i + 1,
    slug,
    published: true,
    sort_order: 0,
  }))
  return productAddresses(nodes, { visibleOnly: false }).get(row.id) ?? null
}

function conditions(query: ListQuery<CatalogueSort>): SQL | undefined {
  const where: SQL[] = []
  if (query.status === 'hidden') where.push(eq(products.published, false))
  if (query.status === 'hidden-by-parent') where.push(sql`(${products.published} and not ${parentsShown})`)
  if (query.status === 'live') where.push(sql`(${products.published} and ${parentsShown})`)
  const level = query.filters.level as CatalogueLevel | '' | undefined
  if (level) where.push(eq(products.depth, CATALOGUE_LEVELS[level]))
  // A few hundred nodes: read row by row (no index needed), every word in a name or the slug.
  const words = wordsCondition(query.q, [products.title, products.title_en, products.slug])
  if (words) where.push(words)
  return where.length ? and(...where) : undefined
}

/** One page of the list: the rows with their parent and grandparent, the total (up to the toolkit's cap). */
export function listCatalogue(reader: Reader, query: ListQuery<CatalogueSort>, lang: Lang, pageSize: number) {
  const name = lang === 'en' ? products.title_en : products.title
  const order: Record<CatalogueSort, SQL[]> = {
    // Families, then series, then item types; by name within a level.
    level: [...orderOf(products.depth, query.dir, products.id).slice(0, 1), ...orderOf(name, 'asc', products.id)],
    name: orderOf(name, query.dir, products.id),
    updated: orderOf(products.updated_at, query.dir, products.id),
  }
  return readPage<CatalogueListRow>({
    where: conditions(query),
    page: query.page,
    pageSize,
    count: (where, limit) =>
      countOf(
        reader,
        reader
          .select({ one: sql`1` })
          .from(products)
          .leftJoin(parent, eq(parent.id, products.parent_id))
          .leftJoin(grand, eq(grand.id, parent.parent_id))
          .where(where)
          .limit(limit)
          .as('counted'),
      ),
    rows: async (where, limit, offset) => {
      const rows = await reader
        .select({
          id: products.id,
          depth: products.depth,
          title: products.title,
          title_en: products.title_en,
          slug: products.slug,
          published: products.published,
          parentsShown,
          version: products.version,
          updated_at: products.updated_at,
          updated_by: users.name,
          parent_title: parent.title,
          parent_title_en: parent.title_en,
          parent_slug: parent.slug,
          grand_title: grand.title,
          grand_title_en: grand.title_en,
          grand_slug: grand.slug,
        })
        .from(products)
        .leftJoin(parent, eq(parent.id, products.parent_id))
        .leftJoin(grand, eq(grand.id, parent.parent_id))
        .leftJoin(users, eq(users.id, products.updated_by))
        .where(where)
        .orderBy(...order[query.sort])
        .limit(limit)
        .offset(offset)
      return rows.map((r) => ({
        id: r.id,
        depth: r.depth,
        title: r.title,
        title_en: r.title_en,
        slug: r.slug,
        published: r.published,
        parentsShown: r.parentsShown,
        version: r.version,
        updated_at: r.updated_at,
        updated_by: r.updated_by,
        parent:
          r.parent_title === null
            ? null
            : { title: r.parent_title, title_en: r.parent_title_en!, slug: r.parent_slug! },
        grand:
          r.grand_title === null ? null : { title: r.grand_title, title_en: r.grand_title_en!, slug: r.grand_slug! },
        address: addressOf(r),
      }))
    },
  })
}

/** The names of these nodes as a bulk action's confirmation lists them (family › series › item); unknown ids left out. */
export async function catalogueNames(reader: Reader, ids: readonly number[], lang: Lang): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const name = (ko: string | null, en: string | null) => (lang === 'en' ? en || ko : ko)
  const rows = await reader
    .select({
      id: products.id,
      title: products.title,
      title_en: products.title_en,
      parent_title: parent.title,
      parent_title_en: parent.title_en,
      grand_title: grand.title,
      grand_title_en: grand.title_en,
    })
    .from(products)
    .leftJoin(parent, eq(parent.id, products.parent_id))
    .leftJoin(grand, eq(grand.id, parent.parent_id))
    .where(inArray(products.id, [...ids]))
  return new Map(
    rows.map((r) => [
      r.id,
      [name(r.grand_title, r.grand_title_en), name(r.parent_title, r.parent_title_en), name(r.title, r.title_en)]
        .filter(Boolean)
        .join(' › '),
    ]),
  )
}
