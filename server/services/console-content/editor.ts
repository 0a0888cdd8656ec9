import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { files, recordVersions, users, type banners } from '#server/db/schema.ts'
import {
  contentKind,
  kindColumns,
  showingWindow,
  type ContentKind,
  type ContentKindName,
  type LangState,
  type ShowingWindow,
} from '#shared/content-kinds.ts'
import type { BulkAction, BulkItem, ListQuery } from '#shared/console-lists.ts'
import { missingToPublish } from '#shared/content-schema.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { Lang } from '#shared/locales.ts'
import { audit } from '../console/audit.ts'
import { countUpTo, readPage, runBulk, type BulkOutcome } from '../console-lists.ts'
import { keptValues, openAutosave, recordHistory, type KeptVersion } from '../record-history.ts'
import { sync } from '../search/indexer.ts'
import type { Reader } from '../search/sources.ts'
import { altMissingToPublish } from './alt-to-publish.ts'
import { contentListSql } from './list-query.ts'
import { KIND_TABLES, SEARCH_SOURCES } from './registry.ts'
import {
  changedColumns,
  fromJson,
  languageColumns,
  only,
  parseRecord,
  sideColumns,
  toFormValues,
  toJson,
  type RecordValues,
} from './values.ts'
import { versionedChange, type Actor, type ChangePlan } from './versioned-change.ts'
import type { Conflict as BaseConflict, SaveResult as SaveResultOf } from '../save-result.ts'

export type { Actor } from './versioned-change.ts'

/** Tells every server node that public content changed (the change bus), inside the writing transaction. */
export type PublishedHook = (tx: Reader, topics: readonly string[]) => Promise<void>

export type { LangState } from '#shared/content-kinds.ts'

export type RecordState = {
  id: number
  /** The values the form shows: the draft's when there is one, else the published ones. */
  values: RecordValues
  published: boolean
  hasDraft: boolean
  languages: Record<Lang, LangState>
  /**
   * For a kind shown only between two dates (popups), where the published values' window stands
   * now: whether a public record is shown yet, now, or no more. Null for other kinds.
   */
  window: ShowingWindow | null
  version: number
  updatedAt: Date
  updatedBy: string | null
}

/** One saved version of a record: what its editor showed after the save, public or not, who and when. */
export type SavedVersion = Omit<KeptVersion, 'values'> & { values: RecordValues }

/** A stale save's refusal, with the record as now saved. */
export type Conflict = BaseConflict & { current: RecordState }
export type SaveResult = Exclude<SaveResultOf, BaseConflict> | Conflict

/** What publishing needs of any editable table (site settings has no `published`: it is always public). */
type Editable = typeof banners
const tableOf = (kind: ContentKindName) => KIND_TABLES[kind] as unknown as Editable

type Row = Record<string, unknown> & {
  id: number
  draft: Record<string, unknown> | null
  version: number
  updated_at: Date
  updated_by: number | null
  published?: boolean
  hidden_lang?: Lang | null
}

function pick(kind: ContentKind, row: Record<string, unknown>): RecordValues {
  return Object.fromEntries(kindColumns(kind).map((c) => [c, (row[c] ?? null) as RecordValues[string]]))
}

/** Fields whose two languages are translations of each other (not images or addresses). */
const TEXT_TYPES = new Set(['text', 'textarea', 'richtext', 'lines'])

/** A record whose text in `lang` is missing (`fields`), or older than the other language's last change. */
export type TranslationGap = {
  kind: ContentKindName
  state: RecordState
  lang: Lang
  why: 'missing' | 'outdated'
  fields: string[]
  /** When the other language last changed (an outdated translation). */
  since?: Date
}

/**
 * The language whose texts are behind the other's in a record's saved versions (oldest first): the
 * other language's texts were edited (a filled text changed, not a first fill) in a later save than
 * this language's last change; with when that edit was saved. Null when neither is behind.
 */
