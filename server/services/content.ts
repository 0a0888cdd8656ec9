import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { agencies, banners, historyEntries, patents, popups, productBanners, videos } from '#server/db/schema.ts'
import { showingWindow } from '#shared/content-kinds.ts'
import { mediaUrl } from '#shared/files.ts'
import { withAttachments } from './attachments.ts'
import { visibleRows, type View } from './published.ts'
import type { ChangeBus } from './changes.ts'
import { sanitizeRichText } from './html.ts'
import { sync } from './search/indexer.ts'
import type { AgencyType, PatentType } from '#shared/type-codes.ts'
import { safeHref } from '#shared/safe-link.ts'

export type ContentService = ReturnType<typeof createContentService>

/** What may change of an agency: its texts in both languages. */
export type AgencyPatch = Partial<
  Pick<typeof agencies.$inferInsert, 'title' | 'title_en' | 'name' | 'name_en' | 'description' | 'description_en'>
>

/**
 * Company and home-page content. Every list is short and ordered by sort_order, id; images
 * come back as `/media/<key>` paths and rich text is sanitized again on the way out.
 */
export function createContentService({
  db,
  clock,
  changes,
}: {
  db: Db
  clock: () => Date
  changes: Pick<ChangeBus, 'published'>
}) {
  return {
    /** Patents or certificates. */
    async patents(type: PatentType, view?: View) {
      const rows = await db
        .select()
        .from(patents)
        .where(eq(patents.type, type))
        .orderBy(asc(patents.sort_order), asc(patents.id))
      const out = visibleRows(rows, view).map((row) => ({
        id: row.id,
        type: row.type,
        title: row.title,
        title_en: row.title_en,
        description: row.description,
        description_en: row.description_en,
        thumbnail: mediaUrl(row.thumbnail),
        path: row.path,
        origin_file_name: row.origin_file_name,
        origin_file_name_en: row.origin_file_name_en,
      }))
      // Extra downloads (e.g. per-language copies) may be attached besides `path`.
      return withAttachments(db, 'patent', out, 'file_list')
    },

    async history(view?: View) {
      const rows = await db
        .select()
        .from(historyEntries)
        .orderBy(asc(historyEntries.sort_order), asc(historyEntries.id))
      return visibleRows(rows, view).map((row) => ({
        id: row.id,
        year: row.year,
        tag: row.tag,
        tag_en: row.tag_en,
        title: row.title,
        title_en: row.title_en,
        description: sanitizeRichText(row.description),
        description_en: sanitizeRichText(row.description_en),
      }))
    },

    async banners(view?: View) {
      const rows = await db.select().from(banners).orderBy(asc(banners.sort_order), asc(banners.id))
      return visibleRows(rows, view).map((row) => ({
        id: row.id,
        title: row.title,
        title_en: row.title_en,
        pc_image: mediaUrl(row.pc_image),
        mb_image: mediaUrl(row.mb_image),
        pc_image_en: mediaUrl(row.pc_image_en),
        mb_image_en: mediaUrl(row.mb_image_en),
      }))
    },

    /** Domestic or overseas agencies. */
    async agencies(type: AgencyType, view?: View) {
      const rows = await db
        .select()
        .from(agencies)
        .where(eq(agencies.type, type))
        .orderBy(asc(agencies.sort_order), asc(agencies.id))
      return visibleRows(rows, view).map((row) => ({
        id: row.id,
        type: row.type,
        region: row.region,
        title: row.title,
        title_en: row.title_en,
        name: row.name,
        name_en: row.name_en,
        description: row.description,
        description_en: row.description_en,
      }))
    },

    /**
     * Changes an agency's texts; its search entries change in the same transaction, and every
     * node hears of it at commit (the change bus). Null when unknown.
     */
    async updateAgency(id: number, patch: AgencyPatch) {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(agencies).set(patch).where(eq(agencies.id, id)).returning()
        if (row) {
          await sync(tx, 'agency', [id])
          await changes.published(tx, ['agencies'])
        }
        return row ?? null
      })
    },

    /** Removes an agency and its search entries (every node hears of it at commit); false when unknown. */
    async deleteAgency(id: number) {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(agencies).where(eq(agencies.id, id)).returning({ id: agencies.id })
        await sync(tx, 'agency', [id])
        if (removed.length > 0) await changes.published(tx, ['agencies'])
        return removed.length > 0
      })
    },

    async productBanners(view?: View) {
      const rows = await db
        .select()
        .from(productBanners)
        .orderBy(asc(productBanners.sort_order), asc(productBanners.id))
      return visibleRows(rows, view).map(productBannerOut)
    },

    /** One product-slider entry; null when unknown. */
    async productBanner(id: number) {
      const [row] = await db
        .select()
        .from(productBanners)
        .where(and(eq(productBanners.id, id), eq(productBanners.published, true)))
      return row ? productBannerOut(row) : null
    },

    async videos(view?: View) {
      const rows = await db.select().from(videos).orderBy(asc(videos.sort_order), asc(videos.id))
      return visibleRows(rows, view).map((row) => ({
        id: row.id,
        title: row.title,
        title_en: row.title_en,
        url: row.url,
        url_en: row.url_en,
      }))
    },

    /**
     * Popups whose [starts_at, ends_at) window holds the current time (ends_at null: open-ended).
     * A preview shows the scheduled ones too (every popup not yet ended), drafts applied.
     */
    async popups(view?: View) {
      const now = clock()
      const rows = await db
        .select()
        .from(popups)
        .where(
          view?.preview
            ? or(isNull(popups.ends_at), gt(popups.ends_at, now))
            : and(lte(popups.starts_at, now), or(isNull(popups.ends_at), gt(popups.ends_at, now))),
        )
        .orderBy(asc(popups.sort_order), asc(popups.id))
      // The rule the console's list labels popups by (Scheduled, Live, Expired): shared/content-kinds.ts.
      const open = (row: { starts_at: Date; ends_at: Date | null }) => {
        const window = showingWindow(row.starts_at, row.ends_at, now)
        return view?.preview ? window !== 'ended' : window === 'current'
      }
      return visibleRows(rows, view)
        .filter(open)
        .map(({ image, ...row }) => ({
          id: row.id,
          title: row.title,
          title_en: row.title_en,
          image: image ? mediaUrl(image) : null,
          description: sanitizeRichText(row.description),
          description_en: sanitizeRichText(row.description_en),
          starts_at: row.starts_at,
          ends_at: row.ends_at,
        }))
    },
  }
}

function productBannerOut(row: typeof productBanners.$inferSelect) {
  return {
    id: row.id,
    image: mediaUrl(row.image),
    // A stored address the link rule refuses (written before the rule, or by hand) is never served.
    url: safeHref(row.url) ?? '',
    title: row.title,
    title_en: row.title_en,
    introduce: row.introduce,
    introduce_en: row.introduce_en,
  }
}
