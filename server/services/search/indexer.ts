import { and, eq, inArray, sql } from 'drizzle-orm'
import { pgliteTransactionOf } from '#server/db/client.ts'
import { searchEntries, searchTitles, searchWords } from '#server/db/schema.ts'
import { copyBinary } from './copy-binary.ts'
import { KeyCounts } from './key-counts.ts'
import { gramCodes, initialsRunCodes, sortedCodes, titleInitialsCodes, wordCode } from './codes.ts'
import {
  BODY_MAX,
  SOURCE_KINDS,
  SOURCES,
  sourceIds,
  type Reader,
  type SearchEntry,
  type SourceKind,
} from './sources.ts'
import { choseongWithMap, wordsOf } from './text.ts'
import { adjustTotals, type EntryText } from './totals.ts'

/**
 * Keeps `search_entries` equal to the content: `sync` in the transaction that changes a source
 * row (the entries of that row are rebuilt, or removed with it), `reindexAll` to rebuild
 * everything (`npm run manage -- reindex`, the demo seed).
 */

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

type EntryRow = typeof searchEntries.$inferInsert & { id: number }
type TitleRow = typeof searchTitles.$inferInsert
type WordsRow = typeof searchWords.$inferInsert
/** One entry's rows: its display and body row, its title row, its words, and its keys (what `search_key_counts` counts). */
export type IndexRows = {
  entry: EntryRow
  title: TitleRow
  words: WordsRow
  titleKeys: Set<number>
  bodyKeys: Set<number>
}

/** The rows of one entry (under the id it is given): display text and everything matching and ranking read. */
export function toRows(entry: SearchEntry, id: number): IndexRows {
  const title = collapse(entry.title)
  const body = collapse(entry.body).slice(0, BODY_MAX)
  const titleWords = wordsOf(title)
  const bodyWords = wordsOf(body)
  const titleCompact = titleWords.join('')
  const bodyCompact = bodyWords.join('')
  const { choseong } = choseongWithMap(title)
  const titleGrams = titleInitialsCodes(choseong, titleCompact, gramCodes(choseong, gramCodes(titleCompact)))
  const bodyGrams = initialsRunCodes(bodyCompact, 'body', initialsRunCodes(bodyCompact, 'run', gramCodes(bodyCompact)))
  const words = new Set<number>()
  for (const word of titleWords) words.add(wordCode(word))
  for (const word of bodyWords) words.add(wordCode(word))
  const ranked = {
    lang: entry.lang,
    updated_at: entry.updatedAt,
    title_compact: titleCompact,
    title_words: ` ${titleWords.join(' ')} `,
    title_choseong: choseong,
  }
  return {
    entry: {
      id,
      kind: entry.kind,
      source_id: entry.sourceId,
      one_depth: entry.oneDepth,
      two_depth: entry.twoDepth,
      title,
      body,
      url: entry.url,
      ...ranked,
      body_compact: bodyCompact,
      // The title's keys too (ADR 047): one index finds an entry holding every word, wherever each stands.
      grams: sortedCodes(new Set([...bodyGrams, ...titleGrams])),
    },
    title: { id, ...ranked, title_grams: sortedCodes(titleGrams) },
    words: { id, words: sortedCodes(words) },
    titleKeys: titleGrams,
    bodyKeys: bodyGrams,
  }
}

/** The rows of a raw query's result (both drivers answer `{ rows }`). */
const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows

/** `count` fresh ids of search_entries' sequence (rows carry them into both tables). */
async function newIds(db: Reader, count: number): Promise<number[]> {
  if (count === 0) return []
  const result = await db.execute(
    sql`select nextval('search_entries_id_seq')::int as id from generate_series(1, ${count})`,
  )
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id))
}

async function toRowsWithIds(db: Reader, entries: SearchEntry[]): Promise<IndexRows[]> {
  if (entries.length === 0) return []
  // Waits for a running full reindex, which numbers its rows itself, before taking ids.
  await db.execute(sql`lock table search_entries in row exclusive mode`)
  const ids = await newIds(db, entries.length)
  return entries.map((entry, i) => toRows(entry, ids[i]!))
}

/** Counts new entries' keys up in `search_key_counts` (or, given `into`, in memory for a later `applyKeyCounts`). */
async function countAdded(db: Reader, rows: IndexRows[], into?: KeyCounts): Promise<void> {
  const counts = into ?? new KeyCounts()
  for (const row of rows) counts.add(row.entry.lang, row.titleKeys, row.bodyKeys)
  if (!into) await applyKeyCounts(db, counts)
}

