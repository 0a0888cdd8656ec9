import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { files, productImages, productOptions, products } from '#server/db/schema.ts'
import {
  moveNode,
  newNode,
  nodeNames,
  productDetail,
  productImage,
  productOption,
  CATALOGUE_LIMITS,
} from '#shared/catalogue-rules.ts'
import type { z } from 'zod'
import { fieldErrors, type FieldErrors } from '#shared/field-errors.ts'
import { slugify, uniqueSlug } from '#shared/product-slugs.ts'
import { audit } from '../console/audit.ts'
import type { Actor, PublishedHook } from '../console-content/editor.ts'
import { conflictOf, staffName } from '../console-content/versioned-change.ts'
import { sanitizeRichText } from '../html.ts'
import { sync } from '../search/indexer.ts'
import type { Reader } from '../search/sources.ts'
import type { CatalogueSort } from '#shared/catalogue-list.ts'
import type { BulkAction, BulkItem, ListQuery } from '#shared/console-lists.ts'
import type { Lang } from '#shared/locales.ts'
import { runBulk, type BulkOutcome } from '../console-lists.ts'
import { catalogueNames, listCatalogue } from './catalogue-list.ts'
import { addressSnapshot, deleteRedirect, listRedirects, recordMoves } from './redirect-book.ts'
import { productNodes } from '../products.ts'
import { formText, keepRecordVersion, keptValues, recordHistory, type HistoryValues } from '../record-history.ts'
import type { SaveResult } from '../save-result.ts'

type Row = typeof products.$inferSelect
/** The detail form's columns, as a kept version holds them. */
const DETAIL_COLUMNS = [
  ...['title', 'introduce', 'description', 'item', 'item_introduce'].flatMap((n) => [n, `${n}_en`]),
  'type',
  'image',
] as (keyof Row)[]
type Form = Record<string, string | undefined>
export type Direction = 'up' | 'down'

/** Ends a change's transaction with a refusal (rolled back), returned to the caller. */
class Refusal extends Error {
  constructor(readonly result: SaveResult) {
    super('refused')
  }
}
const invalid = (errors: FieldErrors): never => {
  throw new Refusal({ ok: false, reason: 'invalid', errors })
}

function parse<S extends z.ZodType>(schema: S, form: unknown): z.output<S> {
  const parsed = schema.safeParse(form)
  return parsed.success ? parsed.data : invalid(fieldErrors(parsed.error))
}

/** The siblings in display order with sort_order renumbered 0…n-1, and `id` swapped with its neighbour. */
async function swapWithNeighbour<T extends { id: number }>(
  rows: T[],
  id: number,
  direction: Direction,
  write: (row: T, order: number) => Promise<unknown>,
) {
  const at = rows.findIndex((r) => r.id === id)
  const to = direction === 'up' ? at - 1 : at + 1
  if (at < 0) throw new Refusal({ ok: false, reason: 'not-found' })
  if (to < 0 || to >= rows.length) return false
  const order = rows.map((r) => r.id)
  ;[order[at], order[to]] = [order[to]!, order[at]!]
  for (const [i, rowId] of order.entries())
    await write(
      rows.find((r) => r.id === rowId)!,
      i,
    )
  return true
}

/**
 * The console's product catalogue (issue 13, docs/decisions/020-product-slugs-and-redirects.md):
 * the three-level tree and the detail pages. Every change checks the version the editor loaded
 * (a stale one is refused naming who saved in between) and, in its transaction, writes the audit
 * entry, the redirects of the addresses it changed, the search index and the change notice.
 * Catalogue changes are public at once (no drafts); a new node starts hidden.
 */
