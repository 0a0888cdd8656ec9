import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { productImages, productOptions, products, redirects, referenceDocuments } from '#server/db/schema.ts'
import { productAddresses, visibleIds } from '#shared/product-slugs.ts'
import { mediaUrl } from '#shared/files.ts'
import { withAttachments } from './attachments.ts'
import type { ChangeBus } from './changes.ts'
import { keptCopy } from './kept-copy.ts'
import { PUBLIC_VIEW, type View } from './published.ts'
import { sanitizeRichText } from './html.ts'
import { paged, type PageRequest } from './pagination.ts'
import { sync } from './search/indexer.ts'
import type { Reader } from './search/sources.ts'
import { PRODUCT_TYPE } from '#shared/type-codes.ts'

export type ProductsService = ReturnType<typeof createProductsService>

/** What may change of a product's texts (rich text is sanitized when stored). */
export type ProductPatch = Partial<
  Pick<
    typeof products.$inferInsert,
    | 'title'
    | 'title_en'
    | 'introduce'
    | 'introduce_en'
    | 'description'
    | 'description_en'
    | 'item'
    | 'item_en'
    | 'item_introduce'
    | 'item_introduce_en'
  >
>

const MAX_IMAGES = 6

/**
 * The product tree, product details and the reference archive (`product/support/list`).
 */
/** Every node of the tree (hidden ones too) with what its address and the console need, in display order. */
export const productNodes = (db: Reader) =>
  db
    .select({
      id: products.id,
      parent_id: products.parent_id,
      depth: products.depth,
      type: products.type,
      title: products.title,
      title_en: products.title_en,
      slug: products.slug,
      published: products.published,
      sort_order: products.sort_order,
      version: products.version,
    })
    .from(products)
    .orderBy(asc(products.sort_order), asc(products.id))

/** What the public pages show of a reference document (its files come through `withAttachments`). */
export const PUBLIC_DOCUMENT_COLUMNS = {
  id: referenceDocuments.id,
  type: referenceDocuments.type,
  title: referenceDocuments.title,
  title_en: referenceDocuments.title_en,
  url: referenceDocuments.url,
  url_en: referenceDocuments.url_en,
  doc_number: referenceDocuments.doc_number,
  revision: referenceDocuments.revision,
  revised_at: referenceDocuments.revised_at,
}