function behindIn(
  versions: { values: Record<string, unknown>; savedAt: Date }[],
  texts: readonly { name: string }[],
): { lang: Lang; since: Date } | null {
  const touched = { ko: 0, en: 0 }
  const edited = { ko: -1, en: -1 }
  for (let i = 1; i < versions.length; i++) {
    const [before, after] = [versions[i - 1]!.values, versions[i]!.values]
    for (const lang of ['ko', 'en'] as const) {
      const columns = texts.map((f) => (lang === 'ko' ? f.name : `${f.name}_en`))
      const changed = columns.filter((c) => (before[c] ?? '') !== (after[c] ?? ''))
      if (changed.length > 0) touched[lang] = i
      if (changed.some((c) => String(before[c] ?? '').trim() !== '')) edited[lang] = i
    }
  }
  for (const lang of ['ko', 'en'] as const) {
    const other = otherLang(lang)
    if (edited[other] > touched[lang]) return { lang, since: versions[edited[other]]!.savedAt }
  }
  return null
}

const otherLang = (lang: Lang): Lang => (lang === 'ko' ? 'en' : 'ko')

/**
 * What "save and publish this language" writes (docs/decisions/043-per-language-publishing.md). An
 * unpublished record goes live in `lang` alone, its other language's texts kept in place (hidden
 * from the public). A public one takes `lang`'s texts and the shared fields; the other language's
 * changes go in place when that language is not public, else stay its pending draft.
 */
function publishLanguage(
  kind: ContentKind,
  row: Row,
  isPublic: boolean,
  values: RecordValues,
  lang: Lang,
): Pick<ChangePlan, 'set' | 'action'> {
  const action = `content.publish-${lang}`
  const other = otherLang(lang)
  if (!isPublic) return { set: { ...values, draft: null, published: true, hidden_lang: other }, action }
  const otherColumns = languageColumns(kind, other)
  const otherHidden = row.hidden_lang === other
  const pending = otherHidden ? {} : changedColumns(pick(kind, row), only(values, otherColumns)).after
  const pendingValues = only(values, Object.keys(pending))
  return {
    set: {
      ...only(values, sideColumns(kind, lang)),
      ...(otherHidden ? only(values, otherColumns) : {}),
      draft: Object.keys(pendingValues).length > 0 ? toJson(pendingValues) : null,
      ...(kind.singleton ? {} : { hidden_lang: row.hidden_lang === lang ? null : (row.hidden_lang ?? null) }),
    },
    action,
  }
}

/**
 * The console's editing of site content (docs/decisions/015-content-publishing.md). A record's
 * columns are what the public sees; `published` says whether it sees it at all; `draft` holds
 * the pending values of a published record, shown only in preview. Every write checks the version
 * the editor loaded (a stale one is a conflict naming who saved in between), writes its audit
 * entry, the search index and the change notice in the same transaction.
 */
