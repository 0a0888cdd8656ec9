import { and, asc, eq, inArray, like, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  attachments,
  circuitSerials,
  serviceDocumentOptions,
  serviceDocuments,
  supportOptionGroups,
  supportOptions,
} from '#server/db/schema.ts'
import { searchTokens } from '#shared/search-text.ts'
import { withAttachments } from './attachments.ts'
import { publishChange } from './changes.ts'
import { paged, type PageRequest } from './pagination.ts'
import { createServiceSearchIndex } from './service-search-index.ts'
import { sync } from './search/indexer.ts'

export type SupportService = ReturnType<typeof createSupportService>

const sdo = serviceDocumentOptions
const sd = serviceDocuments
const so = supportOptions

/** Ids of the documents of `type` that carry every option in `optionIds` (non-empty). */
function documentsCarrying(db: Db, type: number, optionIds: number[]) {
  return db
    .select({ id: sdo.document_id })
    .from(sdo)
    .innerJoin(sd, eq(sd.id, sdo.document_id))
    .where(and(eq(sd.type, type), eq(sd.published, true), inArray(sdo.option_id, optionIds)))
    .groupBy(sdo.document_id)
    .having(sql`count(*) = ${optionIds.length}`)
}

/**
 * Service & support: option groups, the searchable document lists and the circuit-diagram
 * serial lookup.
 */
export function createSupportService({ db }: { db: Db }) {
  const index = createServiceSearchIndex(db)
  return {
    /**
     * The option groups of a service type. With selected options, `available` is faceted: an
     * option is available when some document of the type carries it together with every
     * selected option of the *other* groups (the selection in its own group is ignored, so the
     * visitor can still switch a chosen value). Options of a group whose other-group selection
     * is empty are all available, as with no selection at all.
     */
    async optionGroups(type: number, selected: number[] = []) {
      const groups = await db
        .select({
          id: supportOptionGroups.id,
          title: supportOptionGroups.title,
          title_en: supportOptionGroups.title_en,
        })
        .from(supportOptionGroups)
        .where(eq(supportOptionGroups.type, type))
        .orderBy(asc(supportOptionGroups.sort_order), asc(supportOptionGroups.id))
      if (groups.length === 0) return []
      const options = await db
        .select()
        .from(so)
        .where(
          inArray(
            so.group_id,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(so.sort_order), asc(so.id))
      const chosen = [...new Set(selected)]
      const groupOf = new Map(options.map((o) => [o.id, o.group_id]))
      // One lookup per distinct "selection outside the group": groups without a selection share one.
      const availableByGroup = new Map<number, Set<number> | null>()
      const cache = new Map<string, Promise<Set<number> | null>>()
      const carriedWith = (others: number[]) => {
        const key = others.join(',')
        let hit = cache.get(key)
        if (!hit) {
          hit =
            others.length === 0
              ? Promise.resolve(null)
              : db
                  .selectDistinct({ id: sdo.option_id })
                  .from(sdo)
                  .where(inArray(sdo.document_id, documentsCarrying(db, type, others)))
                  .then((rows) => new Set(rows.map((r) => r.id)))
          cache.set(key, hit)
        }
        return hit
      }
      await Promise.all(
        groups.map(async (group) => {
          const others = chosen.filter((id) => groupOf.get(id) !== group.id).sort((a, b) => a - b)
          availableByGroup.set(group.id, await carriedWith(others))
        }),
      )
      return groups.map((group) => {
        const available = availableByGroup.get(group.id) ?? null
        return {
          ...group,
          option_list: options
            .filter((o) => o.group_id === group.id)
            .map((o) => {
              const show_yn = o.show_yn === 'N' ? ('N' as const) : ('Y' as const)
              return {
                id: o.id,
                title: o.title,
                title_en: o.title_en,
                code: o.code,
                name: o.name,
                show_yn,
                disabled: show_yn === 'N',
                available: available === null || available.has(o.id),
              }
            }),
        }
      })
    },

    /**
     * Documents of a service type, newest first, matching every search word (see
     * shared/search-text.ts) and carrying every selected option: found in the node's copy of the
     * documents' words and options (service-search-index.ts), the page's rows then read by id.
     */
    async documents(query: PageRequest & { type: number; keyword: string; optionIds: number[] }) {
      const words = searchTokens(query.keyword).map((token) => token.toLowerCase())
      const ids = await index.matching(query.type, words, query.optionIds)
      return paged(
        query,
        async () => ids.length,
        async ({ offset, limit }) => {
          const page = ids.slice(offset, offset + limit)
          const rows = await db
            .select({
              id: sd.id,
              type: sd.type,
              title: sd.title,
              title_en: sd.title_en,
              url: sd.url,
              url_en: sd.url_en,
              created_at: sd.created_at,
              doc_number: sd.doc_number,
              revision: sd.revision,
              revised_at: sd.revised_at,
            })
            .from(sd)
            .where(and(inArray(sd.id, page), eq(sd.published, true)))
          const byId = new Map(rows.map((row) => [row.id, row]))
          return withAttachments(
            db,
            'service',
            page.flatMap((id) => byId.get(id) ?? []),
            'file_list',
          )
        },
      )
    },

    /**
     * Removes a service document (its options, downloads and search entries with it) and tells
     * every node (kept pages listing it go); false when unknown. Its files stay stored, no longer
     * served to the public (docs/decisions/039-withdrawn-files.md).
     */
    async deleteDocument(id: number) {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(sd).where(eq(sd.id, id)).returning({ id: sd.id })
        await tx.delete(attachments).where(and(eq(attachments.owner_type, 'service'), eq(attachments.owner_id, id)))
        await sync(tx, 'service', [id])
        if (removed.length > 0) await publishChange(tx, ['service-documents'])
        return removed.length > 0
      })
    },

    /** Circuit diagrams by serial: code1 exactly, code2 as a prefix (empty: all of code1). */
    async serials(query: PageRequest & { code1: string; code2: string }) {
      const where = and(
        eq(circuitSerials.code1, query.code1),
        eq(circuitSerials.published, true),
        query.code2 ? like(circuitSerials.code2, `${query.code2.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      )
      return paged(
        query,
        async () =>
          (
            await db
              .select({ n: sql<number>`count(*)::int` })
              .from(circuitSerials)
              .where(where)
          )[0]?.n ?? 0,
        async ({ offset, limit }) => {
          const rows = await db
            .select()
            .from(circuitSerials)
            .where(where)
            .orderBy(asc(circuitSerials.code2), asc(circuitSerials.id))
            .offset(offset)
            .limit(limit)
          const out = rows.map((r) => ({
            id: r.id,
            code: `${r.code1}-${r.code2}`,
            title: r.title,
            title_en: r.title_en,
            model: r.model,
          }))
          return withAttachments(db, 'serial', out, 'file_list')
        },
      )
    },
  }
}