/**
 * Adds counted changes to `search_key_counts`, `chunk` rows a statement, `between` run between
 * statements (an import's turn of the event loop).
 */
export async function applyKeyCounts(
  db: Reader,
  counts: KeyCounts,
  options: { chunk?: number; between?: () => Promise<void> } = {},
): Promise<void> {
  const rows = counts.rows()
  const chunk = options.chunk ?? 20_000
  for (let i = 0; i < rows.length; i += chunk) {
    if (i > 0) await options.between?.()
    await db.execute(sql`insert into search_key_counts (lang, key, entries)
      select lang, key, entries from json_to_recordset(${JSON.stringify(rows.slice(i, i + chunk))}::json) as r(lang text, key int, entries int)
      order by lang, key
      on conflict (lang, key) do update set entries = search_key_counts.entries + excluded.entries`)
  }
}

/**
 * Source ids per statement of `removeEntries` and `sourceEntries`: each id is a parameter, and
 * PostgreSQL takes at most 65,535 of them (drizzle also spreads them onto the stack, which a
 * quarter of a million overflows).
 */
const KEY_BATCH = 5_000

/**
 * Removes the entries of some source rows (their title rows go with them), taking their keys from
 * the counts; returns what the remembered totals need of them. Any number of keys: they are
 * removed `KEY_BATCH` at a time, the counts changed once at the end.
 */
async function removeEntries(db: Reader, kind: SourceKind, keys: string[]): Promise<EntryText[]> {
  const rows: (EntryText & { grams: number[]; title_grams: number[] | null })[] = []
  const counts = new KeyCounts()
  for (let i = 0; i < keys.length; i += KEY_BATCH) {
    const batch = keys.slice(i, i + KEY_BATCH)
    const old =
      await db.execute(sql`select e.lang, e.grams, t.title_grams, e.title_compact, e.title_choseong, e.body_compact
      from search_entries e left join search_titles t on t.id = e.id
      where e.kind = ${kind} and e.source_id in ${batch}`)
    const found = rowsOf<EntryText & { grams: number[]; title_grams: number[] | null }>(old)
    if (found.length === 0) continue
    for (const row of found) {
      counts.add(row.lang, row.title_grams ?? [], row.grams, -1)
      rows.push(row)
    }
    await db.delete(searchEntries).where(and(eq(searchEntries.kind, kind), inArray(searchEntries.source_id, batch)))
  }
  if (rows.length > 0) await applyKeyCounts(db, counts)
  return rows
}

/** The entries of some source rows of a kind, read `KEY_BATCH` ids at a time (the builders filter by id). */
async function sourceEntries(db: Reader, kind: SourceKind, keys: string[]): Promise<SearchEntry[]> {
  const unique = [...new Set(keys)] // as one `in (…)` would: a repeated id in two batches would give its entries twice
  const entries: SearchEntry[] = []
  for (let i = 0; i < unique.length; i += KEY_BATCH) {
    for (const entry of await SOURCES[kind](db, unique.slice(i, i + KEY_BATCH))) entries.push(entry)
  }
  return entries
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (16 columns a row). */
const INSERT_BATCH = 500

async function insertEntries(db: Reader, entries: SearchEntry[]): Promise<IndexRows[]> {
  const rows = await toRowsWithIds(db, entries)
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH)
    await db.insert(searchEntries).values(batch.map((row) => row.entry))
    await db.insert(searchTitles).values(batch.map((row) => row.title))
    await db.insert(searchWords).values(batch.map((row) => row.words))
  }
  await countAdded(db, rows)
  return rows
}

/**
 * Rebuilds the entries of some source rows of a kind in the caller's transaction: call it after
 * inserting, changing or deleting them (a deleted row simply has no entries any more).
 */
export async function sync(tx: Reader, kind: SourceKind, ids: readonly (string | number)[]): Promise<void> {
  if (ids.length === 0) return
  const keys = ids.map(String)
  const removed = await removeEntries(tx, kind, keys)
  const added = await insertEntries(tx, await sourceEntries(tx, kind, keys))
  await adjustTotals(
    tx,
    removed,
    added.map((row) => row.entry),
  )
}

export type ReindexProgress = { kind: SourceKind; done: number; total: number }

/** Source rows built per batch in a full reindex. */
const REINDEX_BATCH = 2000

