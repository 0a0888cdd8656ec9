import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { attachments, circuitSerials, supportOptionGroups, supportOptions } from '#server/db/schema.ts'
import type { DocumentFileInput } from '#shared/document-form.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { Actor } from '../console-content/versioned-change.ts'
import { sync } from '../search/indexer.ts'
import type { Reader } from '../search/sources.ts'
import { attachmentsByOwner, checkFiles, replaceAttachments } from './document-files.ts'
import { recordEditor, type PublishedHook } from './record-editor.ts'
import type { SaveResult } from '../save-result.ts'

type GroupRow = typeof supportOptionGroups.$inferSelect
type OptionRow = typeof supportOptions.$inferSelect
type SerialRow = typeof circuitSerials.$inferSelect

export type SerialFilter = { query: string; page: number; pageSize: number }

/**
 * The console's service options (groups and options per service page) and circuit-diagram serial
 * records (docs/decisions/021-document-editing.md). Options change the public option filters and
 * the standard-diagram finder; serials the serial lookup and the search index.
 */
export function createSupportRecords({
  db,
  clock,
  onPublished,
}: {
  db: Db
  clock: () => Date
  onPublished?: PublishedHook
}) {
  const notice = (tx: Reader, topic: string) => onPublished?.(tx, [topic]) ?? Promise.resolve()
  const groups = recordEditor<GroupRow>({
    db,
    clock,
    table: supportOptionGroups,
    recordType: 'option-group',
    announce: (tx) => notice(tx, 'service-options'),
  })
  const options = recordEditor<OptionRow>({
    db,
    clock,
    table: supportOptions,
    recordType: 'option',
    announce: (tx) => notice(tx, 'service-options'),
  })
  const serials = recordEditor<SerialRow>({
    db,
    clock,
    table: circuitSerials,
    recordType: 'serial',
    announce: async (tx, rows) => {
      await sync(tx, 'serial', [...new Set(rows.map((r) => r.id))])
      await notice(tx, 'serials')
    },
  })

  async function filesChecked(
    slots: DocumentFileInput[],
  ): Promise<{ errors: FieldErrors; names: Map<string, string> }> {
    const errors: FieldErrors = {}
    const names = await checkFiles(db, slots, errors)
    return { errors, names }
  }

  return {
    /** A service page's option groups (every page's when `type` is null) with their options, in order. */
    async optionGroups(type: number | null) {
      const rows = await db
        .select()
        .from(supportOptionGroups)
        .where(type === null ? undefined : eq(supportOptionGroups.type, type))
        .orderBy(asc(supportOptionGroups.sort_order), asc(supportOptionGroups.id))
      const opts = rows.length
        ? await db
            .select()
            .from(supportOptions)
            .where(
              inArray(
                supportOptions.group_id,
                rows.map((g) => g.id),
              ),
            )
            .orderBy(asc(supportOptions.sort_order), asc(supportOptions.id))
        : []
      return rows.map((g) => ({ ...g, options: opts.filter((o) => o.group_id === g.id) }))
    },
    createGroup: (actor: Actor, values: Omit<typeof supportOptionGroups.$inferInsert, 'id'>) =>
      groups.create(actor, values),
    saveGroup: (actor: Actor, id: number, version: number, values: Partial<typeof supportOptionGroups.$inferInsert>) =>
      groups.save(actor, id, version, values),
    removeGroup: (actor: Actor, id: number, version: number) => groups.remove(actor, id, version),
    createOption: (actor: Actor, values: Omit<typeof supportOptions.$inferInsert, 'id'>) =>
      options.create(actor, values),
    saveOption: (actor: Actor, id: number, version: number, values: Partial<typeof supportOptions.$inferInsert>) =>
      options.save(actor, id, version, values),
    removeOption: (actor: Actor, id: number, version: number) => options.remove(actor, id, version),

    /** One page of serials, by code (`25-0100`, `250100`, a prefix) or title/model, in code order. */
    async serials(filter: SerialFilter) {
      const where: SQL[] = []
      const q = filter.query.trim().toLowerCase()
      if (q) {
        const digits = q.replace(/[^0-9]/g, '')
        where.push(
          sql`(${digits ? sql`(${circuitSerials.code1} || ${circuitSerials.code2}) like ${`${digits}%`} or ` : sql``}strpos(lower(${circuitSerials.title}), ${q}) > 0 or strpos(lower(${circuitSerials.title_en}), ${q}) > 0 or strpos(lower(${circuitSerials.model}), ${q}) > 0)`,
        )
      }
      const condition = where.length ? and(...where) : undefined
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(circuitSerials)
        .where(condition)
      const total = counted?.n ?? 0
      const pages = Math.max(1, Math.ceil(total / filter.pageSize))
      const page = Math.min(Math.max(1, Math.floor(filter.page) || 1), pages)
      const rows = await db
        .select({
          id: circuitSerials.id,
          code1: circuitSerials.code1,
          code2: circuitSerials.code2,
          title: circuitSerials.title,
          title_en: circuitSerials.title_en,
          model: circuitSerials.model,
          published: circuitSerials.published,
          updated_at: circuitSerials.updated_at,
        })
        .from(circuitSerials)
        .where(condition)
        .orderBy(asc(circuitSerials.code1), asc(circuitSerials.code2), desc(circuitSerials.id))
        .limit(filter.pageSize)
        .offset((page - 1) * filter.pageSize)
      return { rows, total, page }
    },

    async serial(id: number) {
      const [row] = await db.select().from(circuitSerials).where(eq(circuitSerials.id, id))
      if (!row) return null
      const files = (await attachmentsByOwner(db, 'serial', [id])).get(id) ?? []
      return { ...row, files }
    },

    async createSerial(
      actor: Actor,
      values: Omit<typeof circuitSerials.$inferInsert, 'id'>,
      slots: DocumentFileInput[],
    ): Promise<SaveResult> {
      const { errors, names } = await filesChecked(slots)
      if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors }
      return serials.create(actor, values, (tx, row) => replaceAttachments(tx, 'serial', row.id, slots, names))
    },

    async saveSerial(
      actor: Actor,
      id: number,
      version: number,
      values: Partial<typeof circuitSerials.$inferInsert>,
      slots: DocumentFileInput[],
    ): Promise<SaveResult> {
      const { errors, names } = await filesChecked(slots)
      if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors }
      return serials.save(actor, id, version, values, (tx) => replaceAttachments(tx, 'serial', id, slots, names))
    },

    removeSerial: (actor: Actor, id: number, version: number) =>
      serials.remove(actor, id, version, async (tx) => {
        await tx.delete(attachments).where(and(eq(attachments.owner_type, 'serial'), eq(attachments.owner_id, id)))
      }),
  }
}

export type SupportRecords = ReturnType<typeof createSupportRecords>
