import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { auditLog, searchSynonyms, users } from '#server/db/schema.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { SYNONYM_RULES } from '#shared/synonym-rules.ts'
import { ALL_TOPICS, type ChangeBus } from '../changes.ts'
import type { Conflict } from '../save-result.ts'
import { audit } from '../console/audit.ts'
import { englishStem, synonymKey, type SynonymIndex } from './forms.ts'
import { isTooShort } from './text.ts'

/**
 * Synonym groups of site search (docs/decisions/047-search-words-forms-synonyms.md), kept as data
 * in `search_synonyms` (seeded by migration 0024, edited from the console at /admin/search/synonyms).
 * Search reads them through a copy. A write here, in its transaction, writes the audit entry and
 * announces the change (topic `search-synonyms`), so at its commit this node and every node that
 * hears the notice drop their copy and their kept pages; a node that cannot hear notices (its
 * LISTEN connection lost) reads the groups again at most a minute later.
 */

export { SYNONYM_RULES }

export type SynonymGroup = { id: number; terms: string[]; updatedAt: Date }

/** The change topic of a synonym write. */
export const SYNONYMS_TOPIC = 'search-synonyms'

/** Who changes a group, for the audit trail; without one (the command line, a test) the entry names nobody. */
export type SynonymActor = { userId: number | null; ip: string | null }

export type SynonymSave =
  | { ok: true; id: number }
  | { ok: false; reason: 'invalid'; errors: FieldErrors<'terms'> }
  | { ok: false; reason: 'not-found' }
  /** The group changed since the editor opened it (its version is its last change's time, in ms): its members now. */
  | (Conflict & { terms: string[] })

const refuse = (key: MessageKey): SynonymSave => ({ ok: false, reason: 'invalid', errors: { terms: key } })

/** The members as they will be kept: trimmed, spaces collapsed, empty ones and repeats (by compact form) dropped. */
export function cleanTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of terms) {
    const term = raw.replace(/\s+/g, ' ').trim()
    const key = synonymKey(term)
    if (!term || seen.has(key)) continue
    seen.add(key)
    out.push(term)
  }
  return out
}

/** The index search uses: each member's compact form (and, for an English word, its stem) → the group's compact forms. */
export function synonymIndex(groups: readonly { terms: readonly string[] }[]): SynonymIndex {
  const index = new Map<string, string[]>()
  for (const group of groups) {
    const keys = group.terms.map(synonymKey).filter((key) => !isTooShort(key))
    for (const key of keys) {
      index.set(key, keys)
      // `catalogs` finds the group of `catalog` through its stem.
      const stem = englishStem(key)
      if (stem !== key && !index.has(stem)) index.set(stem, keys)
    }
  }
  return index
}

/**
 * Whether a group has a member holding `query` (the console's filter): compared by compact form, so
 * `valve drive`, `VALVE-DRIVE` and `valvedrive` find each other; a query without letters or digits
 * by its plain text.
 */
export function groupMatches(terms: readonly string[], query: string): boolean {
  const key = synonymKey(query)
  if (key) return terms.some((term) => synonymKey(term).includes(key))
  const plain = query.trim().toLowerCase()
  return !plain || terms.some((term) => term.toLowerCase().includes(plain))
}

type Reader = Pick<Db, 'select'>

async function readGroups(reader: Reader): Promise<SynonymGroup[]> {
  const rows = await reader.select().from(searchSynonyms).orderBy(asc(searchSynonyms.id))
  return rows.map((row) => ({ id: row.id, terms: row.terms, updatedAt: row.updated_at }))
}

/** Checks a group against the rules and the other groups (a member belongs to one group). */
async function check(reader: Reader, terms: string[], id: number | null): Promise<SynonymSave | null> {
  if (terms.some((term) => term.length > SYNONYM_RULES.maxLength)) return refuse('search.synonyms.error.tooLong')
  if (terms.some((term) => isTooShort(synonymKey(term)))) return refuse('search.synonyms.error.noLetters')
  if (terms.length < SYNONYM_RULES.minTerms) return refuse('search.synonyms.error.tooFew')
  if (terms.length > SYNONYM_RULES.maxTerms) return refuse('search.synonyms.error.tooMany')
  const keys = new Set(terms.map(synonymKey))
  const others = (await readGroups(reader)).filter((group) => group.id !== id)
  if (id === null && others.length >= SYNONYM_RULES.maxGroups) return refuse('search.synonyms.error.tooManyGroups')
  if (others.some((group) => group.terms.some((term) => keys.has(synonymKey(term)))))
    return refuse('search.synonyms.error.taken')
  return null
}

