import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  attachments,
  documentRevisions,
  documentWords,
  products,
  referenceDocuments,
  serviceDocumentOptions,
  serviceDocuments,
  supportOptionGroups,
  supportOptions,
  users,
} from '#server/db/schema.ts'
import {
  classifiedNumber,
  compareRevisions,
  nextRevision,
  numberPrefix,
  type DocumentArchive,
} from '#shared/document-numbers.ts'
import type { BulkAction, BulkItem, DocumentSort, ListQuery } from '#shared/console-lists.ts'
import { documentSchema, fileForOf, type DocumentFileInput, type DocumentInput } from '#shared/document-form.ts'
import { checkForm, type FieldErrors } from '#shared/field-errors.ts'
import { audit } from '../console/audit.ts'
import { countUpTo, likeWords, orderOf, readPage, runBulk, type BulkOutcome } from '../console-lists.ts'
import {
  conflictOf,
  staffName,
  versionedChange,
  type Actor,
  type ChangePlan,
} from '../console-content/versioned-change.ts'
import { formText, keepRecordVersion, keptValues, recordHistory, type HistoryValues } from '../record-history.ts'
import { sync } from '../search/indexer.ts'
import type { Reader } from '../search/sources.ts'
import {
  archiveRevision,
  attachmentsByOwner,
  checkFiles,
  replaceAttachments,
  type StoredAttachment,
} from './document-files.ts'
import type { SaveResult } from '../save-result.ts'

/** Tells every server node that public content changed (the change bus), inside the writing transaction. */
export type PublishedHook = (tx: Reader, topics: readonly string[]) => Promise<void>

/** Both archives have these columns; service documents have no product. */
type DocTable = typeof referenceDocuments
type DocRow = typeof referenceDocuments.$inferSelect
const TABLES: Record<DocumentArchive, DocTable> = {
  reference: referenceDocuments,
  service: serviceDocuments as unknown as DocTable,
}

/** Icons of a file for both languages (a type badge): such a file counts for either language. */
const BOTH_LANGUAGES = ['PDF', 'CAD', 'GSD', 'MOV', 'ETC']
const FILE_LANGUAGE = { ko: ['KOR', ...BOTH_LANGUAGES], en: ['ENG', ...BOTH_LANGUAGES] } as const

export type DocumentListRow = {
  id: number
  type: number
  doc_number: string
  revision: string
  revised_at: Date
  title: string
  title_en: string
  published: boolean
  version: number
  updated_at: Date
  files: number
}

export type DocumentDetail = DocumentInput & {
  id: number
  revision: string
  revised_at: Date
  published: boolean
  version: number
  updated_at: Date
  updated_by: string | null
  stored_files: StoredAttachment[]
  revisions: {
    id: number
    doc_number: string
    revision: string
    title: string
    title_en: string
    revised_at: Date
    archived_at: Date
    archived_by: string | null
    files: StoredAttachment[]
  }[]
}

/** The topic a change of each archive announces on the change bus. */
const TOPIC: Record<DocumentArchive, string> = { reference: 'reference-documents', service: 'service-documents' }

/** What the audit entry keeps of a document. */
const snapshot = (row: Partial<DocRow>) => ({
  type: row.type,
  doc_number: row.doc_number,
  revision: row.revision,
  title: row.title,
  title_en: row.title_en,
  url: row.url,
  url_en: row.url_en,
  product_id: row.product_id ?? null,
})

/** A moment as its day in Korea (UTC+9), as the console shows dates. */
const koreaDay = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10)

/**
 * The console's reference and service documents (docs/decisions/021-document-editing.md): paged
 * lists filtered in SQL, a document's form with its files per language and option tags, saves
 * checked against the version loaded, publishing, and new revisions that move the current number,
 * revision, titles, date and files to `document_revisions` in the same transaction. Every change is
 * audited, re-indexed (when the public sees it) and announced where it is written.
 *
 * `createDocument` is also what an importer can call inside its own transaction.
 */
