import { and, eq, inArray, sql } from 'drizzle-orm'
import { pgliteTransactionOf } from '#server/db/client.ts'
import { searchEntries } from '#server/db/schema.ts'
import { copyBinary } from './copy-binary.ts'
import { gramCodes, wordCode } from './codes.ts'
import { BODY_MAX, SOURCE_KINDS, SOURCES, sourceIds, type Reader, type SearchEntry, type SourceKind } from './sources.ts'
import { choseongWithMap, wordsOf } from './text.ts'

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
  const titleWords = wordsOf(title)
  const bodyWords = wordsOf(body)
  const titleCompact = titleWords.join('')
  const bodyCompact = bodyWords.join('')
  const { choseong } = choseongWithMap(title)
  const grams = gramCodes(choseong, gramCodes(bodyCompact, gramCodes(titleCompact)))
  const words = new Set([...titleWords, ...bodyWords].map(wordCode))
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
const REINDEX_BATCH = 2000

const COLUMN_NAMES = [
  'kind', 'source_id', 'lang', 'one_depth', 'two_depth', 'title', 'body', 'url', 'updated_at',
  'title_compact', 'title_words', 'title_choseong', 'body_compact', 'grams', 'words',
] as const satisfies readonly (keyof typeof searchEntries.$inferInsert)[]
const COLUMNS = sql.raw(COLUMN_NAMES.join(', '))

/**
 * Rows of a batch into the shadow table in one statement: on PGlite a binary COPY (its integer
 * arrays load about twice as fast as in any text form); on PostgreSQL one JSON parameter.
 */
async function insertBatch(db: Reader, rows: (typeof searchEntries.$inferInsert)[], table: 'search_entries' | 'search_entries_next' = 'search_entries_next'): Promise<void> {
  if (rows.length === 0) return
  const pglite = pgliteTransactionOf(db)
  if (pglite) {
    const blob = new Blob([copyBinary(COLUMN_NAMES, rows)])
    await pglite.query(`copy ${table} (${COLUMN_NAMES.join(', ')}) from '/dev/blob' with (format binary)`, [], { blob })
    return
  }
  const target = sql.raw(table)
  await db.execute(sql`insert into ${target} (${COLUMNS})
    select ${COLUMNS} from json_populate_recordset(null::${target}, ${JSON.stringify(rows)}::json)`)
}

/**
 * `sync` for many rows at once (a bulk import): the entries of a batch of source rows go in with
 * one statement, the bulk path of a full reindex (binary COPY on PGlite, one JSON parameter on
 * PostgreSQL) instead of INSERTs of 500. `fresh`: the rows were just inserted, so they have no
 * entries to remove.
 */
export async function syncBatch(tx: Reader, kind: SourceKind, ids: readonly (string | number)[], options: { fresh?: boolean } = {}): Promise<void> {
  if (ids.length === 0) return
  const keys = ids.map(String)
  if (!options.fresh) await tx.delete(searchEntries).where(and(eq(searchEntries.kind, kind), inArray(searchEntries.source_id, keys)))
  const entries = await SOURCES[kind](tx, keys)
  await insertBatch(tx, entries.map(toRow), 'search_entries')
}

/**
 * Rebuilds the whole index in one transaction, into a shadow table without indexes that takes
 * the place of the old one at the end: rows go in at bulk speed, each index is built once, and
 * readers keep searching the old table until the commit. Content writes (whose `sync` would be
 * lost in the swap) wait for the reindex: the old table is locked against writes from the start.
 * Reading the next batch and building its rows overlap the insert of the previous one.
 * Returns the number of entries written.
 */
export async function reindexAll(db: Reader, onProgress?: (progress: ReindexProgress) => void): Promise<number> {
  await db.execute(sql`lock table search_entries in share row exclusive mode`)
  const plan: { kind: SourceKind; ids: string[] }[] = []
  for (const kind of SOURCE_KINDS) {
    const ids = await sourceIds(db, kind)
    for (let i = 0; i < ids.length; i += REINDEX_BATCH) plan.push({ kind, ids: ids.slice(i, i + REINDEX_BATCH) })
  }
  const total = plan.reduce((n, step) => n + step.ids.length, 0)
  await db.execute(sql`drop table if exists search_entries_next`)
  await db.execute(sql`create table search_entries_next (like search_entries including defaults including storage)`)
  await db.execute(sql`alter table search_entries_next set (toast_tuple_target = 128)`)

  let done = 0
  let written = 0
  let inserting: Promise<void> = Promise.resolve()
  let next = plan[0] ? SOURCES[plan[0].kind](db, plan[0].ids) : null
  for (let i = 0; i < plan.length; i++) {
    const step = plan[i]!
    const entries = await next!
    next = plan[i + 1] ? SOURCES[plan[i + 1]!.kind](db, plan[i + 1]!.ids) : null
    const rows = entries.map(toRow)
    await inserting
    inserting = insertBatch(db, rows)
    written += rows.length
    done += step.ids.length
    onProgress?.({ kind: step.kind, done, total })
  }
  await inserting

  await db.execute(sql`alter table search_entries_next add constraint search_entries_next_pkey primary key (id)`)
  await db.execute(sql`create unique index search_entries_next_source_idx on search_entries_next (kind, source_id, lang)`)
  await db.execute(sql`create index search_entries_next_grams_idx on search_entries_next using gin (grams)`)
  await db.execute(sql`create index search_entries_next_words_idx on search_entries_next using gin (words)`)
  // The swap: the id sequence outlives the old table and passes to the new one.
  await db.execute(sql`alter sequence search_entries_id_seq owned by none`)
  await db.execute(sql`drop table search_entries`)
  await db.execute(sql`alter table search_entries_next rename to search_entries`)
  await db.execute(sql`alter table search_entries rename constraint search_entries_next_pkey to search_entries_pkey`)
  for (const name of ['source', 'grams', 'words']) {
    await db.execute(sql.raw(`alter index search_entries_next_${name}_idx rename to search_entries_${name}_idx`))
  }
  await db.execute(sql`alter sequence search_entries_id_seq owned by search_entries.id`)
  return written
}