export function createSynonyms(
  db: Db,
  options: { clock?: () => Date; changes?: Pick<ChangeBus, 'published' | 'subscribe'> } = {},
) {
  const clock = options.clock ?? (() => new Date())
  const changes = options.changes
  const MAX_AGE_MS = 60_000
  let cached: { index: SynonymIndex; at: number } | null = null
  // Bumped by every change heard or made: a copy read while one happened is not kept.
  let generation = 0
  let listening = false
  const forget = () => {
    generation += 1
    cached = null
  }

  /** Hears the writes of other nodes (and this one's): from the first search on, so only nodes that search listen. */
  function listen() {
    if (listening || !changes) return
    listening = true
    changes.subscribe((topics) => {
      if (topics.includes(SYNONYMS_TOPIC) || topics.includes(ALL_TOPICS)) forget()
    })
  }

  /**
   * One write, serialised with the others (two saves could otherwise both take the same member):
   * the check, the change, its audit entry and its notice in one transaction; the copy dropped at commit.
   */
  async function write(
    body: (tx: Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>, now: Date) => Promise<SynonymSave>,
  ): Promise<SynonymSave> {
    const now = clock()
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`lock table search_synonyms in exclusive mode`)
      const done = await body(tx, now)
      if (done.ok) await changes?.published(tx, [SYNONYMS_TOPIC])
      return done
    })
    if (result.ok) forget()
    return result
  }

  return {
    /** Every group, oldest first; with `query`, the groups with a member holding it. */
    async list(query?: string): Promise<SynonymGroup[]> {
      const groups = await readGroups(db)
      return query?.trim() ? groups.filter((group) => groupMatches(group.terms, query)) : groups
    },
    /** The index search reads: from the copy when it is fresh. */
    async index(): Promise<SynonymIndex> {
      listen()
      if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.index
      const started = generation
      const index = synonymIndex(await readGroups(db))
      if (started === generation) cached = { index, at: Date.now() }
      return index
    },
    /**
     * A new group, or (with `id`) a group's new members; audited as `synonyms.create` or `synonyms.save`.
     * With `version` (the group's `updatedAt` in ms as the editor saw it), a group changed since is
     * not overwritten: the answer is the conflict, with who changed it and its members now.
     */
    save(
      input: { id?: number | null; terms: readonly string[]; version?: number | null },
      actor?: SynonymActor,
    ): Promise<SynonymSave> {
      const terms = cleanTerms(input.terms)
      const id = input.id ?? null
      return write(async (tx, now) => {
        const [before] = id === null ? [] : await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id))
        if (id !== null && !before) return { ok: false, reason: 'not-found' }
        if (before && input.version != null && before.updated_at.getTime() !== input.version) {
          const [last] = await tx
            .select({ name: users.name })
            .from(auditLog)
            .leftJoin(users, eq(users.id, auditLog.user_id))
            .where(and(eq(auditLog.record_type, 'search_synonyms'), eq(auditLog.record_id, String(before.id))))
            .orderBy(desc(auditLog.id))
            .limit(1)
          return {
            ok: false,
            reason: 'conflict',
            by: last?.name ?? null,
            at: before.updated_at,
            version: before.updated_at.getTime(),
            terms: before.terms,
          }
        }
        const refused = await check(tx, terms, id)
        if (refused) return refused
        const [row] =
          id === null
            ? await tx.insert(searchSynonyms).values({ terms, updated_at: now }).returning({ id: searchSynonyms.id })
            : await tx
                .update(searchSynonyms)
                .set({ terms, updated_at: now })
                .where(eq(searchSynonyms.id, id))
                .returning({ id: searchSynonyms.id })
        await audit(
          tx,
          {
            userId: actor?.userId ?? null,
            action: id === null ? 'synonyms.create' : 'synonyms.save',
            recordType: 'search_synonyms',
            recordId: row!.id,
            before: before ? { terms: before.terms } : null,
            after: { terms },
            ip: actor?.ip ?? null,
          },
          now,
        )
        return { ok: true, id: row!.id }
      })
    },
    /** Removes a group, audited as `synonyms.delete`; false when there was none. */
    async remove(id: number, actor?: SynonymActor): Promise<boolean> {
      const result = await write(async (tx, now) => {
        const [removed] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning()
        if (!removed) return { ok: false, reason: 'not-found' }
        await audit(
          tx,
          {
            userId: actor?.userId ?? null,
            action: 'synonyms.delete',
            recordType: 'search_synonyms',
            recordId: id,
            before: { terms: removed.terms },
            ip: actor?.ip ?? null,
          },
          now,
        )
        return { ok: true, id }
      })
      return result.ok
    },
  }
}

export type Synonyms = ReturnType<typeof createSynonyms>
