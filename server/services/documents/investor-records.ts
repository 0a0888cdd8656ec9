import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { attachments, files, investCategories, investPosts, siteSettings } from '#server/db/schema.ts'
import type { ListQuery } from '#shared/console-lists.ts'
import type { InvestPostSort } from '#shared/invest-post-list.ts'
import { fileForOf, type DocumentFileInput } from '#shared/document-form.ts'
import { checkForm, type FieldErrors } from '#shared/field-errors.ts'
import { investPostSchema } from '#shared/record-forms.ts'
import { conflictOf, versionedChange, type Actor } from '../console-content/versioned-change.ts'
import { formText, keepRecordVersion, keptValues, recordHistory } from '../record-history.ts'
import { countUpTo, orderOf, readPage, wordsCondition } from '../console-lists.ts'
import { sync } from '../search/indexer.ts'
import type { Reader } from '../search/sources.ts'
import { attachmentsByOwner, checkFiles, replaceAttachments } from './document-files.ts'
import { recordEditor, type PublishedHook } from './record-editor.ts'
import type { SaveResult } from '../save-result.ts'

type CategoryRow = typeof investCategories.$inferSelect
type PostRow = typeof investPosts.$inferSelect

/**
 * The console's investor notices (docs/decisions/021-document-editing.md): categories per type
 * (1 shareholder meetings, 2 settlements), notices with their files, and the internal rules file
 * of the site settings. Notices feed the search index (Korean only, as their pages are).
 */