export function createProductsService({
  db,
  changes,
}: {
  db: Db
  changes: Pick<ChangeBus, 'subscribe' | 'announcing' | 'live'>
}) {
  const nodes = () => productNodes(db)
  // The public's pages read the tree's addresses on each request: from this node's copy (kept-copy.ts).
  const publicNodes = keptCopy(changes, nodes)

  return {
    /** Every node of the tree with what its address needs, in display order (hidden ones too). */
    nodes,

    /**
     * The public's nodes (hidden ones and their subtrees left out) and their addresses; in a staff
     * preview every node, hidden ones too, at the address it will have when shown.
     */
    async publicAddresses(view: View = PUBLIC_VIEW) {
      if (view.preview) {
        const all = await nodes()
        return { nodes: all, addresses: productAddresses(all, { visibleOnly: false }) }
      }
      const all = await publicNodes()
      const visible = visibleIds(all)
      const shown = all.filter((n) => visible.has(n.id))
      return { nodes: shown, addresses: productAddresses(shown, { visibleOnly: true }) }
    },

    /** Where an old address now leads (docs/decisions/020-product-slugs-and-redirects.md), or null. */
    async redirectFor(path: string): Promise<string | null> {
      const [row] = await db
        .select({ to: redirects.to_path })
        .from(redirects)
        .where(eq(redirects.from_path, path))
        .limit(1)
      return row?.to ?? null
    },

    /** Families → series → item types, each level ordered by sort_order, id; hidden nodes and their subtrees left out. */
    async tree() {
      const all = await nodes()
      const visible = visibleIds(all)
      const rows = all.filter((r) => visible.has(r.id))
      const childrenOf = (id: number) => rows.filter((r) => r.parent_id === id)
      return rows
        .filter((r) => r.parent_id === null)
        .map((family) => ({
          id: family.id,
          title: family.title,
          title_en: family.title_en,
          product_list: childrenOf(family.id).map((series) => ({
            id: series.id,
            title: series.title,
            title_en: series.title_en,
            type: series.type,
            product_list: childrenOf(series.id).map((item) => ({
              id: item.id,
              title: item.title,
              title_en: item.title_en,
            })),
          })),
        }))
    },

    /** One product with images (at most 6), related items (type 1: its children) and options; null when unknown. */
    /** Changes a product's texts; its search entries change in the same transaction. Null when unknown. */
    async updateProduct(id: number, patch: ProductPatch) {
      const clean = { ...patch }
      if (clean.description !== undefined) clean.description = sanitizeRichText(clean.description)
      if (clean.description_en !== undefined) clean.description_en = sanitizeRichText(clean.description_en)
      return db.transaction(async (tx) => {
        const [row] = await tx.update(products).set(clean).where(eq(products.id, id)).returning()
        if (row) await sync(tx, 'product', [id])
        return row ?? null
      })
    },

    /** One product the public sees (null when unknown, hidden or under a hidden node; a staff preview sees hidden ones). */
    async detail(id: number, view: View = PUBLIC_VIEW) {
      const [row] = await db.select().from(products).where(eq(products.id, id))
      if (!row) return null
      if (!view.preview && !visibleIds(await nodes()).has(id)) return null
      const [images, children, options] = await Promise.all([
        db
          .select({ path: productImages.path })
          .from(productImages)
          .where(eq(productImages.product_id, id))
          .orderBy(asc(productImages.sort_order), asc(productImages.id))
          .limit(MAX_IMAGES),
        row.type === PRODUCT_TYPE.relatedItems
          ? db
              .select({
                id: products.id,
                image: products.image,
                title: products.title,
                title_en: products.title_en,
                introduce: products.introduce,
                introduce_en: products.introduce_en,
                slug: products.slug,
              })
              .from(products)
              .where(
                view.preview
                  ? eq(products.parent_id, id)
                  : and(eq(products.parent_id, id), eq(products.published, true)),
              )
              .orderBy(asc(products.sort_order), asc(products.id))
          : Promise.resolve([]),
        db
          .select()
          .from(productOptions)
          .where(eq(productOptions.product_id, id))
          .orderBy(asc(productOptions.sort_order), asc(productOptions.id)),
      ])
      return {
        id: row.id,
        parent_id: row.parent_id,
        depth: row.depth,
        type: row.type,
        title: row.title,
        title_en: row.title_en,
        introduce: row.introduce,
        introduce_en: row.introduce_en,
        description: sanitizeRichText(row.description),
        description_en: sanitizeRichText(row.description_en),
        item: row.item,
        item_en: row.item_en,
        item_introduce: row.item_introduce,
        item_introduce_en: row.item_introduce_en,
        image_list: images.map((image) => ({ path: mediaUrl(image.path) })),
        relate_list: children.map(({ image, ...child }) => ({
          id: child.id,
          slug: child.slug,
          image_path: image ? mediaUrl(image) : null,
          title: child.title,
          title_en: child.title_en,
          introduce: child.introduce,
          introduce_en: child.introduce_en,
        })),
        option_list: options.map((option) => ({
          id: option.id,
          title: option.title,
          title_en: option.title_en,
          content: sanitizeRichText(option.content),
          content_en: sanitizeRichText(option.content_en),
        })),
      }
    },

    /**
     * Reference documents, newest first. `classification` 0 means every classification;
     * `productId` null means every product.
     */
    async referenceDocuments(query: PageRequest & { classification: number; productId: number | null }) {
      // Only published documents (docs/decisions/021-document-editing.md).
      const conditions: SQL[] = [eq(referenceDocuments.published, true)]
      if (query.classification > 0) conditions.push(eq(referenceDocuments.type, query.classification))
      if (query.productId !== null) conditions.push(eq(referenceDocuments.product_id, query.productId))
      const where = and(...conditions)
      return paged(
        query,
        async () =>
          (
            await db
              .select({ n: sql<number>`count(*)::int` })
              .from(referenceDocuments)
              .where(where)
          )[0]?.n ?? 0,
        async ({ offset, limit }) => {
          const rows = await db
            .select({ ...PUBLIC_DOCUMENT_COLUMNS, created_at: referenceDocuments.created_at })
            .from(referenceDocuments)
            .where(where)
            .orderBy(desc(referenceDocuments.created_at), desc(referenceDocuments.id))
            .offset(offset)
            .limit(limit)
          return withAttachments(db, 'reference', rows, 'file_list')
        },
      )
    },
  }
}
