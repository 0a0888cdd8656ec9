import { and, eq, inArray, sql } from 'drizzle-orm'
import { searchEntries } from '#server/db/schema.ts'
import { gramCodes, wordCode } from './codes.ts'
import { BODY_MAX, SOURCE_KINDS, SOURCES, sourceIds, type Reader, type SearchEntry, type SourceKind } from './sources.ts'
import { choseongWithMap, compact, wordsOf } from './text.ts'

/**
 * Keeps `search_entries` equal to the content: `sync` in the transaction that changes a source
 * row (the entries of that row are rebuilt, or removed with it), `reindexAll` to rebuild
 * everything (`npm run manage -- reindex`, the demo seed).
 */

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The row of one entry: its display text and everything matching and ranking read. */
export function toRow(entry: SearchEntry): typeof searchEntries.$inferInsert {
  const title = collapse(entry.title)
  const body = collapse(entry.body).slice(0, BODY_MAX)
  const titleCompact = compact(title)
  const bodyCompact = compact(body)
  const { choseong } = choseongWithMap(title)
  const grams = gramCodes(choseong, gramCodes(bodyCompact, gramCodes(titleCompact)))
  const titleWords = wordsOf(title)
  const words = new Set([...titleWords, ...wordsOf(body)].map(wordCode))
  return {
    kind: entry.kind,
    source_id: entry.sourceId,
    lang: entry.lang,
    one_depth: entry.oneDepth,
    two_depth: entry.twoDepth,
    title,
    body,
    url: entry.url,
    updated_at: entry.updatedAt,
    title_compact: titleCompact,
    title_words: ` ${titleWords.join(' ')} `,
    title_choseong: choseong,
    body_compact: bodyCompact,
    grams: [...grams],
    words: [...words],
  }
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (16 columns a row). */
const INSERT_BATCH = 500

async function insertEntries(db: Reader, entries: SearchEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += INSERT_BATCH) {
    await db.insert(searchEntries).values(entries.slice(i, i + INSERT_BATCH).map(toRow))
  }
}

/**
 * Rebuilds the entries of some source rows of a kind in the caller's transaction: call it after
 * inserting, changing or deleting them (a deleted row simply has no entries any more).
 */
export async function sync(tx: Reader, kind: SourceKind, ids: readonly (string | number)[]): Promise<void> {
  if (ids.length === 0) return
  const keys = ids.map(String)
  await tx.delete(searchEntries).where(and(eq(searchEntries.kind, kind), inArray(searchEntries.source_id, keys)))
  await insertEntries(tx, await SOURCES[kind](tx, keys))
}

export type ReindexProgress = { kind: SourceKind; done: number; total: number }

/** Source rows built per batch in a full reindex. */
const REINDEX_BATCH = 1000

/**
 * Rebuilds the whole index in one transaction (readers keep the old one until it commits):
 * every kind, in batches of source rows, reporting progress after each batch. Returns the
 * number of entries written.
 */
export async function reindexAll(db: Reader, onProgress?: (progress: ReindexProgress) => void): Promise<number> {
  const plan: [SourceKind, string[]][] = []
  for (const kind of SOURCE_KINDS) plan.push([kind, await sourceIds(db, kind)])
  const total = plan.reduce((n, [, ids]) => n + ids.length, 0)
  let done = 0
  let written = 0
  // A bigger pending list lets GIN take the batches in larger merges.
  await db.execute(sql`set local gin_pending_list_limit = '64MB'`)
  await db.delete(searchEntries)
  for (const [kind, ids] of plan) {
    for (let i = 0; i < ids.length; i += REINDEX_BATCH) {
      const batch = ids.slice(i, i + REINDEX_BATCH)
      const entries = await SOURCES[kind](db, batch)
      await insertEntries(db, entries)
      written += entries.length
      done += batch.length
      onProgress?.({ kind, done, total })
    }
  }
  return written
}