const ENTRY_COLUMNS = [
  'id',
  'kind',
  'source_id',
  'lang',
  'one_depth',
  'two_depth',
  'title',
  'body',
  'url',
  'updated_at',
  'title_compact',
  'title_words',
  'title_choseong',
  'body_compact',
  'grams',
] as const satisfies readonly (keyof EntryRow)[]
const TITLE_COLUMNS = [
  'id',
  'lang',
  'updated_at',
  'title_compact',
  'title_words',
  'title_choseong',
  'title_grams',
] as const satisfies readonly (keyof TitleRow)[]
const WORDS_COLUMNS = ['id', 'words'] as const satisfies readonly (keyof WordsRow)[]

/**
 * Rows into a table in one statement: on PGlite a binary COPY (its integer arrays load about
 * twice as fast as in any text form); on PostgreSQL one JSON parameter.
 */
async function insertTable<Row extends object>(
  db: Reader,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return
  const pglite = pgliteTransactionOf(db)
  if (pglite) {
    const blob = new Blob([copyBinary(columns, rows)])
    await pglite.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob' with (format binary)`, [], { blob })
    return
  }
  const target = sql.raw(table)
  const names = sql.raw(columns.join(', '))
  await db.execute(sql`insert into ${target} (${names})
    select ${names} from json_populate_recordset(null::${target}, ${JSON.stringify(rows)}::json)`)
}

async function insertBatch(
  db: Reader,
  rows: IndexRows[],
  suffix: '' | '_next',
  between: () => Promise<void> = async () => {},
): Promise<void> {
  await insertTable(
    db,
    `search_entries${suffix}`,
    ENTRY_COLUMNS,
    rows.map((row) => row.entry),
  )
  await between()
  await insertTable(
    db,
    `search_titles${suffix}`,
    TITLE_COLUMNS,
    rows.map((row) => row.title),
  )
  await between()
  await insertTable(
    db,
    `search_words${suffix}`,
    WORDS_COLUMNS,
    rows.map((row) => row.words),
  )
}

/**
 * `sync` for many rows at once (a bulk import): the entries of a batch of source rows go in with
 * one statement per table, the bulk path of a full reindex (binary COPY on PGlite, one JSON
 * parameter on PostgreSQL) instead of INSERTs of 500. `fresh`: the rows were just inserted, so
 * they have no entries to remove. `between` runs between the statements (an import gives a turn of
 * the event loop: on PGlite each statement holds the server's thread). `counts`: the new entries'
 * keys are added up there, for one `applyKeyCounts` at the end of the import (updating the same
 * count rows batch after batch in one transaction leaves each a chain of row versions that every
 * later update walks: the statements grew from tens to hundreds of milliseconds).
 */
export async function syncBatch(
  tx: Reader,
  kind: SourceKind,
  ids: readonly (string | number)[],
  options: { fresh?: boolean; between?: () => Promise<void>; counts?: KeyCounts } = {},
): Promise<void> {
  if (ids.length === 0) return
  const between = options.between ?? (async () => {})
  const keys = ids.map(String)
  const removed = options.fresh ? [] : await removeEntries(tx, kind, keys)
  const rows = await toRowsWithIds(tx, await sourceEntries(tx, kind, keys))
  await between()
  await insertBatch(tx, rows, '', between)
  await countAdded(tx, rows, options.counts)
  await between()
  await adjustTotals(
    tx,
    removed,
    rows.map((row) => row.entry),
  )
}

/**
 * Rebuilds the whole index in one transaction, into shadow tables without indexes that take the
 * place of the old ones at the end: rows go in at bulk speed, each index is built once, and
 * readers keep searching the old tables until the commit. Content writes (whose `sync` would be
 * lost in the swap) wait for the reindex: the old tables are locked against writes from the start.
 * Reading the next batch and building its rows overlap the insert of the previous one; the key
 * counts are added up on the way. Returns the number of entries written.
 */