export function createCatalogueEditor({
  db,
  clock,
  onPublished,
}: {
  db: Db
  clock: () => Date
  onPublished?: PublishedHook
}) {
  const load = async (reader: Reader, id: number): Promise<Row | null> =>
    (await reader.select().from(products).where(eq(products.id, id)).limit(1))[0] ?? null

  const siblingsOf = (reader: Reader, parentId: number | null) =>
    reader
      .select({ id: products.id, slug: products.slug, sort_order: products.sort_order })
      .from(products)
      .where(parentId === null ? isNull(products.parent_id) : eq(products.parent_id, parentId))
      .orderBy(asc(products.sort_order), asc(products.id))

  /** The slug `title_en` makes among the node's (future) siblings; the current one when it already says the same. */
  async function slugFor(reader: Reader, parentId: number | null, titleEn: string, self: Row | null): Promise<string> {
    const base = slugify(titleEn)
    if (self && self.parent_id === parentId && (self.slug === base || new RegExp(`^${base}-\\d+$`).test(self.slug)))
      return self.slug
    const taken = new Set((await siblingsOf(reader, parentId)).filter((s) => s.id !== self?.id).map((s) => s.slug))
    return uniqueSlug(base, taken)
  }

  async function storedKeys(reader: Reader, keys: string[]): Promise<Set<string>> {
    const wanted = keys.filter((k) => k !== '')
    if (wanted.length === 0) return new Set()
    return new Set(
      (await reader.select({ key: files.file_name }).from(files).where(inArray(files.file_name, wanted))).map(
        (r) => r.key,
      ),
    )
  }

  /** After any change the public may see: redirects of changed addresses, the search index, the notice. */
  async function announce(tx: Reader, actor: Actor, before: Map<number, string | null>, now: Date) {
    const after = await addressSnapshot(tx)
    await recordMoves(tx, before, after, actor.userId, now)
    // A family's entry links to its first series: re-index the whole (small) tree.
    await sync(tx, 'product', [...new Set([...before.keys(), ...after.keys()])])
    await onPublished?.(tx, ['products'])
  }

  /**
   * The product as its editor shows it after a change (docs/decisions/042-record-history.md): the
   * detail's texts, type and thumbnail, its place in the tree (parent, position, address segment),
   * whether it is shown, and its images and options as readable lists.
   */
  async function productValues(tx: Reader, id: number): Promise<{ values: HistoryValues; published: boolean }> {
    const row = (await load(tx, id))!
    const [parent, images, options] = await Promise.all([
      row.parent_id === null ? Promise.resolve(null) : load(tx, row.parent_id),
      tx
        .select({ path: productImages.path })
        .from(productImages)
        .where(eq(productImages.product_id, id))
        .orderBy(asc(productImages.sort_order), asc(productImages.id)),
      tx
        .select({ title: productOptions.title, title_en: productOptions.title_en })
        .from(productOptions)
        .where(eq(productOptions.product_id, id))
        .orderBy(asc(productOptions.sort_order), asc(productOptions.id)),
    ])
    const position = (await siblingsOf(tx, row.parent_id)).findIndex((s) => s.id === id) + 1
    const values: HistoryValues = {
      ...Object.fromEntries(DETAIL_COLUMNS.map((c) => [c, row[c] ?? null])),
      parent: parent ? `${parent.title} (${parent.title_en})` : null,
      position,
      slug: row.slug,
      published: row.published,
      images: images.map((i) => i.path.split('/').pop() ?? i.path).join(', '),
      options: options.map((o) => o.title).join(', '),
      options_en: options.map((o) => o.title_en).join(', '),
    }
    return { values, published: row.published }
  }

  async function keepVersion(tx: Reader, actor: Actor, id: number, version: number, action: string, now: Date) {
    await keepRecordVersion(tx, {
      recordType: 'product',
      recordId: id,
      version,
      action,
      ...(await productValues(tx, id)),
      userId: actor.userId,
      now,
    })
  }

  type Plan = (
    tx: Reader,
    row: Row,
  ) => Promise<{ action: string; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null }>

  /**
   * One versioned change of node `id` (the node's version counts its images and options too), in a
   * transaction of its own or in a bulk action's savepoint (`outer`, which a refusal rolls back).
   */
  async function change(actor: Actor, id: number, version: number, plan: Plan, outer?: Reader): Promise<SaveResult> {
    const now = clock()
    const within = <T>(fn: (tx: Reader) => Promise<T>) => (outer ? fn(outer) : db.transaction(fn))
    try {
      return await within(async (tx) => {
        const row = await load(tx, id)
        if (!row) return { ok: false as const, reason: 'not-found' as const }
        const [bumped] = await tx
          .update(products)
          .set({ version: row.version + 1, updated_at: now, updated_by: actor.userId })
          .where(and(eq(products.id, id), eq(products.version, version)))
          .returning({ version: products.version })
        if (!bumped) {
          const current = (await load(tx, id))!
          return conflictOf(tx, current)
        }
        const before = await addressSnapshot(tx)
        const done = await plan(tx, row)
        await audit(
          tx,
          {
            userId: actor.userId,
            action: done.action,
            recordType: 'product',
            recordId: id,
            before: done.before ?? null,
            after: done.after ?? null,
            ip: actor.ip,
          },
          now,
        )
        await announce(tx, actor, before, now)
        await keepVersion(tx, actor, id, bumped.version, done.action, now)
        return { ok: true as const, id, version: bumped.version }
      })
    } catch (error) {
      if (error instanceof Refusal) return error.result
      throw error
    }
  }

  const names = (row: Pick<Row, 'title' | 'title_en' | 'slug'>) => ({
    title: row.title,
    title_en: row.title_en,
    slug: row.slug,
  })

  return {
    /** Every node (hidden ones too) in display order, with who changed it last. */
    nodes: () => productNodes(db),

    /** One node for its editing page: its columns, images, options and children; null when unknown. */
    async get(id: number) {
      const row = await load(db, id)
      if (!row) return null
      const [images, options, children, updatedBy] = await Promise.all([
        db
          .select()
          .from(productImages)
          .where(eq(productImages.product_id, id))
          .orderBy(asc(productImages.sort_order), asc(productImages.id)),
        db
          .select()
          .from(productOptions)
          .where(eq(productOptions.product_id, id))
          .orderBy(asc(productOptions.sort_order), asc(productOptions.id)),
        db
          .select({
            id: products.id,
            title: products.title,
            title_en: products.title_en,
            introduce: products.introduce,
            introduce_en: products.introduce_en,
            image: products.image,
            published: products.published,
          })
          .from(products)
          .where(eq(products.parent_id, id))
          .orderBy(asc(products.sort_order), asc(products.id)),
        staffName(db, row.updated_by),
      ])
      return { row, images, options, children, updatedBy }
    },

    /** A new node, hidden until shown: a family, or a series or item type under `parent_id`. */
    async create(actor: Actor, form: Form): Promise<SaveResult> {
      const now = clock()
      try {
        return await db.transaction(async (tx) => {
          const input = parse(newNode, form)
          const parent = input.parent_id === null ? null : await load(tx, input.parent_id)
          if (input.parent_id !== null && (!parent || parent.depth >= 3))
            invalid({ parent_id: 'console.catalogue.error.parent' })
          const before = await addressSnapshot(tx)
          const siblings = await siblingsOf(tx, parent?.id ?? null)
          const slug = await slugFor(tx, parent?.id ?? null, input.title_en, null)
          const [row] = await tx
            .insert(products)
            .values({
              parent_id: parent?.id ?? null,
              depth: parent ? parent.depth + 1 : 1,
              title: input.title,
              title_en: input.title_en,
              slug,
              published: false,
              sort_order: (siblings.at(-1)?.sort_order ?? -1) + 1,
              updated_at: now,
              updated_by: actor.userId,
            })
            .returning()
          await audit(
            tx,
            {
              userId: actor.userId,
              action: 'catalogue.create',
              recordType: 'product',
              recordId: row!.id,
              after: { parent_id: row!.parent_id, ...names(row!) },
              ip: actor.ip,
            },
            now,
          )
          await announce(tx, actor, before, now)
          await keepVersion(tx, actor, row!.id, row!.version, 'catalogue.create', now)
          return { ok: true as const, id: row!.id, version: row!.version }
        })
      } catch (error) {
        if (error instanceof Refusal) return error.result
        throw error
      }
    },

    /** New names in both languages; a new English name gives a new address (the old one answers 301). */
    rename(actor: Actor, id: number, version: number, form: Form) {
      return change(actor, id, version, async (tx, row) => {
        const input = parse(nodeNames, form)
        const slug = await slugFor(tx, row.parent_id, input.title_en, row)
        await tx
          .update(products)
          .set({ ...input, slug })
          .where(eq(products.id, id))
        return { action: 'catalogue.rename', before: names(row), after: { ...input, slug } }
      })
    },

    /** One place up or down among its siblings. */
    reorder(actor: Actor, id: number, version: number, direction: Direction) {
      return change(actor, id, version, async (tx, row) => {
        const siblings = await siblingsOf(tx, row.parent_id)
        const moved = await swapWithNeighbour(siblings, id, direction, (s, order) =>
          tx.update(products).set({ sort_order: order }).where(eq(products.id, s.id)),
        )
        if (!moved)
          invalid({ direction: direction === 'up' ? 'console.catalogue.error.first' : 'console.catalogue.error.last' })
        return { action: 'catalogue.reorder', after: { direction } }
      })
    },

    /** Under another parent of the same level as its parent (last among its new siblings); its subtree moves with it. */
    move(actor: Actor, id: number, version: number, form: Form) {
      return change(actor, id, version, async (tx, row) => {
        const { parent_id } = parse(moveNode, form)
        const parent = await load(tx, parent_id)
        if (row.depth === 1 || !parent || parent.depth !== row.depth - 1 || parent.id === row.parent_id)
          invalid({ parent_id: 'console.catalogue.error.parent' })
        const siblings = await siblingsOf(tx, parent_id)
        const slug = await slugFor(tx, parent_id, row.title_en, { ...row, parent_id: -1 })
        await tx
          .update(products)
          .set({ parent_id, slug, sort_order: (siblings.at(-1)?.sort_order ?? -1) + 1 })
          .where(eq(products.id, id))
        return {
          action: 'catalogue.move',
          before: { parent_id: row.parent_id, slug: row.slug },
          after: { parent_id, slug },
        }
      })
    },

    /** Shows or hides a node; a hidden one takes its subtree off the site. `outer`: a bulk action's savepoint. */
    setPublished(actor: Actor, id: number, version: number, published: boolean, outer?: Reader) {
      return change(
        actor,
        id,
        version,
        async (tx, row) => {
          await tx.update(products).set({ published }).where(eq(products.id, id))
          return {
            action: published ? 'catalogue.show' : 'catalogue.hide',
            before: { published: row.published },
            after: { published },
          }
        },
        outer,
      )
    },

    /** One page of the list view (docs/decisions/068-catalogue-list.md), searched, filtered, sorted and paged in SQL. */
    list: (query: ListQuery<CatalogueSort>, lang: Lang, pageSize: number) => listCatalogue(db, query, lang, pageSize),

    /** The nodes' paths (family › series › item) a bulk confirmation names; unknown ids left out. */
    names: (ids: readonly number[], lang: Lang) => catalogueNames(db, ids, lang),

    /**
     * Shows or hides the nodes a list showed, at the versions it showed them: one transaction, each
     * through `setPublished` (version check, audit entry, redirects, search index, change notice) in
     * a savepoint; a node changed since is left alone and reported.
     */
    bulk(actor: Actor, action: BulkAction, items: readonly BulkItem[]): Promise<BulkOutcome[]> {
      return runBulk(db, items, (tx, { id, version }) => {
        if (action !== 'show' && action !== 'hide')
          return Promise.resolve({ ok: false as const, reason: 'not-found' as const })
        return this.setPublished(actor, id, version, action === 'show', tx)
      })
    },

    /** The detail page's texts, type and thumbnail (rich text sanitized when stored). */
    saveDetail(actor: Actor, id: number, version: number, form: Form, action = 'catalogue.detail') {
      return change(actor, id, version, async (tx, row) => {
        const input = parse(productDetail, form)
        if (input.image && !(await storedKeys(tx, [input.image])).has(input.image))
          invalid({ image: 'console.error.fileKey' })
        const slug = await slugFor(tx, row.parent_id, input.title_en, row)
        const values = {
          ...input,
          type: input.type,
          image: input.image || null,
          description: sanitizeRichText(input.description),
          description_en: sanitizeRichText(input.description_en),
          slug,
        }
        await tx.update(products).set(values).where(eq(products.id, id))
        const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => values[k] !== row[k])
        return {
          action,
          before: Object.fromEntries(changed.map((k) => [k, row[k]])),
          after: Object.fromEntries(changed.map((k) => [k, values[k]])),
        }
      })
    },

    /** The product's kept versions, newest first (docs/decisions/042-record-history.md). */
    history: (id: number) => recordHistory(db, 'product', id),

    /**
     * "Restore this version" (docs/decisions/042-record-history.md): the kept version's detail (texts,
     * type, thumbnail) saved through the detail's own save, checked by today's rules, audited as
     * `catalogue.restore`. The tree position, images and options are not restored (products have no
     * drafts: a restore is a save, public at once).
     */
    async restore(actor: Actor, id: number, version: number, versionId: number): Promise<SaveResult> {
      const kept = await keptValues(db, 'product', id, versionId)
      if (!kept) return { ok: false, reason: 'not-found' }
      const form = Object.fromEntries(DETAIL_COLUMNS.map((c) => [c, formText(kept[c])]))
      return this.saveDetail(actor, id, version, form, 'catalogue.restore')
    },

    /** One more detail image (at most CATALOGUE_LIMITS.images), last. */
    addImage(actor: Actor, id: number, version: number, form: Form) {
      return change(actor, id, version, async (tx) => {
        const { path } = parse(productImage, form)
        const images = await tx
          .select({ id: productImages.id, sort_order: productImages.sort_order })
          .from(productImages)
          .where(eq(productImages.product_id, id))
        if (images.length >= CATALOGUE_LIMITS.images) invalid({ path: 'console.catalogue.error.tooManyImages' })
        if (!(await storedKeys(tx, [path])).has(path)) invalid({ path: 'console.error.fileKey' })
        const [added] = await tx
          .insert(productImages)
          .values({
            product_id: id,
            path,
            sort_order: (images.length === 0 ? -1 : Math.max(...images.map((i) => i.sort_order))) + 1,
          })
          .returning({ id: productImages.id })
        return { action: 'catalogue.image-add', after: { image: added!.id, path } }
      })
    },

    removeImage(actor: Actor, id: number, version: number, imageId: number) {
      return change(actor, id, version, async (tx) => {
        const [removed] = await tx
          .delete(productImages)
          .where(and(eq(productImages.id, imageId), eq(productImages.product_id, id)))
          .returning()
        if (!removed) throw new Refusal({ ok: false, reason: 'not-found' })
        return { action: 'catalogue.image-remove', before: { image: imageId, path: removed.path } }
      })
    },

    moveImage(actor: Actor, id: number, version: number, imageId: number, direction: Direction) {
      return change(actor, id, version, async (tx) => {
        const images = await tx
          .select({ id: productImages.id })
          .from(productImages)
          .where(eq(productImages.product_id, id))
          .orderBy(asc(productImages.sort_order), asc(productImages.id))
        const moved = await swapWithNeighbour(images, imageId, direction, (i, order) =>
          tx.update(productImages).set({ sort_order: order }).where(eq(productImages.id, i.id)),
        )
        if (!moved)
          invalid({ direction: direction === 'up' ? 'console.catalogue.error.first' : 'console.catalogue.error.last' })
        return { action: 'catalogue.image-reorder', after: { image: imageId, direction } }
      })
    },

    /** A new option (last), or option `optionId` changed. */
    saveOption(actor: Actor, id: number, version: number, optionId: number | null, form: Form) {
      return change(actor, id, version, async (tx) => {
        const input = parse(productOption, form)
        const values = {
          ...input,
          content: sanitizeRichText(input.content),
          content_en: sanitizeRichText(input.content_en),
        }
        if (optionId === null) {
          const options = await tx
            .select({ n: max(productOptions.sort_order) })
            .from(productOptions)
            .where(eq(productOptions.product_id, id))
          const count = (
            await tx.select({ id: productOptions.id }).from(productOptions).where(eq(productOptions.product_id, id))
          ).length
          if (count >= CATALOGUE_LIMITS.options) invalid({ title: 'console.catalogue.error.tooManyOptions' })
          const [added] = await tx
            .insert(productOptions)
            .values({ product_id: id, ...values, sort_order: (options[0]?.n ?? -1) + 1 })
            .returning({ id: productOptions.id })
          return { action: 'catalogue.option-add', after: { option: added!.id, ...values } }
        }
        const [before] = await tx
          .select()
          .from(productOptions)
          .where(and(eq(productOptions.id, optionId), eq(productOptions.product_id, id)))
        if (!before) throw new Refusal({ ok: false, reason: 'not-found' })
        await tx.update(productOptions).set(values).where(eq(productOptions.id, optionId))
        return {
          action: 'catalogue.option-save',
          before: { option: optionId, title: before.title, title_en: before.title_en },
          after: { option: optionId, title: values.title, title_en: values.title_en },
        }
      })
    },

    removeOption(actor: Actor, id: number, version: number, optionId: number) {
      return change(actor, id, version, async (tx) => {
        const [removed] = await tx
          .delete(productOptions)
          .where(and(eq(productOptions.id, optionId), eq(productOptions.product_id, id)))
          .returning()
        if (!removed) throw new Refusal({ ok: false, reason: 'not-found' })
        return {
          action: 'catalogue.option-remove',
          before: { option: optionId, title: removed.title, title_en: removed.title_en },
        }
      })
    },

    moveOption(actor: Actor, id: number, version: number, optionId: number, direction: Direction) {
      return change(actor, id, version, async (tx) => {
        const options = await tx
          .select({ id: productOptions.id })
          .from(productOptions)
          .where(eq(productOptions.product_id, id))
          .orderBy(asc(productOptions.sort_order), asc(productOptions.id))
        const moved = await swapWithNeighbour(options, optionId, direction, (o, order) =>
          tx.update(productOptions).set({ sort_order: order }).where(eq(productOptions.id, o.id)),
        )
        if (!moved)
          invalid({ direction: direction === 'up' ? 'console.catalogue.error.first' : 'console.catalogue.error.last' })
        return { action: 'catalogue.option-reorder', after: { option: optionId, direction } }
      })
    },

    /** Old addresses and where they lead. */
    redirects: () => listRedirects(db),

    /** Drops a redirect (its old address becomes a 404), audited. */
    async removeRedirect(actor: Actor, redirectId: number): Promise<boolean> {
      const now = clock()
      return db.transaction(async (tx) => {
        const removed = await deleteRedirect(tx, redirectId)
        if (!removed) return false
        await audit(
          tx,
          {
            userId: actor.userId,
            action: 'catalogue.redirect-delete',
            recordType: 'redirect',
            recordId: redirectId,
            before: { from: removed.from_path, to: removed.to_path },
            ip: actor.ip,
          },
          now,
        )
        return true
      })
    },
  }
}

export type CatalogueEditor = ReturnType<typeof createCatalogueEditor>
