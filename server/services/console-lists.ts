import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { BulkItem } from '#shared/console-lists.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { Reader } from './search/sources.ts'
import type { SaveResult } from './save-result.ts'

/**
 * What every console list does in SQL (docs/decisions/054-console-lists.md): the search words as a
 * condition over columns, the page counted and read with LIMIT/OFFSET (never every row into
 * memory), and bulk actions as one transaction of the single-record actions.
 */

/** The page asked, clamped to the pages there are (a stale link past the end shows the last). */
export function pageBounds(total: number, page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages)
  return { page: current, pages, offset: (current - 1) * pageSize }
}

/**
 * One page of a list: the rows matching `where` counted, then the page read in `order`, in two
 * statements (a count that can stay in an index, and a page that stops after `pageSize` rows).
 */
export async function readPage<Row>(args: {
  count: (where: SQL | undefined) => Promise<number>
  rows: (where: SQL | undefined, limit: number, offset: number) => Promise<Row[]>
  where: SQL | undefined
  page: number
  pageSize: number
}): Promise<{ rows: Row[]; total: number; page: number; pages: number }> {
  const total = await args.count(args.where)
  const bounds = pageBounds(total, args.page, args.pageSize)
  const rows = total === 0 ? [] : await args.rows(args.where, args.pageSize, bounds.offset)
  return { rows, total, page: bounds.page, pages: bounds.pages }
}

/** The search words, lower-cased: each must appear in one of `texts` (any column, any order). */
export function wordsCondition(q: string, texts: readonly (SQL | SQLWrapper)[]): SQL | undefined {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)
  if (words.length === 0 || texts.length === 0) return undefined
  const each = words.map(
    (w) =>
      sql`(${sql.join(
        texts.map((t) => sql`strpos(lower(${t}), ${w}) > 0`),
        sql` or `,
      )})`,
  )
  return sql.join(each, sql` and `)
}

/** ORDER BY a column in a direction, nulls last either way, then the id the same way (a stable page). */
export function orderOf(column: SQL | unknown, dir: 'asc' | 'desc', id: unknown): SQL[] {
  const d = dir === 'desc' ? sql`desc` : sql`asc`
  return [sql`${column} ${d} nulls last`, sql`${id} ${d}`]
}

/** What became of one record of a bulk action. */
export type BulkOutcome =
  | { id: number; ok: true }
  | { id: number; ok: false; reason: 'not-found' }
  | { id: number; ok: false; reason: 'invalid'; errors: FieldErrors }
  | { id: number; ok: false; reason: 'conflict'; by: string | null; at: Date }

/** Thrown inside a record's savepoint to roll back just that record. */
class Refusal extends Error {
  constructor(readonly result: Exclude<SaveResult, { ok: true }>) {
    super('bulk record refused')
  }
}

/**
 * A bulk action: one transaction in which each record goes through `one` (the single-record
 * action's own function, with its version check, audit entry, search index and change notice)
 * inside a savepoint. A record refused (changed since the list was loaded, no longer there, or not
 * publishable) is rolled back alone and reported; the others are committed together. Anything
 * unexpected rolls the whole action back (and is thrown).
 */
export async function runBulk(
  db: Db,
  items: readonly BulkItem[],
  one: (tx: Reader, item: BulkItem) => Promise<SaveResult>,
): Promise<BulkOutcome[]> {
  return db.transaction(async (tx) => {
    const outcomes: BulkOutcome[] = []
    for (const item of items) {
      try {
        await tx.transaction(async (savepoint) => {
          const result = await one(savepoint, item)
          if (!result.ok) throw new Refusal(result)
        })
        outcomes.push({ id: item.id, ok: true })
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        const r = error.result
        outcomes.push(
          r.reason === 'conflict'
            ? { id: item.id, ok: false, reason: 'conflict', by: r.by, at: r.at }
            : r.reason === 'invalid'
              ? { id: item.id, ok: false, reason: 'invalid', errors: r.errors }
              : { id: item.id, ok: false, reason: 'not-found' },
        )
      }
    }
    return outcomes
  })
}