export async function reindexAll(db: Reader, onProgress?: (progress: ReindexProgress) => void): Promise<number> {
  await db.execute(
    sql`lock table search_entries, search_titles, search_words, search_key_counts, search_totals in share row exclusive mode`,
  )
  const plan: { kind: SourceKind; ids: string[] }[] = []
  for (const kind of SOURCE_KINDS) {
    const ids = await sourceIds(db, kind)
    for (let i = 0; i < ids.length; i += REINDEX_BATCH) plan.push({ kind, ids: ids.slice(i, i + REINDEX_BATCH) })
  }
  const total = plan.reduce((n, step) => n + step.ids.length, 0)
  await db.execute(sql`drop table if exists search_titles_next, search_words_next, search_entries_next`)
  await db.execute(sql`create table search_entries_next (like search_entries including defaults including storage)`)
  await db.execute(sql`alter table search_entries_next set (toast_tuple_target = 128)`)
  await db.execute(sql`create table search_titles_next (like search_titles including defaults including storage)`)
  await db.execute(sql`create table search_words_next (like search_words including defaults including storage)`)

  // The rows are numbered here (writers wait for the lock before taking ids), the sequence moved on at the end.
  const [first] = await newIds(db, 1)
  let done = 0
  let written = 0
  const counts = new KeyCounts()
  let inserting: Promise<void> = Promise.resolve()
  let next = plan[0] ? SOURCES[plan[0].kind](db, plan[0].ids) : null
  for (let i = 0; i < plan.length; i++) {
    const step = plan[i]!
    const entries = await next!
    next = plan[i + 1] ? SOURCES[plan[i + 1]!.kind](db, plan[i + 1]!.ids) : null
    const rows = entries.map((entry, k) => toRows(entry, first! + written + k))
    // Each language's rows together: a search (always in one language) reads fewer pages.
    rows.sort((a, b) => (a.entry.lang < b.entry.lang ? -1 : a.entry.lang > b.entry.lang ? 1 : 0))
    for (const row of rows) counts.add(row.entry.lang, row.titleKeys, row.bodyKeys)
    await inserting
    inserting = insertBatch(db, rows, '_next')
    written += rows.length
    done += step.ids.length
    onProgress?.({ kind: step.kind, done, total })
  }
  await inserting

  await db.execute(sql`alter table search_entries_next add constraint search_entries_next_pkey primary key (id)`)
  await db.execute(
    sql`create unique index search_entries_next_source_idx on search_entries_next (kind, source_id, lang)`,
  )
  await db.execute(
    sql`create index search_entries_next_grams_idx on search_entries_next using gin (grams) with (gin_pending_list_limit = 512)`,
  )
  await db.execute(sql`alter table search_titles_next add constraint search_titles_next_pkey primary key (id)`)
  await db.execute(
    sql`create index search_titles_next_title_grams_idx on search_titles_next using gin (title_grams) with (gin_pending_list_limit = 512)`,
  )
  await db.execute(
    sql`create index search_titles_next_recent_idx on search_titles_next (lang, updated_at desc nulls first, id desc)`,
  )
  await db.execute(sql`alter table search_words_next add constraint search_words_next_pkey primary key (id)`)
  await db.execute(
    sql`create index search_words_next_words_idx on search_words_next using gin (words) with (gin_pending_list_limit = 512)`,
  )
  // The swap: the id sequence outlives the old table and passes to the new one.
  await db.execute(sql`alter sequence search_entries_id_seq owned by none`)
  await db.execute(sql`drop table search_titles, search_words`)
  await db.execute(sql`drop table search_entries`)
  await db.execute(sql`alter table search_entries_next rename to search_entries`)
  await db.execute(sql`alter table search_entries rename constraint search_entries_next_pkey to search_entries_pkey`)
  for (const name of ['source', 'grams']) {
    await db.execute(sql.raw(`alter index search_entries_next_${name}_idx rename to search_entries_${name}_idx`))
  }
  await db.execute(sql`alter table search_titles_next rename to search_titles`)
  await db.execute(sql`alter table search_titles rename constraint search_titles_next_pkey to search_titles_pkey`)
  await db.execute(sql`alter index search_titles_next_title_grams_idx rename to search_titles_title_grams_idx`)
  await db.execute(sql`alter index search_titles_next_recent_idx rename to search_titles_recent_idx`)
  await db.execute(sql`alter table search_words_next rename to search_words`)
  await db.execute(sql`alter table search_words rename constraint search_words_next_pkey to search_words_pkey`)
  await db.execute(sql`alter index search_words_next_words_idx rename to search_words_words_idx`)
  // Every title and words row was written with its entry: the references need not be checked row by row.
  for (const table of ['search_titles', 'search_words']) {
    await db.execute(
      sql.raw(`alter table ${table} add constraint ${table}_id_search_entries_id_fk
      foreign key (id) references search_entries (id) on delete cascade not valid`),
    )
  }
  await db.execute(sql`alter sequence search_entries_id_seq owned by search_entries.id`)
  await db.execute(sql`select setval('search_entries_id_seq', ${first! + written})`)
  await db.execute(sql`truncate search_key_counts, search_totals`)
  await applyKeyCounts(db, counts)
  return written
}
