import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { searchSynonyms } from '#server/db/schema.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { englishStem, synonymKey, type SynonymIndex } from './forms.ts'
import { isTooShort } from './text.ts'

/**
 * Synonym groups of site search (docs/decisions/047-search-words-forms-synonyms.md), kept as data
 * in `search_synonyms` (seeded by migration 0024, edited from the console). Search reads them
 * through a copy that is refreshed after every write here and at most a minute after a write
 * elsewhere (another process).
 */

export type SynonymGroup = { id: number; terms: string[]; updatedAt: Date }

/** What a group may hold: 2 to 12 members of 1 to 40 characters, each with letters or digits to match. */
export const SYNONYM_RULES = { minTerms: 2, maxTerms: 12, maxLength: 40, maxGroups: 500 } as const

export type SynonymSave = { ok: true; id: number } | { ok: false; reason: 'invalid'; errors: FieldErrors<'terms'> }

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

export function createSynonyms(db: Db) {
  let cached: { index: SynonymIndex; at: number } | null = null
  const MAX_AGE_MS = 60_000

  async function list(): Promise<SynonymGroup[]> {
    const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.id))
    return rows.map((row) => ({ id: row.id, terms: row.terms, updatedAt: row.updated_at }))
  }

  /** Checks a group against the rules and the other groups (a member belongs to one group). */
  async function check(terms: string[], id: number | null): Promise<SynonymSave | null> {
    if (terms.some((term) => term.length > SYNONYM_RULES.maxLength)) return refuse('search.synonyms.error.tooLong')
    if (terms.some((term) => isTooShort(synonymKey(term)))) return refuse('search.synonyms.error.noLetters')
    if (terms.length < SYNONYM_RULES.minTerms) return refuse('search.synonyms.error.tooFew')
    if (terms.length > SYNONYM_RULES.maxTerms) return refuse('search.synonyms.error.tooMany')
    const keys = new Set(terms.map(synonymKey))
    const others = (await list()).filter((group) => group.id !== id)
    if (id === null && others.length >= SYNONYM_RULES.maxGroups) return refuse('search.synonyms.error.tooManyGroups')
    if (others.some((group) => group.terms.some((term) => keys.has(synonymKey(term)))))
      return refuse('search.synonyms.error.taken')
    return null
  }

  return {
    list,
    /** The index search reads: from the copy when it is fresh. */
    async index(): Promise<SynonymIndex> {
      if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.index
      const index = synonymIndex(await list())
      cached = { index, at: Date.now() }
      return index
    },
    /** A new group, or (with `id`) a group's new members. */
    async save(input: { id?: number | null; terms: readonly string[] }): Promise<SynonymSave> {
      const terms = cleanTerms(input.terms)
      const id = input.id ?? null
      const refused = await check(terms, id)
      if (refused) return refused
      cached = null
      if (id === null) {
        const [row] = await db.insert(searchSynonyms).values({ terms }).returning({ id: searchSynonyms.id })
        return { ok: true, id: row!.id }
      }
      const [row] = await db
        .update(searchSynonyms)
        .set({ terms, updated_at: sql`now()` })
        .where(eq(searchSynonyms.id, id))
        .returning({ id: searchSynonyms.id })
      return row ? { ok: true, id: row.id } : refuse('search.synonyms.error.notFound')
    },
    /** Removes a group; false when there was none. */
    async remove(id: number): Promise<boolean> {
      cached = null
      const rows = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id })
      return rows.length > 0
    },
  }
}

export type Synonyms = ReturnType<typeof createSynonyms>
