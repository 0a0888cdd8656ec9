import type { Db } from '#server/db/client.ts'
import type { ImportKind, ImportSummary } from '#shared/import-kinds.ts'
import { audit } from '../console/audit.ts'
import { readTableBytes, TABLE_LIMITS, TableFileError, type TableFile, type TableLimits } from '../files/table-file.ts'
import type { Storage } from '../files/storage.ts'
import { applyKeyCounts, syncBatch } from '../search/indexer.ts'
import { KeyCounts } from '../search/key-counts.ts'
import type { Reader } from '../search/sources.ts'
import type { ImportProblem } from './columns.ts'
import { IMPORT_BATCH, KEY_COUNT_CHUNK, nextTurn, SEARCH_CHUNK, type ImportKindSpec } from './kind.ts'
import { agencyKind } from './kinds/agencies.ts'
import { documentKind } from './kinds/documents.ts'
import { orderKind } from './kinds/orders.ts'
import { serialKind } from './kinds/serials.ts'
import { openZip, ZipError, ZipTotalError, type ZipFiles } from './zip-files.ts'
import { formatFileSize } from '#shared/uploads.ts'
import { groupDigits } from '#shared/group-digits.ts'

export const KINDS: Record<ImportKind, ImportKindSpec<never>> = {
  reference: documentKind('reference') as ImportKindSpec<never>,
  service: documentKind('service') as ImportKindSpec<never>,
  serial: serialKind as ImportKindSpec<never>,
  agency: agencyKind as ImportKindSpec<never>,
  'erp-orders': orderKind('ERP') as ImportKindSpec<never>,
  'eps-orders': orderKind('EPS') as ImportKindSpec<never>,
}

export type ImportDeps = {
  db: Db
  storage: Storage
  clock: () => Date
  /** The change notice, in the import's transaction (page caches clear when it commits). */
  onPublished?: (tx: Reader, topics: readonly string[]) => Promise<void>
}

/** The uploaded parts: the table (its name tells CSV from XLSX) and the optional ZIP of files. */
export type ImportInput = { fileName: string; table: Uint8Array; zipName?: string | null; zip?: Uint8Array | null }

export type ImportOptions = {
  dryRun?: boolean
  onProgress?: (done: number, total: number) => void
  /** Who imports (null: the command line) and from where, for the audit entry. */
  actor?: { userId: number | null; ip?: string | null }
  /** The most one file may hold (TABLE_LIMITS unless given; tests give smaller ones). */
  tableLimits?: TableLimits
}

export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; problems: ImportProblem[] }

const fileProblem = (problem: ImportProblem['problem'], reason: string): ImportOutcome => ({
  ok: false,
  problems: [{ row: 0, column: '', problem, vars: { reason } }],
})

/**
 * One import (docs/decisions/022-bulk-import.md): reads the table and the ZIP, checks every row
 * (every problem is reported, nothing is written while any remains); a dry run stops there with
 * the counts of new and updated rows. Otherwise one transaction writes the rows in batches of
 * `IMPORT_BATCH`, loads each batch's search entries in bulk, reports progress after each batch, and ends
 * with the change notice and one audit entry: all of it, or nothing.
 */
export async function runImport(
  deps: ImportDeps,
  kindName: ImportKind,
  input: ImportInput,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const kind = KINDS[kindName] as ImportKindSpec<unknown>
  const limits = options.tableLimits ?? TABLE_LIMITS
  let table: TableFile
  try {
    table = await readTableBytes(input.fileName, input.table, limits)
  } catch (error) {
    if (!(error instanceof TableFileError)) throw error
    if (error.problem === 'tooLarge')
      return {
        ok: false,
        problems: [{ row: 0, column: '', problem: 'import.error.tooLarge', vars: { max: groupDigits(limits.rows) } }],
      }
    return fileProblem(
      error.problem === 'fileType' ? 'import.error.fileType' : 'import.error.unreadable',
      error.message,
    )
  }
  let zip: ZipFiles | null = null
  if (input.zip && input.zip.length > 0) {
    try {
      zip = await openZip(input.zip)
    } catch (error) {
      if (!(error instanceof ZipError)) throw error
      return fileProblem('import.error.zipUnreadable', error.message)
    }
  }
  let checked: Awaited<ReturnType<typeof kind.check>>
  try {
    checked = await kind.check(deps.db, table, zip)
  } catch (error) {
    // The entries the rows name inflate past the ZIP's caps (checked while streaming), or one is corrupt.
    if (error instanceof ZipTotalError)
      return {
        ok: false,
        problems: [
          { row: 0, column: '', problem: 'import.error.zipTooLarge', vars: { max: formatFileSize(error.limit) } },
        ],
      }
    if (error instanceof ZipError) return fileProblem('import.error.zipUnreadable', error.message)
    throw error
  }
  const { rows, problems } = checked
  // In spreadsheet order: by row (the sort is stable, so a row's problems keep their column order).
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.row - b.row) }
  const updated = await kind.existing(deps.db, rows)
  if (options.dryRun)
    return { ok: true, summary: { rows: rows.length, inserted: rows.length - updated, updated, files: 0 } }

  const stored: string[] = []
  const now = deps.clock()
  const userId = options.actor?.userId ?? null
  try {
    const summary = await deps.db.transaction(async (tx) => {
      let inserted = 0
      let files = 0
      // The search keys of every batch, counted up in memory and written once at the end.
      const counts = new KeyCounts()
      options.onProgress?.(0, rows.length)
      for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
        const batch = rows.slice(start, start + IMPORT_BATCH)
        const result = await kind.write({ tx, storage: deps.storage, zip, now, userId, stored }, batch)
        if (kind.search) {
          const fresh = result.inserted === batch.length
          for (let i = 0; i < result.ids.length; i += SEARCH_CHUNK) {
            await nextTurn()
            await syncBatch(tx, kind.search, result.ids.slice(i, i + SEARCH_CHUNK), {
              fresh,
              between: nextTurn,
              counts,
            })
          }
        }
        inserted += result.inserted
        files += result.files
        options.onProgress?.(start + batch.length, rows.length)
        // A turn of the event loop between batches: PGlite runs in this thread and its queries never
        // wait on I/O, so without it probes, pages and the progress written to a response would wait.
        await nextTurn()
      }
      await applyKeyCounts(tx, counts, { chunk: KEY_COUNT_CHUNK, between: nextTurn })
      const summary: ImportSummary = { rows: rows.length, inserted, updated: rows.length - inserted, files }
      await audit(
        tx,
        {
          userId,
          action: 'import',
          recordType: 'import',
          recordId: kindName,
          after: { kind: kindName, file: input.fileName, ...(input.zipName && { zip: input.zipName }), ...summary },
          ip: options.actor?.ip ?? null,
        },
        now,
      )
      if (kind.topics.length > 0) await deps.onPublished?.(tx, kind.topics)
      return summary
    })
    return { ok: true, summary }
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => {})))
    throw error
  }
}
