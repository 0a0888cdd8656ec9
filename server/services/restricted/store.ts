import { inArray, sql } from 'drizzle-orm'
import type { OrderSystem } from '#shared/order-rules.ts'
import { orderProjects } from '#server/db/schema.ts'
import { compact } from '../search/text.ts'
import { orderTableOf, type DbOrTx, type OrderRow } from './order-row.ts'

/** Rows per INSERT statement (13 parameters each, well under PostgreSQL's 65,535). */
const BATCH = 1000

/** Ids of the project names, creating the names not known yet. */
async function projectIds(tx: DbOrTx, names: string[]): Promise<Map<string, number>> {
  const distinct = [...new Set(names)]
  await tx
    .insert(orderProjects)
    .values(distinct.map((name) => ({ name, name_compact: compact(name) })))
    .onConflictDoNothing({ target: orderProjects.name })
  const rows = await tx
    .select({ id: orderProjects.id, name: orderProjects.name })
    .from(orderProjects)
    .where(inArray(orderProjects.name, distinct))
  return new Map(rows.map((r) => [r.name, r.id]))
}

/**
 * Inserts or replaces orders by work number (the importer, the demo seed, the bench fixture).
 * Run it in a transaction: a failure leaves nothing half-written. Returns how many were new.
 */
export async function upsertOrders(
  tx: DbOrTx,
  system: OrderSystem,
  rows: OrderRow[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ inserted: number; updated: number }> {
  const table = orderTableOf(system)
  let inserted = 0
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH)
    const ids = await projectIds(
      tx,
      batch.map((r) => r.project_name),
    )
    const result = await tx
      .insert(table)
      .values(batch.map((r) => ({ ...r, project_id: ids.get(r.project_name)! })))
      .onConflictDoUpdate({
        target: table.work_no,
        set: {
          ord_no: sql`excluded.ord_no`,
          serial_no: sql`excluded.serial_no`,
          project_id: sql`excluded.project_id`,
          project_name: sql`excluded.project_name`,
          customer: sql`excluded.customer`,
          model: sql`excluded.model`,
          delivery_date: sql`excluded.delivery_date`,
          spec: sql`excluded.spec`,
          updated_at: sql`now()`,
        },
      })
      // xmax = 0 only for a row this statement inserted (an update leaves the old version's id).
      .returning({ fresh: sql<boolean>`(xmax = 0)` })
    inserted += result.filter((r) => r.fresh).length
    onProgress?.(Math.min(start + BATCH, rows.length), rows.length)
  }
  return { inserted, updated: rows.length - inserted }
}
