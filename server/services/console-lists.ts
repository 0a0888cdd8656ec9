import { sql, type SQL, type SQLWrapper, type Subquery } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
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

/**
 * How far a list counts: past this many matching rows (or the rows up to a few pages past the one
 * asked, when it is further on) the total is "more than" (docs/decisions/054-console-lists.md).
 * Counting is what a filtered page of 50,000 rows costs; a page itself stops after its rows.
 */
export const COUNT_CAP = 1000

/**
 * One page of a list: the rows matching `where` counted (up to the cap), then the page read in its
 * order, in two statements (a count that stops at the cap, and a page that stops after `pageSize`
 * rows). A page past the end shows the last one, when the end is known.
 */
export async function readPage<Row>(args: {
  count: (where: SQL | undefined, limit: number) => Promise<number>
  rows: (where: SQL | undefined, limit: number, offset: number) => Promise<Row[]>
  where: SQL | undefined
  page: number
  pageSize: number
}): Promise<{ rows: Row[]; total: number; more: boolean; page: number; pages: number }> {
  const asked = Math.max(1, Math.floor(args.page) || 1)
  // Enough to know the pages of the asked one's window of five and whether one follows it.
  const cap = Math.max(COUNT_CAP, (asked + 5) * args.pageSize) + 1
  const counted = await args.count(args.where, cap)
  const more = counted >= cap
  const total = more ? cap - 1 : counted
  const pages = Math.max(1, Math.ceil(total / args.pageSize))
  const page = Math.min(asked, pages)
  const rows = total === 0 ? [] : await args.rows(args.where, args.pageSize, (page - 1) * args.pageSize)
  return { rows, total, more, page, pages }
}

/** How many rows of `table` match `where`, counting no further than `limit` (the count's subquery stops there). */
export async function countUpTo(
  reader: Reader,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  return countOf(
    reader,
    reader
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(limit)
      .as('counted'),
  )
}

/** How many rows a list's own limited select gives (a list read over a join: its joins, `where` and the count's limit). */
export async function countOf(reader: Reader, counted: Subquery): Promise<number> {
  const [row] = await reader.select({ n: sql<number>`count(*)::int` }).from(counted)
  return row?.n ?? 0
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

/**
 * The search words, lower-cased, each to appear in one indexed text (`like '%word%'`, which a
 * trigram index answers for words of three characters or more; shorter ones are checked row by row).
 */
export function likeWords(q: string, text: SQL): SQL | undefined {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)
  if (words.length === 0) return undefined
  const escaped = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql.join(
    words.map((w) => sql`${text} like ${escaped(w)}`),
    sql` and `,
  )
}

/**
 * ORDER BY a column in a direction, then the id the same way (a stable page). PostgreSQL's own
 * null order (last ascending, first descending) is kept, so a btree index on (column, id) answers
 * either direction by reading forwards or backwards.
 */
export function orderOf(column: SQL | unknown, dir: 'asc' | 'desc', id: unknown): SQL[] {
  const d = dir === 'desc' ? sql`desc` : sql`asc`
  return [sql`${column} ${d}`, sql`${id} ${d}`]
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