export function createInvestorRecords({
  db,
  clock,
  onPublished,
}: {
  db: Db
  clock: () => Date
  onPublished?: PublishedHook
}) {
  const notice = (tx: Reader) => onPublished?.(tx, ['investors']) ?? Promise.resolve()
  const categories = recordEditor<CategoryRow>({
    db,
    clock,
    table: investCategories,
    recordType: 'invest-category',
    announce: async (tx, rows) => {
      // A renamed category shows in its notices' search entries.
      const ids = [...new Set(rows.map((r) => r.id))]
      const posts = ids.length
        ? await tx.select({ id: investPosts.id }).from(investPosts).where(inArray(investPosts.category_id, ids))
        : []
      await sync(
        tx,
        'notice',
        posts.map((p) => p.id),
      )
      await notice(tx)
    },
  })
  const posts = recordEditor<PostRow>({
    db,
    clock,
    table: investPosts,
    recordType: 'invest-post',
    announce: async (tx, rows) => {
      await sync(tx, 'notice', [...new Set(rows.map((r) => r.id))])
      await notice(tx)
    },
    // The notice as its form shows it: category, title, date, shown or not, its files by name.
    keep: async (tx, row, action, actor) => {
      const [category] = await tx
        .select({ title: investCategories.title })
        .from(investCategories)
        .where(eq(investCategories.id, row.category_id))
      const stored = (await attachmentsByOwner(tx, 'invest', [row.id])).get(row.id) ?? []
      await keepRecordVersion(tx, {
        recordType: 'investor-post',
        recordId: row.id,
        version: row.version,
        action,
        values: {
          category_id: row.category_id,
          category: category?.title ?? null,
          title: row.title,
          date: new Date(row.created_at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10),
          published: row.published,
          files: stored.map((f) => `${f.origin_file_name} (${f.icon})`).join(', '),
        },
        published: row.published,
        userId: actor.userId,
        now: clock(),
      })
    },
  })

  /** The category must exist; the notice takes its type. */
  async function checked(
    categoryId: number,
    slots: DocumentFileInput[],
  ): Promise<{ errors: FieldErrors; names: Map<string, string>; type: number }> {
    const errors: FieldErrors = {}
    const [category] = await db
      .select({ type: investCategories.type })
      .from(investCategories)
      .where(eq(investCategories.id, categoryId))
    if (!category) errors.category_id = 'console.error.option'
    const names = await checkFiles(db, slots, errors)
    return { errors, names, type: category?.type ?? 0 }
  }

  return {
    async categories() {
      return db
        .select()
        .from(investCategories)
        .orderBy(asc(investCategories.type), asc(investCategories.sort_order), asc(investCategories.id))
    },
    createCategory: (actor: Actor, values: { type: number; title: string; sort_order: number }) =>
      categories.create(actor, values),
    saveCategory: (
      actor: Actor,
      id: number,
      version: number,
      values: { type: number; title: string; sort_order: number },
    ) => categories.save(actor, id, version, values),

    /**
     * One page of the notices with their files (docs/decisions/054-console-lists.md): searched by
     * title, filtered by state and category, sorted and paged in SQL.
     */
    async posts(query: ListQuery<InvestPostSort>, pageSize: number) {
      const where: (SQL | undefined)[] = [wordsCondition(query.q, [investPosts.title])]
      if (query.status === 'live' || query.status === 'draft')
        where.push(eq(investPosts.published, query.status === 'live'))
      if (query.filters.category) where.push(eq(investPosts.category_id, Number(query.filters.category)))
      const column = {
        date: investPosts.created_at,
        title: investPosts.title,
        category: sql`(select ${investCategories.title} from ${investCategories} where ${investCategories.id} = ${investPosts.category_id})`,
      }[query.sort]
      const page = await readPage({
        where: and(...where),
        page: query.page,
        pageSize,
        count: (condition, limit) => countUpTo(db, investPosts, condition, limit),
        rows: (condition, limit, offset) =>
          db
            .select()
            .from(investPosts)
            .where(condition)
            .orderBy(...orderOf(column, query.dir, investPosts.id))
            .limit(limit)
            .offset(offset),
      })
      const byOwner = await attachmentsByOwner(
        db,
        'invest',
        page.rows.map((r) => r.id),
      )
      return { ...page, rows: page.rows.map((r) => ({ ...r, files: byOwner.get(r.id) ?? [] })) }
    },

    async createPost(
      actor: Actor,
      values: { category_id: number; title: string; created_at: Date; published: boolean },
      slots: DocumentFileInput[],
    ): Promise<SaveResult> {
      const { errors, names, type } = await checked(values.category_id, slots)
      if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors }
      return posts.create(actor, { ...values, type }, (tx, row) =>
        replaceAttachments(tx, 'invest', row.id, slots, names),
      )
    },

    async savePost(
      actor: Actor,
      id: number,
      version: number,
      values: { category_id: number; title: string; created_at: Date; published: boolean },
      slots: DocumentFileInput[],
    ): Promise<SaveResult> {
      const { errors, names, type } = await checked(values.category_id, slots)
      if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors }
      return posts.save(actor, id, version, { ...values, type }, (tx) =>
        replaceAttachments(tx, 'invest', id, slots, names),
      )
    },

    /** One notice with its files, for its history page; null when unknown. */
    async post(id: number) {
      const [row] = await db.select().from(investPosts).where(eq(investPosts.id, id))
      if (!row) return null
      return { ...row, files: (await attachmentsByOwner(db, 'invest', [id])).get(id) ?? [] }
    },

    /** A notice's kept versions, newest first (docs/decisions/042-record-history.md). */
    postHistory: (id: number) => recordHistory(db, 'investor-post', id),

    /**
     * "Restore this version" (docs/decisions/042-record-history.md): the kept category, title and
     * date saved through the notice form's checks and save, audited as `invest-post.restore`. Whether
     * it is shown and its files stay as they are now: a restore never shows a removed file again.
     */
    async restorePost(actor: Actor, id: number, version: number, versionId: number): Promise<SaveResult> {
      const [kept, current] = await Promise.all([keptValues(db, 'investor-post', id, versionId), this.post(id)])
      if (!kept || !current) return { ok: false, reason: 'not-found' }
      const checkedForm = checkForm(investPostSchema, {
        category_id: formText(kept.category_id),
        title: formText(kept.title),
        date: formText(kept.date),
        published: current.published ? 'on' : '',
        ...Object.fromEntries(
          current.files.flatMap((f, i) => [
            [`file_${i}`, f.file_name],
            [`file_${i}_for`, fileForOf(f.icon)],
          ]),
        ),
      })
      if (!checkedForm.ok) return { ok: false, reason: 'invalid', errors: checkedForm.errors }
      const { values, files } = checkedForm.data
      const { errors, names, type } = await checked(values.category_id, files)
      if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors }
      return posts.save(
        actor,
        id,
        version,
        { ...values, type },
        (tx) => replaceAttachments(tx, 'invest', id, files, names),
        'invest-post.restore',
      )
    },

    removePost: (actor: Actor, id: number, version: number) =>
      posts.remove(actor, id, version, async (tx) => {
        await tx.delete(attachments).where(and(eq(attachments.owner_type, 'invest'), eq(attachments.owner_id, id)))
      }),

    /** The internal rules file and title of /investment/internal, with the settings' version. */
    async internalRules() {
      const [row] = await db
        .select({
          title: siteSettings.internal_rules_title,
          file: siteSettings.internal_rules_file,
          version: siteSettings.version,
          name: files.origin_file_name,
        })
        .from(siteSettings)
        .leftJoin(files, eq(files.file_name, siteSettings.internal_rules_file))
        .where(eq(siteSettings.id, 1))
      return row ?? null
    },

    /** Replaces the internal rules file and title (the site settings' version guards it). */
    async saveInternalRules(
      actor: Actor,
      version: number,
      values: { title: string; file: string | null },
    ): Promise<SaveResult> {
      const errors: FieldErrors = {}
      if (values.file) await checkFiles(db, [{ key: values.file, for: 'auto' }], errors, ['file'])
      if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors }
      return db.transaction(async (tx) => {
        const result = await versionedChange(tx, {
          table: siteSettings,
          recordType: 'internal-rules',
          id: 1,
          version,
          actor,
          now: clock(),
          plan: (row) => ({
            set: { internal_rules_title: values.title, internal_rules_file: values.file },
            action: 'internal-rules.save',
            before: { title: row.internal_rules_title, file: row.internal_rules_file },
            after: values,
            announce: true,
          }),
          announce: () => notice(tx),
        })
        if (result.ok) return { ok: true as const, id: 1, version: result.updated.version }
        if (result.reason === 'not-found') return result
        return conflictOf(tx, result.row)
      })
    },
  }
}

export type InvestorRecords = ReturnType<typeof createInvestorRecords>