export function createDocumentsAdmin({
  db,
  clock,
  onPublished,
}: {
  db: Db
  clock: () => Date
  onPublished?: PublishedHook
}) {
  /** The search index and the change notice, when the public sees (or saw) the document. */
  async function announce(tx: Reader, archive: DocumentArchive, ids: number[]) {
    await sync(tx, archive, [...new Set(ids)])
    await onPublished?.(tx, [TOPIC[archive]])
  }

  /** What needs the database: number free, files stored, options of the document's type, product known. */
  async function checkInput(
    reader: Reader,
    archive: DocumentArchive,
    input: DocumentInput,
    selfId: number | null,
  ): Promise<{ errors: FieldErrors; names: Map<string, string> }> {
    const errors: FieldErrors = {}
    const table = TABLES[archive]
    const taken = await reader
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.doc_number, input.doc_number), selfId === null ? undefined : ne(table.id, selfId)))
      .limit(1)
    if (taken.length > 0) errors.doc_number = 'console.docs.error.numberTaken'
    const names = await checkFiles(reader, input.files, errors)
    if (archive === 'service' && input.option_ids.length > 0) {
      const allowed = await reader
        .select({ id: supportOptions.id })
        .from(supportOptions)
        .innerJoin(supportOptionGroups, eq(supportOptionGroups.id, supportOptions.group_id))
        .where(and(inArray(supportOptions.id, input.option_ids), eq(supportOptionGroups.type, input.type)))
      if (allowed.length !== new Set(input.option_ids).size) errors.options = 'console.docs.error.options'
    }
    if (archive === 'reference' && input.product_id !== null) {
      const [product] = await reader.select({ id: products.id }).from(products).where(eq(products.id, input.product_id))
      if (!product) errors.product_id = 'console.error.option'
    }
    return { errors, names }
  }

  async function writeTags(tx: Reader, archive: DocumentArchive, id: number, input: DocumentInput) {
    if (archive !== 'service') return
    await tx.delete(serviceDocumentOptions).where(eq(serviceDocumentOptions.document_id, id))
    const ids = [...new Set(input.option_ids)]
    if (ids.length)
      await tx.insert(serviceDocumentOptions).values(ids.map((option_id) => ({ document_id: id, option_id })))
  }

  const columns = (archive: DocumentArchive, input: DocumentInput) => ({
    type: input.type,
    doc_number: input.doc_number,
    title: input.title,
    title_en: input.title_en,
    url: input.url,
    url_en: input.url_en,
    ...(archive === 'reference' ? { product_id: input.product_id } : {}),
  })

  /**
   * The document as its editor shows it after a change (docs/decisions/042-record-history.md): its
   * metadata, its files as names with their language, its option tags and its earlier revisions as
   * their labels. `product_id` and `option_ids` are what a restore puts back.
   */
  async function documentValues(tx: Reader, archive: DocumentArchive, id: number) {
    const table = TABLES[archive]
    const [row] = await tx.select().from(table).where(eq(table.id, id))
    const [stored, tags, revisions] = await Promise.all([
      attachmentsByOwner(tx, archive, [id]),
      archive === 'service'
        ? tx
            .select({ id: supportOptions.id, code: supportOptions.code, title: supportOptions.title })
            .from(serviceDocumentOptions)
            .innerJoin(supportOptions, eq(supportOptions.id, serviceDocumentOptions.option_id))
            .where(eq(serviceDocumentOptions.document_id, id))
            .orderBy(supportOptions.id)
        : Promise.resolve([]),
      tx
        .select({ revision: documentRevisions.revision, doc_number: documentRevisions.doc_number })
        .from(documentRevisions)
        .where(and(eq(documentRevisions.owner_type, archive), eq(documentRevisions.owner_id, id)))
        .orderBy(documentRevisions.archived_at, documentRevisions.id),
    ])
    const product =
      archive === 'reference' && row!.product_id !== null
        ? (await tx.select({ title: products.title }).from(products).where(eq(products.id, row!.product_id)))[0]
        : undefined
    const values: HistoryValues = {
      type: row!.type,
      doc_number: row!.doc_number,
      revision: row!.revision,
      revised_at: koreaDay(row!.revised_at),
      title: row!.title,
      title_en: row!.title_en,
      url: row!.url,
      url_en: row!.url_en,
      ...(archive === 'reference'
        ? { product_id: row!.product_id, product: product?.title ?? null }
        : {
            option_ids: tags.map((t) => t.id).join(','),
            options: tags.map((t) => [t.code, t.title].filter(Boolean).join(' ')).join(', '),
          }),
      files: (stored.get(id) ?? []).map((f) => `${f.origin_file_name} (${f.icon})`).join(', '),
      revisions: revisions.map((r) => `${r.doc_number} Rev. ${r.revision}`).join(', '),
      published: row!.published,
    }
    return { values, published: row!.published, version: row!.version }
  }

  async function keepVersion(tx: Reader, archive: DocumentArchive, actor: Actor, id: number, action: string) {
    await keepRecordVersion(tx, {
      recordType: `${archive}-document`,
      recordId: id,
      action,
      ...(await documentValues(tx, archive, id)),
      userId: actor.userId,
      now: clock(),
    })
  }

  /** Runs a versioned change of a document and maps its outcome (a stale version names who saved). */
  async function change(
    archive: DocumentArchive,
    actor: Actor,
    id: number,
    version: number,
    plan: (row: DocRow) => ChangePlan,
    also?: (tx: Reader, updated: DocRow, row: DocRow) => Promise<void>,
    /** A bulk action's savepoint: the change runs in it instead of a transaction of its own. */
    outer?: Reader,
  ): Promise<SaveResult> {
    let action = ''
    const within = <T>(fn: (tx: Reader) => Promise<T>) => (outer ? fn(outer) : db.transaction(fn))
    return within(async (tx) => {
      const result = await versionedChange<DocRow>(tx, {
        table: TABLES[archive],
        recordType: `${archive}-document`,
        id,
        version,
        actor,
        now: clock(),
        plan: (row) => {
          const planned = plan(row)
          action = planned.action
          return planned
        },
        ...(also ? { also: (updated: DocRow, row: DocRow) => also(tx, updated, row) } : {}),
        announce: () => announce(tx, archive, [id]),
      })
      if (result.ok) {
        await keepVersion(tx, archive, actor, id, action)
        return { ok: true as const, id, version: result.updated.version }
      }
      if (result.reason === 'not-found') return result
      return conflictOf(tx, result.row)
    })
  }

  /**
   * Inserts a document with its files and options in the caller's transaction, audited, and
   * indexed and announced when published. The input must have passed `readDocumentForm`.
   */
  async function createDocument(
    tx: Reader,
    archive: DocumentArchive,
    actor: Actor,
    input: DocumentInput,
    publish: boolean,
  ): Promise<SaveResult> {
    const { errors, names } = await checkInput(tx, archive, input, null)
    if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', errors }
    const now = clock()
    const table = TABLES[archive]
    const [row] = await tx
      .insert(table)
      .values({
        ...columns(archive, input),
        revision: 'A',
        revised_at: now,
        created_at: now,
        published: publish,
        updated_at: now,
        updated_by: actor.userId,
      })
      .returning()
    await replaceAttachments(tx, archive, row!.id, input.files, names)
    await writeTags(tx, archive, row!.id, input)
    await audit(
      tx,
      {
        userId: actor.userId,
        action: publish ? 'document.create-publish' : 'document.create',
        recordType: `${archive}-document`,
        recordId: row!.id,
        after: snapshot(row!),
        ip: actor.ip,
      },
      now,
    )
    if (publish) await announce(tx, archive, [row!.id])
    await keepVersion(tx, archive, actor, row!.id, publish ? 'document.create-publish' : 'document.create')
    return { ok: true, id: row!.id, version: row!.version }
  }

  return {
    createDocument,

    /**
     * One page of an archive (docs/decisions/054-console-lists.md), filtered, sorted and paged in SQL:
     * search words over the number and both titles, the state (Draft: unpublished, Live: published),
     * the language of its files, its classification; sorted by a column (bilingual titles in `lang`).
     */
    async list(
      archive: DocumentArchive,
      query: ListQuery<DocumentSort>,
      lang: 'ko' | 'en',
      pageSize: number,
    ): Promise<{ rows: DocumentListRow[]; total: number; more: boolean; page: number; pages: number }> {
      const table = TABLES[archive]
      const where: SQL[] = []
      const type = Number(query.filters.type ?? '')
      if (type > 0) where.push(eq(table.type, type))
      if (query.status === 'live' || query.status === 'draft') where.push(eq(table.published, query.status === 'live'))
      if (query.language)
        where.push(
          // `offset 0` keeps this a probe of the attachments' (owner, icon) index per candidate row: pulled
          // up into a join, the planner hashes every attachment of the archive instead (10× slower on 50,000).
          sql`exists (select 1 from ${attachments} where ${attachments.owner_type} = ${archive} and ${attachments.owner_id} = ${table.id} and ${inArray(attachments.icon, [...FILE_LANGUAGE[query.language]])} offset 0)`,
        )
      const words = likeWords(query.q, documentWords(table))
      if (words) where.push(words)
      const column: Record<DocumentSort, unknown> = {
        created: table.created_at,
        number: table.doc_number,
        title: lang === 'en' ? table.title_en : table.title,
        type: table.type,
        revised: table.revised_at,
        updated: table.updated_at,
      }
      return readPage({
        where: where.length ? and(...where) : undefined,
        page: query.page,
        pageSize,
        count: (condition, limit) => countUpTo(db, table, condition, limit),
        rows: (condition, limit, offset) =>
          db
            .select({
              id: table.id,
              type: table.type,
              doc_number: table.doc_number,
              revision: table.revision,
              revised_at: table.revised_at,
              title: table.title,
              title_en: table.title_en,
              published: table.published,
              version: table.version,
              updated_at: table.updated_at,
              files: sql<number>`(select count(*)::int from ${attachments} where ${attachments.owner_type} = ${archive} and ${attachments.owner_id} = ${table.id})`,
            })
            .from(table)
            .where(condition)
            .orderBy(...orderOf(column[query.sort], query.dir, table.id))
            .limit(limit)
            .offset(offset),
      })
    },

    /** The number and title of these documents (a bulk action's confirmation names them); unknown ids are left out. */
    async names(archive: DocumentArchive, ids: readonly number[], lang: 'ko' | 'en'): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map()
      const table = TABLES[archive]
      const rows = await db
        .select({ id: table.id, doc_number: table.doc_number, title: table.title, title_en: table.title_en })
        .from(table)
        .where(inArray(table.id, [...ids]))
      return new Map(rows.map((r) => [r.id, `${r.doc_number} ${(lang === 'en' ? r.title_en : '') || r.title}`]))
    },

    /**
     * Publishes or unpublishes the documents a list showed, at the versions it showed them: one
     * transaction, each through `setPublished` (version check, audit entry, search index, change
     * notice) in a savepoint; a refused one is reported.
     */
    async bulk(
      archive: DocumentArchive,
      actor: Actor,
      action: BulkAction,
      items: readonly BulkItem[],
    ): Promise<BulkOutcome[]> {
      return runBulk(db, items, (tx, { id, version }) => {
        if (action !== 'publish' && action !== 'unpublish')
          return Promise.resolve({ ok: false as const, reason: 'not-found' as const })
        return this.setPublished(archive, actor, id, version, action === 'publish', tx)
      })
    },

    /** A document as its form shows it, with its files, options and earlier revisions (newest first). */
    async get(archive: DocumentArchive, id: number): Promise<DocumentDetail | null> {
      const table = TABLES[archive]
      const [row] = await db.select().from(table).where(eq(table.id, id))
      if (!row) return null
      const [filesOf, tags, revisions] = await Promise.all([
        attachmentsByOwner(db, archive, [id]),
        archive === 'service'
          ? db
              .select({ id: serviceDocumentOptions.option_id })
              .from(serviceDocumentOptions)
              .where(eq(serviceDocumentOptions.document_id, id))
          : Promise.resolve([]),
        db
          .select({ revision: documentRevisions, by: users.name })
          .from(documentRevisions)
          .leftJoin(users, eq(users.id, documentRevisions.archived_by))
          .where(and(eq(documentRevisions.owner_type, archive), eq(documentRevisions.owner_id, id)))
          .orderBy(desc(documentRevisions.archived_at), desc(documentRevisions.id)),
      ])
      const revisionFiles = await attachmentsByOwner(
        db,
        'revision',
        revisions.map((r) => r.revision.id),
      )
      const stored = filesOf.get(id) ?? []
      return {
        id: row.id,
        type: row.type,
        doc_number: row.doc_number,
        title: row.title,
        title_en: row.title_en,
        url: row.url,
        url_en: row.url_en,
        product_id: archive === 'reference' ? row.product_id : null,
        option_ids: tags.map((t) => t.id),
        files: stored.map((f) => ({ key: f.file_name, for: f.icon as DocumentFileInput['for'] })),
        stored_files: stored,
        revision: row.revision,
        revised_at: row.revised_at,
        published: row.published,
        version: row.version,
        updated_at: row.updated_at,
        updated_by: await staffName(db, row.updated_by),
        revisions: revisions.map(({ revision: r, by }) => ({
          id: r.id,
          doc_number: r.doc_number,
          revision: r.revision,
          title: r.title,
          title_en: r.title_en,
          revised_at: r.revised_at,
          archived_at: r.archived_at,
          archived_by: by,
          files: revisionFiles.get(r.id) ?? [],
        })),
      }
    },

    /** The next free number of a classification in an archive: `DA-MAN-0013` after `DA-MAN-0012`. */
    async suggestNumber(archive: DocumentArchive, type: number): Promise<string> {
      const table = TABLES[archive]
      const prefix = numberPrefix(archive, type)
      const [row] = await db
        .select({ n: sql<number | null>`max(substring(${table.doc_number} from '[0-9]+$')::int)` })
        .from(table)
        .where(sql`${table.doc_number} ~ ${`^${prefix}[0-9]+$`}`)
      return classifiedNumber(archive, type, (row?.n ?? 0) + 1)
    },

    async create(archive: DocumentArchive, actor: Actor, input: DocumentInput, publish: boolean): Promise<SaveResult> {
      return db.transaction((tx) => createDocument(tx, archive, actor, input, publish))
    },

    /** Saves the form over the version loaded; the public sees the change at once when the document is published. */
    async save(
      archive: DocumentArchive,
      actor: Actor,
      id: number,
      version: number,
      input: DocumentInput,
      /** The audit action of a restore (the values are a kept version's), instead of the save's own. */
      action = 'document.save',
    ): Promise<SaveResult> {
      const { errors, names } = await checkInput(db, archive, input, id)
      if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', errors }
      return change(
        archive,
        actor,
        id,
        version,
        (row) => ({
          set: columns(archive, input),
          action,
          before: snapshot(row),
          after: snapshot({ ...row, ...columns(archive, input) }),
          announce: row.published,
        }),
        async (tx) => {
          await replaceAttachments(tx, archive, id, input.files, names)
          await writeTags(tx, archive, id, input)
        },
      )
    },

    /** A document's kept versions, newest first (docs/decisions/042-record-history.md). */
    history: (archive: DocumentArchive, id: number) => recordHistory(db, `${archive}-document`, id),

    /**
     * "Restore this version" (docs/decisions/042-record-history.md): the kept version's metadata
     * (classification, number, titles, links, product or option tags) saved through the form's own
     * checks and save, audited as `document.restore`. The files stay the current revision's and the
     * revision is not moved back: a restore never attaches a withdrawn file again (ADR 039).
     */
    async restore(
      archive: DocumentArchive,
      actor: Actor,
      id: number,
      version: number,
      versionId: number,
    ): Promise<SaveResult> {
      const kept = await keptValues(db, `${archive}-document`, id, versionId)
      if (!kept) return { ok: false, reason: 'not-found' }
      const current = (await attachmentsByOwner(db, archive, [id])).get(id) ?? []
      const form: Record<string, string> = {
        type: formText(kept.type),
        doc_number: formText(kept.doc_number),
        title: formText(kept.title),
        title_en: formText(kept.title_en),
        url: formText(kept.url),
        url_en: formText(kept.url_en),
        product_id: formText(kept.product_id),
        ...Object.fromEntries(
          formText(kept.option_ids)
            .split(',')
            .filter(Boolean)
            .map((o) => [`option_${o}`, 'on']),
        ),
        ...Object.fromEntries(
          current.flatMap((f, i) => [
            [`file_${i}`, f.file_name],
            [`file_${i}_for`, fileForOf(f.icon)],
          ]),
        ),
      }
      const checked = checkForm(documentSchema(archive), form)
      if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors }
      return this.save(archive, actor, id, version, checked.data, 'document.restore')
    },

    /** Puts a document on the site or takes it off. */
    async setPublished(
      archive: DocumentArchive,
      actor: Actor,
      id: number,
      version: number,
      publish: boolean,
      outer?: Reader,
    ): Promise<SaveResult> {
      return change(
        archive,
        actor,
        id,
        version,
        (row) => ({
          set: { published: publish },
          action: publish ? 'document.publish' : 'document.unpublish',
          before: { published: row.published },
          after: { published: publish },
          announce: row.published !== publish,
        }),
        undefined,
        outer,
      )
    },

    /**
     * Issues a new revision with new files: the current number, revision, titles, date and files
     * become an earlier revision (document_revisions, files re-owned by it), the document gets the
     * new files, `revision` (or the next letter) and `revised_at` now. One transaction; the search
     * entries then hold the new files' text only. Refused (issue 30): a revision that is not later
     * than the current one (`compareRevisions`; the version check keeps the current one what was
     * read here), and files that are all the current revision's own (a new revision brings a new file).
     */
    async revise(
      archive: DocumentArchive,
      actor: Actor,
      id: number,
      version: number,
      input: { revision: string | null; files: DocumentFileInput[] },
    ): Promise<SaveResult> {
      const errors: FieldErrors = {}
      if (input.files.length === 0) errors.file_0 = 'console.docs.error.revisionFile'
      const names = await checkFiles(db, input.files, errors)
      const table = TABLES[archive]
      const [current] = await db.select({ revision: table.revision }).from(table).where(eq(table.id, id))
      if (!current) return { ok: false, reason: 'not-found' }
      if (input.revision !== null && !((compareRevisions(input.revision, current.revision) ?? 0) > 0))
        errors.revision = 'console.docs.error.revisionNotNewer'
      if (input.files.length > 0 && !errors.file_0) {
        const own = await db
          .select({ key: attachments.file_name })
          .from(attachments)
          .where(and(eq(attachments.owner_type, archive), eq(attachments.owner_id, id)))
        const keys = new Set(own.map((a) => a.key))
        if (input.files.every((f) => keys.has(f.key))) errors.file_0 = 'console.docs.error.revisionNewFile'
      }
      if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', errors }
      const now = clock()
      return change(
        archive,
        actor,
        id,
        version,
        (row) => {
          const revision = input.revision ?? nextRevision(row.revision)
          return {
            set: { revision, revised_at: now },
            action: 'document.revise',
            before: { revision: row.revision, revised_at: row.revised_at },
            after: { revision, revised_at: now },
            announce: row.published,
          }
        },
        async (tx, _updated, row) => {
          await archiveRevision(tx, archive, row, { userId: actor.userId, now })
          await replaceAttachments(tx, archive, id, input.files, names)
        },
      )
    },
  }
}

export type DocumentsAdmin = ReturnType<typeof createDocumentsAdmin>
