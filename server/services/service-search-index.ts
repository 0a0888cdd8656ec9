import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { serviceDocuments as sd, serviceSearchVersion } from '#server/db/schema.ts'

/** A published service document as the search sees it: its words (lower-cased) and options. */
type Entry = { id: number; text: string; options: readonly number[] }

/**
 * The service search's copy of the published documents (docs/decisions/032-service-search-in-memory.md):
 * per type, newest first, each document's `searched_text` and `option_ids`, read from the database
 * on a type's first search. Every search first reads the database's `service_search_version`, which
 * each transaction writing `service_documents` raises (migration 0020); a higher number than the
 * copy's drops the copy, and the type is read again. So a committed change is seen by the next
 * search on every node, without the change bus.
 */
export function createServiceSearchIndex(db: Db) {
  let version = -1
  let types = new Map<number, Promise<Entry[]>>()

  const readVersion = async () =>
    (
      await db
        .select({ version: serviceSearchVersion.version })
        .from(serviceSearchVersion)
        .where(eq(serviceSearchVersion.id, 1))
    )[0]?.version

  // An async function, so one query (drizzle's builder runs again at each `then`).
  const readType = async (type: number): Promise<Entry[]> =>
    db
      .select({ id: sd.id, text: sd.searched_text, options: sd.option_ids })
      .from(sd)
      .where(and(eq(sd.type, type), eq(sd.published, true)))
      .orderBy(desc(sd.created_at), desc(sd.id))

  /** The published documents of `type`, newest first, as of this moment or later. */
  async function entries(type: number): Promise<Entry[]> {
    // The number first, then the rows: rows read after it are at least as new as it says.
    const current = await readVersion()
    if (current === undefined || current > version) {
      version = current ?? -1
      types = new Map()
    }
    let read = types.get(type)
    if (!read) {
      const held = types
      read = readType(type)
      held.set(type, read)
      // A failed read is not kept: the next search reads again.
      read.catch(() => held.get(type) === read && held.delete(type))
    }
    return read
  }

  return {
    /**
     * Ids of the published documents of `type`, newest first, whose text contains every word of
     * `words` (lower-cased already) and that carry every option of `optionIds`.
     */
    async matching(type: number, words: readonly string[], optionIds: readonly number[]): Promise<number[]> {
      const ids: number[] = []
      for (const entry of await entries(type)) {
        if (words.every((word) => entry.text.includes(word)) && optionIds.every((id) => entry.options.includes(id)))
          ids.push(entry.id)
      }
      return ids
    },
  }
}
