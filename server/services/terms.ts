import { and, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { searchEntries, termsVersions, users, type TermsVersionRow } from '#server/db/schema.ts'
import { roleAtLeast, type StaffRole } from '#shared/staff-rules.ts'
import { termsDraftSchema, type TermsDraftInput, type TermsState } from '#shared/terms-rules.ts'
import { TERMS_TYPE, type TermsType } from '#shared/type-codes.ts'
import type { ChangeBus } from './changes.ts'
import { audit } from './console/audit.ts'
import { sanitizeRichText } from './html.ts'
import { keepRecordVersion, keptValues, openAutosave, recordHistory } from './record-history.ts'
import { sync } from './search/indexer.ts'
import { inForceAt, versionInForce, type Reader } from './terms-query.ts'
import type { Conflict, SaveResult } from './save-result.ts'
import { runBulk, type BulkOutcome } from './console-lists.ts'
import type { BulkItem } from '#shared/console-lists.ts'

/**
 * The versioned terms (docs/decisions/018-change-bus.md). Staff write a draft (Korean and English
 * side by side), preview it on the public page, and publish it with an effective date; publishing
 * numbers it and it is never changed or deleted afterwards, so a member's consent keeps naming the
 * text they accepted. The public page shows the version in force and the earlier ones.
 */
export type TermsService = ReturnType<typeof createTermsService>

/** Who changes the terms: a staff member (editor or administrator) and where from (the audit trail). */
export type TermsActor = { id: number; role: StaffRole; ip?: string | null }

/** A save or publication based on an older save of the draft: who saved since, and when. */
export type TermsConflict = Omit<Conflict, 'version'>
type Refusal = { ok: false; reason: 'forbidden' | 'not-found' | 'not-draft' }

const v = termsVersions
const FIELDS = ['title', 'title_en', 'description', 'description_en'] as const
/** Publications of one type wait for each other (numbers and effective dates are read, then written). */
const LOCK_NAMESPACE = 18_011
/** A publication's effective date may lie this far in the past (the form has minutes): it then takes effect at once. */
const PAST_SLACK_MS = 60_000

/** Where a version stands at `now`, given the id of the type's version in force. */
export function stateOf(
  row: Pick<TermsVersionRow, 'id' | 'published_at' | 'effective_at'>,
  now: Date,
  inForceId: number | undefined,
): TermsState {
  if (!row.published_at || !row.effective_at) return 'draft'
  if (row.effective_at > now) return 'scheduled'
  return row.id === inForceId ? 'current' : 'superseded'
}

const sanitized = (row: TermsVersionRow) => ({
  ...row,
  description: sanitizeRichText(row.description),
  description_en: sanitizeRichText(row.description_en),
})

/** A terms version as its editor shows it (docs/decisions/042-record-history.md): texts, number, effective date. */
async function keepVersion(tx: Reader, id: number, action: string, userId: number, now: Date, replacing?: number) {
  const [row] = await tx.select().from(v).where(eq(v.id, id))
  if (!row) return
  await keepRecordVersion(tx, {
    replacing,
    recordType: 'terms',
    recordId: id,
    action,
    values: {
      title: row.title,
      title_en: row.title_en,
      description: row.description,
      description_en: row.description_en,
      number: row.version,
      effective_at: row.effective_at?.toISOString() ?? null,
    },
    published: row.published_at !== null,
    userId,
    now,
  })
}

export function createTermsService({
  db,
  clock,
  changes,
}: {
  db: Db
  clock: () => Date
  changes: Pick<ChangeBus, 'published'>
}) {
  const refuse = (reason: Refusal['reason']): Refusal => ({ ok: false, reason })

  /** The draft, locked for the rest of the transaction; a refusal when it is not one or the save is stale. */
  async function lockDraft(
    tx: Reader,
    id: number,
    expectedUpdatedAt: string,
  ): Promise<{ ok: true; row: TermsVersionRow } | Refusal | TermsConflict> {
    const [row] = await tx.select().from(v).where(eq(v.id, id)).for('update')
    if (!row) return refuse('not-found')
    if (row.published_at) return refuse('not-draft')
    if (row.updated_at.toISOString() !== expectedUpdatedAt) {
      const [by] = row.updated_by
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.updated_by))
        : []
      return { ok: false, reason: 'conflict', by: by?.name ?? null, at: row.updated_at }
    }
    return { ok: true, row }
  }

  /** Deletes a draft inside `tx` (locked, its last save checked), audited. */
  async function removeDraft(
    tx: Reader,
    actor: TermsActor,
    id: number,
    expectedUpdatedAt: string,
  ): Promise<{ ok: true; type: TermsType } | Refusal | TermsConflict> {
    const locked = await lockDraft(tx, id, expectedUpdatedAt)
    if (!locked.ok) return locked
    await tx.delete(v).where(and(eq(v.id, id), isNull(v.published_at)))
    await audit(
      tx,
      {
        userId: actor.id,
        action: 'terms.draft.delete',
        recordType: 'terms_version',
        recordId: id,
        before: { type: locked.row.type, title: locked.row.title, title_en: locked.row.title_en },
        ip: actor.ip ?? null,
      },
      clock(),
    )
    return { ok: true as const, type: locked.row.type as TermsType }
  }

  /** Published versions of a type that have taken effect, newest first. */
  async function effectiveVersions(type: TermsType, now: Date) {
    return db
      .select({ id: v.id, version: v.version, effective_at: v.effective_at })
      .from(v)
      .where(and(eq(v.type, type), inForceAt(now)))
      .orderBy(desc(v.effective_at), desc(v.version))
  }

  return {
    /** The version in force, in the shape of `GET /api/terms` (`updated_at`: when it took effect); null when none. */
    async current(type: TermsType) {
      const row = await versionInForce(db, type, clock())
      if (!row) return null
      const out = sanitized(row)
      return {
        type: out.type,
        title: out.title,
        title_en: out.title_en,
        description: out.description,
        description_en: out.description_en,
        updated_at: row.effective_at!,
      }
    },

    /**
     * The public page of a type: the version asked for (by number, when it has taken effect) or
     * the one in force, and every version that has taken effect (number, effective date). Null
     * when the type has none in force or the number is not one of them.
     */
    async page(type: TermsType, versionNumber?: number) {
      const now = clock()
      const history = await effectiveVersions(type, now)
      const current = history[0]
      if (!current) return null
      const wanted = versionNumber === undefined ? current : history.find((h) => h.version === versionNumber)
      if (!wanted) return null
      const [row] = await db.select().from(v).where(eq(v.id, wanted.id))
      if (!row) return null
      return {
        shown: sanitized(row),
        isCurrent: wanted.id === current.id,
        history: history.map((h) => ({ version: h.version!, effective_at: h.effective_at! })),
      }
    },

    /** Any version by id, for a staff preview on the public page (drafts and scheduled ones included). */
    async preview(id: number) {
      const [row] = await db.select().from(v).where(eq(v.id, id))
      return row ? sanitized(row) : null
    },

    /** One version for the console's editor, with its state and who saved it last; null when unknown. */
    async get(id: number) {
      const now = clock()
      const [row] = await db
        .select({ version: v, updated_by_name: users.name })
        .from(v)
        .leftJoin(users, eq(users.id, v.updated_by))
        .where(eq(v.id, id))
      if (!row) return null
      const inForce = await versionInForce(db, row.version.type as TermsType, now)
      const [latest] = await db
        .select({ at: max(v.effective_at) })
        .from(v)
        .where(and(eq(v.type, row.version.type), isNotNull(v.published_at)))
      return {
        ...sanitized(row.version),
        updated_by_name: row.updated_by_name,
        state: stateOf(row.version, now, inForce?.id),
        /** A new publication of the type must take effect after this. */
        latestEffectiveAt: latest?.at ? new Date(latest.at) : null,
      }
    },

    /** A new draft of a type, starting from the text in force (empty when none). */
    async createDraft(actor: TermsActor, type: TermsType): Promise<{ ok: true; id: number } | Refusal> {
      if (!roleAtLeast(actor.role, 'editor')) return refuse('forbidden')
      const now = clock()
      return db.transaction(async (tx) => {
        const base = await versionInForce(tx, type, now)
        const [row] = await tx
          .insert(v)
          .values({
            type,
            title: base?.title ?? '',
            title_en: base?.title_en ?? '',
            description: base?.description ?? '',
            description_en: base?.description_en ?? '',
            created_by: actor.id,
            created_at: now,
            updated_by: actor.id,
            updated_at: now,
          })
          .returning({ id: v.id })
        await audit(
          tx,
          {
            userId: actor.id,
            action: 'terms.draft.create',
            recordType: 'terms_version',
            recordId: row!.id,
            after: { type, from_version: base?.version ?? null },
            ip: actor.ip ?? null,
          },
          now,
        )
        await keepVersion(tx, row!.id, 'terms.draft.create', actor.id, now)
        return { ok: true as const, id: row!.id }
      })
    },

    /** Saves a draft's texts (sanitized), refused when someone saved it since `expectedUpdatedAt`. */
    async saveDraft(
      actor: TermsActor,
      id: number,
      input: TermsDraftInput,
      expectedUpdatedAt: string,
      /**
       * The action of a restore (the texts are a kept version's) or of an autosave (a run of
       * autosaves by one editor is one version and one audit entry: docs/decisions/044-autosave.md),
       * instead of the save's own.
       */
      action: 'terms.draft.save' | 'terms.restore' | 'content.autosave' = 'terms.draft.save',
    ): Promise<{ ok: true; updatedAt: Date } | Refusal | TermsConflict> {
      if (!roleAtLeast(actor.role, 'editor')) return refuse('forbidden')
      const replacing = action === 'content.autosave' ? await openAutosave(db, 'terms', id, actor.id) : undefined
      const next = {
        ...input,
        description: sanitizeRichText(input.description),
        description_en: sanitizeRichText(input.description_en),
      }
      return db.transaction(async (tx) => {
        const locked = await lockDraft(tx, id, expectedUpdatedAt)
        if (!locked.ok) return locked
        const now = clock()
        const before: Record<string, string> = {}
        const after: Record<string, string> = {}
        for (const field of FIELDS) {
          if (locked.row[field] === next[field]) continue
          before[field] = locked.row[field]
          after[field] = next[field]
        }
        // Nothing changed (a publication posts the texts again): no write, the same save stands.
        if (Object.keys(after).length === 0) return { ok: true as const, updatedAt: locked.row.updated_at }
        await tx
          .update(v)
          .set({ ...next, updated_by: actor.id, updated_at: now })
          .where(eq(v.id, id))
        if (replacing === undefined)
          await audit(
            tx,
            {
              userId: actor.id,
              action,
              recordType: 'terms_version',
              recordId: id,
              before,
              after,
              ip: actor.ip ?? null,
            },
            now,
          )
        await keepVersion(tx, id, action, actor.id, now, replacing)
        return { ok: true as const, updatedAt: now }
      })
    },

    /** A version's kept saves, newest first (docs/decisions/042-record-history.md). */
    history: (id: number) => recordHistory(db, 'terms', id),

    /**
     * "Restore this version" (docs/decisions/042-record-history.md): a kept version's texts become the
     * draft's, through the draft's own checks and save, audited as `terms.restore`. A published version
     * never changes: restoring into one is refused as `not-draft`.
     */
    async restoreDraft(
      actor: TermsActor,
      id: number,
      versionId: number,
      expectedUpdatedAt: string,
    ): Promise<{ ok: true; updatedAt: Date } | Refusal | TermsConflict | { ok: false; reason: 'invalid' }> {
      if (!roleAtLeast(actor.role, 'editor')) return refuse('forbidden')
      const kept = await keptValues(db, 'terms', id, versionId)
      if (!kept) return refuse('not-found')
      const input = termsDraftSchema.safeParse(kept)
      if (!input.success) return { ok: false, reason: 'invalid' }
      return this.saveDraft(actor, id, input.data, expectedUpdatedAt, 'terms.restore')
    },

    /** Deletes a draft (published versions stay forever). */
    async deleteDraft(
      actor: TermsActor,
      id: number,
      expectedUpdatedAt: string,
    ): Promise<{ ok: true; type: TermsType } | Refusal | TermsConflict> {
      if (!roleAtLeast(actor.role, 'editor')) return refuse('forbidden')
      return db.transaction((tx) => removeDraft(tx, actor, id, expectedUpdatedAt))
    },

    /**
     * The list's bulk delete (docs/decisions/067-terms-and-imports-lists.md): each ticked draft
     * through the single delete, in one transaction, a savepoint each, each audited. An item's
     * version is the draft's last save as milliseconds (the lock the editor's form carries). A
     * version published since the list was loaded is refused as changed since (by whom, when): a
     * published version is never deleted, and the consents' foreign key refuses it besides.
     */
    async deleteDrafts(actor: TermsActor, items: readonly BulkItem[]): Promise<BulkOutcome[] | Refusal> {
      if (!roleAtLeast(actor.role, 'editor')) return refuse('forbidden')
      return runBulk(db, items, async (tx, item): Promise<SaveResult> => {
        const [row] = await tx.select().from(v).where(eq(v.id, item.id)).for('update')
        if (!row) return { ok: false, reason: 'not-found' }
        const result = await removeDraft(tx, actor, item.id, new Date(item.version).toISOString())
        if (result.ok) return { ok: true, id: item.id, version: item.version }
        if (result.reason === 'conflict') return { ...result, version: row.updated_at.getTime() }
        if (result.reason === 'not-draft') {
          const [by] = row.updated_by
            ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.updated_by))
            : []
          return { ok: false, reason: 'conflict', by: by?.name ?? null, at: row.updated_at, version: 0 }
        }
        return { ok: false, reason: 'not-found' }
      })
    },

    /**
     * Publishes a draft: it gets the type's next number and takes effect at `effectiveAt` (null: at
     * once), which must be after the effective date of every published version of the type and not
     * in the past. In force at once: the search index changes in the same transaction. Either way
     * every node hears of it at commit and the audit trail records it.
     */
    async publish(
      actor: TermsActor,
      id: number,
      input: { effectiveAt: Date | null; expectedUpdatedAt: string },
    ): Promise<
      | { ok: true; version: number; effectiveAt: Date }
      | Refusal
      | TermsConflict
      | { ok: false; reason: 'past' }
      | { ok: false; reason: 'not-after'; after: Date }
      | { ok: false; reason: 'empty' }
    > {
      if (!roleAtLeast(actor.role, 'editor')) return refuse('forbidden')
      return db.transaction(async (tx) => {
        const locked = await lockDraft(tx, id, input.expectedUpdatedAt)
        if (!locked.ok) return locked
        const { row } = locked
        if (FIELDS.some((field) => row[field].trim() === '')) return { ok: false as const, reason: 'empty' as const }
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${row.type})`)
        const now = clock()
        let effectiveAt = input.effectiveAt ?? now
        if (effectiveAt.getTime() < now.getTime() - PAST_SLACK_MS)
          return { ok: false as const, reason: 'past' as const }
        if (effectiveAt < now) effectiveAt = now
        const [latest] = await tx
          .select({ at: max(v.effective_at), version: max(v.version) })
          .from(v)
          .where(and(eq(v.type, row.type), isNotNull(v.published_at)))
        const latestAt = latest?.at ? new Date(latest.at) : null
        if (latestAt && effectiveAt <= latestAt)
          return { ok: false as const, reason: 'not-after' as const, after: latestAt }
        const version = Number(latest?.version ?? 0) + 1
        await tx
          .update(v)
          .set({ version, effective_at: effectiveAt, published_at: now, updated_by: actor.id, updated_at: now })
          .where(eq(v.id, id))
        if (effectiveAt <= now) await sync(tx, 'terms', [row.type])
        await audit(
          tx,
          {
            userId: actor.id,
            action: 'terms.publish',
            recordType: 'terms_version',
            recordId: id,
            before: { state: 'draft' },
            after: { type: row.type, version, effective_at: effectiveAt.toISOString() },
            ip: actor.ip ?? null,
          },
          now,
        )
        await keepVersion(tx, id, 'terms.publish', actor.id, now)
        await changes.published(tx, ['terms'])
        return { ok: true as const, version, effectiveAt }
      })
    },

    /** Takes a scheduled version back to a draft before it takes effect (no consent can name it yet). */
    async unschedule(actor: TermsActor, id: number): Promise<{ ok: true } | Refusal> {
      if (!roleAtLeast(actor.role, 'editor')) return refuse('forbidden')
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(v).where(eq(v.id, id)).for('update')
        if (!row) return refuse('not-found')
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${row.type})`)
        const now = clock()
        if (stateOf(row, now, undefined) !== 'scheduled') return refuse('not-draft')
        await tx
          .update(v)
          .set({ version: null, effective_at: null, published_at: null, updated_by: actor.id, updated_at: now })
          .where(eq(v.id, id))
        await audit(
          tx,
          {
            userId: actor.id,
            action: 'terms.unschedule',
            recordType: 'terms_version',
            recordId: id,
            before: { type: row.type, version: row.version, effective_at: row.effective_at?.toISOString() },
            after: { state: 'draft' },
            ip: actor.ip ?? null,
          },
          now,
        )
        await keepVersion(tx, id, 'terms.unschedule', actor.id, now)
        await changes.published(tx, ['terms'])
        return { ok: true as const }
      })
    },

    /**
     * A scheduled version takes effect without anyone writing: each node calls this every minute.
     * When the version in force of a type is not the one the search index shows, the index is
     * rebuilt for it and every node hears of it (their page caches clear). Returns the types
     * brought up to date.
     */
    async activateDue(): Promise<TermsType[]> {
      const stale = async (tx: Reader) => {
        const now = clock()
        const out: TermsType[] = []
        for (const type of Object.values(TERMS_TYPE)) {
          const row = await versionInForce(tx, type, now)
          const [indexed] = await tx
            .select({ at: max(searchEntries.updated_at) })
            .from(searchEntries)
            .where(and(eq(searchEntries.kind, 'terms'), eq(searchEntries.source_id, String(type))))
          const indexedAt = indexed?.at ? new Date(indexed.at).getTime() : null
          if ((row?.effective_at?.getTime() ?? null) !== indexedAt) out.push(type)
        }
        return out
      }
      if ((await stale(db)).length === 0) return []
      return db.transaction(async (tx) => {
        // Nodes doing this at the same minute take turns; the second finds nothing left.
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, 0)`)
        const due = await stale(tx)
        if (due.length === 0) return []
        await sync(tx, 'terms', due)
        await changes.published(tx, ['terms'])
        return due
      })
    },
  }
}