export function createContentEditor({
  db,
  clock,
  onPublished,
}: {
  db: Db
  clock: () => Date
  onPublished?: PublishedHook
}) {
  /** `fn` in the caller's transaction (a bulk action's savepoint), or in a transaction of its own. */
  const within = <T>(outer: Reader | undefined, fn: (tx: Reader) => Promise<T>): Promise<T> =>
    outer ? fn(outer) : db.transaction(fn)

  async function load(reader: Reader, kind: ContentKindName, id: number): Promise<Row | null> {
    const table = tableOf(kind)
    const [row] = await reader.select().from(table).where(eq(table.id, id)).limit(1)
    return (row as Row | undefined) ?? null
  }

  async function names(reader: Reader, ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
    if (wanted.length === 0) return new Map()
    const rows = await reader.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted))
    return new Map(rows.map((r) => [r.id, r.name]))
  }

  function stateOf(kind: ContentKind, row: Row, byName: Map<number, string>): RecordState {
    const published = pick(kind, row)
    const draft = row.draft ? fromJson(kind, row.draft) : {}
    const isPublic = kind.singleton ? true : Boolean(row.published)
    const languageState = (lang: Lang): LangState => {
      if (!isPublic || row.hidden_lang === lang) return 'off'
      const side = sideColumns(kind, lang)
      return Object.keys(changedColumns(pick(kind, row), { ...published, ...draft }).after ?? {}).some((c) =>
        side.includes(c),
      )
        ? 'pending'
        : 'live'
    }
    const asDate = (value: unknown) => (value instanceof Date ? value : null)
    const window = kind.shownBetween
      ? showingWindow(asDate(published[kind.shownBetween[0]]), asDate(published[kind.shownBetween[1]]), clock())
      : null
    return {
      id: row.id,
      values: row.draft ? { ...published, ...draft } : published,
      published: isPublic,
      hasDraft: row.draft !== null,
      languages: { ko: languageState('ko'), en: languageState('en') },
      window,
      version: row.version,
      updatedAt: new Date(row.updated_at),
      updatedBy: row.updated_by === null ? null : (byName.get(row.updated_by) ?? null),
    }
  }

  async function conflict(reader: Reader, kind: ContentKind, row: Row): Promise<Conflict> {
    const byName = await names(reader, [row.updated_by])
    const current = stateOf(kind, row, byName)
    return {
      ok: false,
      reason: 'conflict',
      by: current.updatedBy,
      at: current.updatedAt,
      version: current.version,
      current,
    }
  }

  async function getWith(reader: Reader, kindName: ContentKindName, id: number): Promise<RecordState | null> {
    const kind = contentKind(kindName)!
    const row = await load(reader, kindName, id)
    if (!row) return null
    return stateOf(kind, row, await names(reader, [row.updated_by]))
  }

  /** The version a save made, as its editor shows it (docs/decisions/042-record-history.md). */
  async function keepVersion(
    tx: Reader,
    kind: ContentKind,
    row: Row,
    action: string,
    actor: Actor,
    now: Date,
    /** An autosave continuing the editor's previous one: that version (its id) is brought up to date instead. */
    replacing?: number,
  ) {
    const state = stateOf(kind, row, new Map())
    const kept = {
      record_type: kind.kind,
      record_id: row.id,
      version: row.version,
      action,
      values: toJson(state.values),
      published: state.published,
      saved_by: actor.userId,
      saved_at: now,
    }
    if (replacing === undefined) await tx.insert(recordVersions).values(kept)
    else await tx.update(recordVersions).set(kept).where(eq(recordVersions.id, replacing))
  }

  /** Files named by image and file fields must be stored ones (uploaded through the console). */
  async function unknownFiles(kind: ContentKind, values: RecordValues): Promise<FieldErrors> {
    const keyed = kind.fields
      .filter((f) => f.type === 'image' || f.type === 'file')
      .flatMap((f) => (f.bilingual ? [f.name, `${f.name}_en`] : [f.name]))
    const keys = keyed.map((c) => values[c]).filter((v): v is string => typeof v === 'string' && v !== '')
    if (keys.length === 0) return {}
    const found = new Set(
      (await db.select({ key: files.file_name }).from(files).where(inArray(files.file_name, keys))).map((r) => r.key),
    )
    const errors: FieldErrors = {}
    for (const column of keyed) {
      const v = values[column]
      if (typeof v === 'string' && v !== '' && !found.has(v)) errors[column] = 'console.error.fileKey'
    }
    return errors
  }

  /**
   * What publishing `values` in `langs` still lacks: the required English texts when English goes
   * live, and the alternative text of the images shown in those languages (alt-to-publish.ts).
   */
  async function lackingToPublish(
    reader: Reader,
    kind: ContentKind,
    values: RecordValues,
    langs: readonly Lang[],
  ): Promise<FieldErrors> {
    return {
      ...(langs.includes('en') ? missingToPublish(kind, values) : {}),
      ...(await altMissingToPublish(reader, kind, values, langs)),
    }
  }

  async function validated(kind: ContentKind, form: Record<string, string | undefined>) {
    const parsed = parseRecord(kind, form)
    if (!parsed.ok) return { ok: false as const, reason: 'invalid' as const, errors: parsed.errors }
    const missing = await unknownFiles(kind, parsed.values)
    if (Object.keys(missing).length > 0) return { ok: false as const, reason: 'invalid' as const, errors: missing }
    return { ok: true as const, values: parsed.values }
  }

  /** After a change the public sees: the search index and the change notice, in the transaction. */
  async function published(tx: Reader, kind: ContentKindName, rows: Record<string, unknown>[]) {
    const source = SEARCH_SOURCES[kind]
    if (source) await sync(tx, source.kind, [...new Set(rows.map(source.sourceId))])
    await onPublished?.(tx, [kind])
  }

  /**
   * One versioned change in its transaction (versioned-change.ts): refused when unknown or stale
   * (a conflict naming who saved in between); then the audit entry and, when the public sees it,
   * the search index and the change notice.
   */
  async function change(
    actor: Actor,
    kindName: ContentKindName,
    id: number,
    version: number,
    plan: (row: Row) => ChangePlan,
    replacing?: number,
    /** A bulk action's savepoint: the change runs in it instead of a transaction of its own. */
    outer?: Reader,
  ): Promise<SaveResult> {
    const kind = contentKind(kindName)!
    const now = clock()
    let action = ''
    return within(outer, async (tx) => {
      const result = await versionedChange<Row>(tx, {
        table: tableOf(kindName),
        recordType: kindName,
        id,
        version,
        actor,
        now,
        plan: (row) => {
          const planned = plan(row)
          action = planned.action
          return planned
        },
        announce: (rows) => published(tx, kindName, rows),
      })
      if (result.ok) {
        await keepVersion(tx, kind, result.updated, action, actor, now, replacing)
        return { ok: true as const, id, version: result.updated.version }
      }
      if (result.reason === 'not-found') return result
      return conflict(tx, kind, result.row)
    })
  }

  return {
    /** A kind's records in display order, with their state (the list shows the draft's values). */
    async list(kindName: ContentKindName): Promise<RecordState[]> {
      const kind = contentKind(kindName)!
      const table = tableOf(kindName)
      const order = kind.singleton ? [asc(table.id)] : [asc(table.sort_order), asc(table.id)]
      const rows = (await db
        .select()
        .from(table)
        .orderBy(...order)) as Row[]
      const byName = await names(
        db,
        rows.map((r) => r.updated_by),
      )
      return rows.map((row) => stateOf(kind, row, byName))
    },

    get: (kindName: ContentKindName, id: number): Promise<RecordState | null> => getWith(db, kindName, id),

    /**
     * One page of a kind's list (docs/decisions/054-console-lists.md), searched, filtered by status
     * in a language and sorted in SQL; `lang` is the console's, which bilingual sorts follow.
     */
    async listPage(
      kindName: ContentKindName,
      query: ListQuery,
      lang: Lang,
      pageSize: number,
    ): Promise<{ rows: RecordState[]; total: number; more: boolean; page: number; pages: number }> {
      const kind = contentKind(kindName)!
      const table = tableOf(kindName)
      const { where, order } = contentListSql(kind, table, clock())
      const page = await readPage({
        where: where(query),
        page: query.page,
        pageSize,
        count: (condition, limit) => countUpTo(db, table, condition, limit),
        rows: async (condition, limit, offset) =>
          (await db
            .select()
            .from(table)
            .where(condition)
            .orderBy(...order(query, lang))
            .limit(limit)
            .offset(offset)) as Row[],
      })
      const byName = await names(
        db,
        page.rows.map((r) => r.updated_by),
      )
      return { ...page, rows: page.rows.map((row) => stateOf(kind, row, byName)) }
    },

    /** The records of these ids as the list shows them (a bulk action's confirmation names them); unknown ids are left out. */
    async byIds(kindName: ContentKindName, ids: readonly number[]): Promise<RecordState[]> {
      if (ids.length === 0) return []
      const kind = contentKind(kindName)!
      const table = tableOf(kindName)
      const rows = (await db
        .select()
        .from(table)
        .where(inArray(table.id, [...ids]))) as Row[]
      const byName = await names(
        db,
        rows.map((r) => r.updated_by),
      )
      const byId = new Map(rows.map((r) => [r.id, stateOf(kind, r, byName)]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },

    /**
     * A bulk action on the records a list showed, at the versions it showed them: one transaction,
     * each record through the single-record action's own function (same checks, audit entry,
     * search index and change notice) in a savepoint; what was refused for a record is reported.
     */
    async bulk(
      actor: Actor,
      kindName: ContentKindName,
      action: BulkAction,
      items: readonly BulkItem[],
    ): Promise<BulkOutcome[]> {
      const kind = contentKind(kindName)!
      if (kind.singleton) return items.map((i) => ({ id: i.id, ok: false as const, reason: 'not-found' as const }))
      return runBulk(db, items, (tx, { id, version }) => {
        switch (action) {
          case 'publish':
          case 'unpublish':
            return this.setPublished(actor, kindName, id, version, action === 'publish', tx)
          case 'hide-ko':
          case 'hide-en':
            return this.unpublishLanguage(actor, kindName, id, version, action === 'hide-ko' ? 'ko' : 'en', tx)
          case 'delete':
            return this.remove(actor, kindName, id, version, tx)
          default:
            // The catalogue's show and hide are not a content record's actions.
            return Promise.resolve({ ok: false as const, reason: 'not-found' as const })
        }
      })
    },

    /** A new record: unpublished unless `publish`. */
    async create(
      actor: Actor,
      kindName: ContentKindName,
      form: Record<string, string | undefined>,
      publish: boolean,
    ): Promise<SaveResult> {
      const kind = contentKind(kindName)!
      if (kind.singleton) return { ok: false, reason: 'not-found' }
      const checked = await validated(kind, form)
      if (!checked.ok) return checked
      if (publish) {
        const missing = await lackingToPublish(db, kind, checked.values, ['ko', 'en'])
        if (Object.keys(missing).length > 0) return { ok: false, reason: 'invalid', errors: missing }
      }
      const now = clock()
      const table = tableOf(kindName)
      return db.transaction(async (tx) => {
        const [row] = (await tx
          .insert(table)
          .values({
            ...(checked.values as object),
            published: publish,
            updated_at: now,
            updated_by: actor.userId,
          } as typeof banners.$inferInsert)
          .returning()) as Row[]
        await audit(
          tx,
          {
            userId: actor.userId,
            action: publish ? 'content.create-publish' : 'content.create',
            recordType: kindName,
            recordId: row!.id,
            after: toJson(checked.values),
            ip: actor.ip,
          },
          now,
        )
        if (publish) await published(tx, kindName, [row!])
        await keepVersion(tx, kind, row!, publish ? 'content.create-publish' : 'content.create', actor, now)
        return { ok: true as const, id: row!.id, version: row!.version }
      })
    },

    /**
     * Saves the form over the record the editor loaded at `version`. `publish`: the values become
     * the public ones (and the record public); a language (`'ko'`, `'en'`): only that language's
     * texts and the shared fields do, the other language's changes stay pending
     * (docs/decisions/043-per-language-publishing.md). Otherwise: a published record keeps its
     * public values and the form becomes its draft; an unpublished one is simply changed.
     */
    async save(
      actor: Actor,
      kindName: ContentKindName,
      id: number,
      version: number,
      form: Record<string, string | undefined>,
      publish: boolean | Lang,
      /** The audit action of a restore (the values are an earlier version's), instead of the save's own. */
      restore?: 'content.restore',
    ): Promise<SaveResult> {
      const kind = contentKind(kindName)!
      const checked = await validated(kind, form)
      if (!checked.ok) return checked
      const values = checked.values
      if (publish !== false) {
        const langs: Lang[] = publish === true ? ['ko', 'en'] : [publish]
        const missing = await lackingToPublish(db, kind, values, langs)
        if (Object.keys(missing).length > 0) return { ok: false, reason: 'invalid', errors: missing }
      }
      return change(actor, kindName, id, version, (row) => {
        const isPublic = kind.singleton || Boolean(row.published)
        const before = row.draft ? { ...pick(kind, row), ...fromJson(kind, row.draft) } : pick(kind, row)
        const changed = changedColumns(before, values)
        if (typeof publish === 'string')
          return { ...publishLanguage(kind, row, isPublic, values, publish), ...changed, announce: true }
        const asDraft = isPublic && !publish
        return {
          set: asDraft
            ? { draft: toJson(values) }
            : {
                ...values,
                draft: null,
                ...(kind.singleton
                  ? {}
                  : { published: isPublic || publish, ...(publish ? { hidden_lang: null } : {}) }),
              },
          action: restore ?? (asDraft ? 'content.draft' : publish ? 'content.publish' : 'content.save'),
          ...changed,
          announce: publish || (isPublic && !asDraft),
        }
      })
    },

    /**
     * What the editor has typed so far, saved a few seconds after typing stops and on leaving the
     * page (docs/decisions/044-autosave.md): as the draft of a published record (the public page
     * unchanged), in place on an unpublished one; never published. Autosaves following one another
     * by the same editor, with no other save between, are one version in the history and one
     * audit entry.
     */
    async autosave(
      actor: Actor,
      kindName: ContentKindName,
      id: number,
      version: number,
      form: Record<string, string | undefined>,
    ): Promise<SaveResult> {
      const kind = contentKind(kindName)!
      const checked = await validated(kind, form)
      if (!checked.ok) return checked
      const replacing = await openAutosave(db, kindName, id, actor.userId)
      return change(
        actor,
        kindName,
        id,
        version,
        (row) => {
          const isPublic = kind.singleton || Boolean(row.published)
          const before = row.draft ? { ...pick(kind, row), ...fromJson(kind, row.draft) } : pick(kind, row)
          return {
            set: isPublic ? { draft: toJson(checked.values) } : { ...checked.values },
            action: 'content.autosave',
            ...changedColumns(before, checked.values),
            announce: false,
            audited: replacing === undefined,
          }
        },
        replacing,
      )
    },

    /**
     * Takes one language of a record off the site (docs/decisions/043-per-language-publishing.md):
     * the other stays public; when it was the only public one, the record is unpublished.
     */
    async unpublishLanguage(
      actor: Actor,
      kindName: ContentKindName,
      id: number,
      version: number,
      lang: Lang,
      outer?: Reader,
    ): Promise<SaveResult> {
      const kind = contentKind(kindName)!
      if (kind.singleton) return { ok: false, reason: 'not-found' }
      return change(
        actor,
        kindName,
        id,
        version,
        (row) => {
          const alone = !row.published || row.hidden_lang === otherLang(lang)
          const set = alone ? { published: false, hidden_lang: null } : { hidden_lang: lang }
          return {
            set,
            action: `content.unpublish-${lang}`,
            before: { published: row.published, hidden_lang: row.hidden_lang ?? null },
            after: set,
            announce: true,
          }
        },
        undefined,
        outer,
      )
    },

    /** A record's saved versions, newest first (at most `limit`), with who saved each. */
    async history(kindName: ContentKindName, id: number, limit = 100): Promise<SavedVersion[]> {
      const kind = contentKind(kindName)!
      return (await recordHistory(db, kindName, id, limit)).map((v) => ({ ...v, values: fromJson(kind, v.values) }))
    },

    /**
     * Makes an earlier version the record's current draft (a published record keeps its public values
     * until published; an unpublished one simply takes them), checked like any save and audited as a restore.
     */
    async restore(
      actor: Actor,
      kindName: ContentKindName,
      id: number,
      version: number,
      versionId: number,
    ): Promise<SaveResult> {
      const kind = contentKind(kindName)!
      const saved = await keptValues(db, kindName, id, versionId)
      if (!saved) return { ok: false, reason: 'not-found' }
      return this.save(actor, kindName, id, version, toFormValues(fromJson(kind, saved)), false, 'content.restore')
    },

    /** Publishes (the draft, if any, becomes public) or takes a record off the site. */
    async setPublished(
      actor: Actor,
      kindName: ContentKindName,
      id: number,
      version: number,
      publish: boolean,
      outer?: Reader,
    ): Promise<SaveResult> {
      const kind = contentKind(kindName)!
      if (kind.singleton && !publish) return { ok: false, reason: 'not-found' }
      const state = publish ? await getWith(outer ?? db, kindName, id) : null
      const missing = state ? await lackingToPublish(outer ?? db, kind, state.values, ['ko', 'en']) : {}
      if (Object.keys(missing).length > 0) return { ok: false, reason: 'invalid', errors: missing }
      return change(
        actor,
        kindName,
        id,
        version,
        (row) => {
          if (!publish)
            return {
              set: { published: false, hidden_lang: null },
              action: 'content.unpublish',
              before: { published: true },
              after: { published: false },
              announce: true,
            }
          const draft = row.draft ? fromJson(kind, row.draft) : {}
          return {
            set: { ...draft, draft: null, ...(kind.singleton ? {} : { published: true, hidden_lang: null }) },
            action: 'content.publish',
            ...changedColumns(pick(kind, row), { ...pick(kind, row), ...draft }),
            announce: true,
          }
        },
        undefined,
        outer,
      )
    },

    /** Throws the draft away: the form shows the public values again. */
    async discardDraft(actor: Actor, kindName: ContentKindName, id: number, version: number): Promise<SaveResult> {
      return change(actor, kindName, id, version, (row) => ({
        set: { draft: null },
        action: 'content.discard-draft',
        before: row.draft,
        announce: false,
      }))
    },

    /**
     * What the public does not see yet, across every kind: unpublished records, published ones
     * with a pending draft, and popups whose window has not opened.
     */
    async pending(): Promise<
      { kind: ContentKindName; state: RecordState; why: 'unpublished' | 'draft' | 'scheduled'; startsAt?: Date }[]
    > {
      const now = clock()
      const out: {
        kind: ContentKindName
        state: RecordState
        why: 'unpublished' | 'draft' | 'scheduled'
        startsAt?: Date
      }[] = []
      for (const kindName of Object.keys(KIND_TABLES) as ContentKindName[]) {
        for (const state of await this.list(kindName)) {
          const startsAt = state.values.starts_at
          if (!state.published) out.push({ kind: kindName, state, why: 'unpublished' })
          else if (state.hasDraft) out.push({ kind: kindName, state, why: 'draft' })
          else if (startsAt instanceof Date && startsAt > now)
            out.push({ kind: kindName, state, why: 'scheduled', startsAt })
        }
      }
      return out
    },

    /**
     * Records whose translation is missing or behind (docs/decisions/043-per-language-publishing.md):
     * a text filled in one language and empty in the other, or one language's texts changed in a
     * later save than the other's last change (from the saved versions; records saved before
     * those were kept show only what is missing).
     */
    async translations(): Promise<TranslationGap[]> {
      const versions = await db
        .select({
          type: recordVersions.record_type,
          id: recordVersions.record_id,
          values: recordVersions.values,
          savedAt: recordVersions.saved_at,
        })
        .from(recordVersions)
        .where(inArray(recordVersions.record_type, Object.keys(KIND_TABLES)))
        .orderBy(asc(recordVersions.id))
      const byRecord = new Map<string, typeof versions>()
      for (const v of versions) byRecord.set(`${v.type}:${v.id}`, [...(byRecord.get(`${v.type}:${v.id}`) ?? []), v])
      const out: TranslationGap[] = []
      for (const kindName of Object.keys(KIND_TABLES) as ContentKindName[]) {
        const kind = contentKind(kindName)!
        const texts = kind.fields.filter((f) => f.bilingual && TEXT_TYPES.has(f.type))
        if (texts.length === 0) continue
        for (const state of await this.list(kindName)) {
          const filled = (column: string) => String(state.values[column] ?? '').trim() !== ''
          for (const lang of ['ko', 'en'] as const) {
            const own = (f: (typeof texts)[number]) => (lang === 'ko' ? f.name : `${f.name}_en`)
            const theirs = (f: (typeof texts)[number]) => (lang === 'ko' ? `${f.name}_en` : f.name)
            const missing = texts.filter((f) => filled(theirs(f)) && !filled(own(f))).map((f) => f.name)
            if (missing.length > 0) out.push({ kind: kindName, state, lang, why: 'missing', fields: missing })
          }
          const behind = behindIn(byRecord.get(`${kindName}:${state.id}`) ?? [], texts)
          if (behind && !out.some((g) => g.kind === kindName && g.state.id === state.id && g.lang === behind.lang))
            out.push({ kind: kindName, state, lang: behind.lang, why: 'outdated', fields: [], since: behind.since })
        }
      }
      return out
    },

    /** Deletes a record (never the site settings); the audit entry keeps its last values. */
    async remove(
      actor: Actor,
      kindName: ContentKindName,
      id: number,
      version: number,
      outer?: Reader,
    ): Promise<SaveResult> {
      const kind = contentKind(kindName)!
      if (kind.singleton) return { ok: false, reason: 'not-found' }
      const now = clock()
      const table = tableOf(kindName)
      return within(outer, async (tx) => {
        const row = await load(tx, kindName, id)
        if (!row) return { ok: false as const, reason: 'not-found' as const }
        if (row.version !== version) return conflict(tx, kind, row)
        const removed = await tx
          .delete(table)
          .where(and(eq(table.id, id), eq(table.version, version)))
          .returning({ id: table.id })
        if (removed.length === 0) return conflict(tx, kind, (await load(tx, kindName, id))!)
        await audit(
          tx,
          {
            userId: actor.userId,
            action: 'content.delete',
            recordType: kindName,
            recordId: id,
            before: toJson(pick(kind, row)),
            ip: actor.ip,
          },
          now,
        )
        if (kind.singleton || row.published) await published(tx, kindName, [row])
        return { ok: true as const, id, version: row.version }
      })
    },
  }
}

export type ContentEditor = ReturnType<typeof createContentEditor>
