import { setImmediate } from 'node:timers/promises'
import type { Db } from '#server/db/client.ts'
import type { TableFile } from '../files/table-file.ts'
import type { Storage } from '../files/storage.ts'
import type { Reader, SourceKind } from '../search/sources.ts'
import type { ColumnSpec, ImportProblem } from './columns.ts'
import type { ZipFiles } from './zip-files.ts'

/** What writing a batch needs: the transaction, where files go, the ZIP, when and who. */
export type WriteContext = {
  tx: Reader
  storage: Storage
  zip: ZipFiles | null
  now: Date
  userId: number | null
  /** Storage keys written so far (removed again when the import fails). */
  stored: string[]
}

export type BatchResult = { ids: number[]; inserted: number; files: number }

/**
 * One kind of import file (docs/decisions/022-bulk-import.md): its columns (for the template), the
 * checks of a whole file (every problem, nothing written), how many of the checked rows replace
 * existing records (the dry run's "m updated"), and how a batch of rows is written in the import's
 * transaction. The runner (run.ts) does the rest the same way for every kind: reading the file,
 * batches, progress, search index, change notice, audit.
 */
export type ImportKindSpec<Row> = {
  columns: readonly ColumnSpec[]
  check(db: Db, table: TableFile, zip: ZipFiles | null): Promise<{ rows: Row[]; problems: ImportProblem[] }>
  existing(db: Db, rows: Row[]): Promise<number>
  write(ctx: WriteContext, batch: Row[]): Promise<BatchResult>
  /** The search source the written ids are entries of. */
  search?: SourceKind
  /** The change-notice topics (every node's page cache clears on a notice). */
  topics: readonly string[]
}

/**
 * Rows per written batch: one progress step, one multi-row INSERT, one search-index load. Small
 * enough that a batch's queries, which on PGlite run in the server's own thread, leave the event
 * loop within tens of milliseconds (a large import must not delay /healthz by 100 ms: issue 31).
 */
export const IMPORT_BATCH = 200

/**
 * Source rows per statement of a batch's search entries: each entry's keys go into GIN indexes,
 * the costliest part of a batch, so a batch's entries go in eight steps with a loop turn between.
 */
export const SEARCH_CHUNK = 25

/** Rows checked between two turns of the event loop (a check of 100,000 rows held it for hundreds of ms). */
export const CHECK_TURN = 2_000

/** Key-count rows per statement when an import's counts are written at its end. */
export const KEY_COUNT_CHUNK = 2_000

/** A turn of the event loop: what waits (a probe, a page) is served before the next chunk. */
export const nextTurn = (): Promise<void> => setImmediate()

/** `f` over `items` in chunks of `size` (queries with long IN lists), results concatenated, a loop turn between chunks. */
export async function inChunks<T, R>(items: readonly T[], size: number, f: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await nextTurn()
    out.push(...(await f(items.slice(i, i + size))))
  }
  return out
}
