import { and, asc, between, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orderProjects } from '#server/db/schema.ts'
import { orderTableOf } from '#server/services/restricted/order-row.ts'
import { compact } from '#server/services/search/text.ts'
import { LABEL_LIMITS, serialKey, splitSerials, type LabelRequest } from '#shared/label-rules.ts'
import { ORDER_SYSTEMS, type OrderSystem } from '#shared/order-rules.ts'

/** One order as a label shows it. */
export type LabelOrder = {
  system: OrderSystem
  work_no: string
  ord_no: string | null
  serial_no: string | null
  model: string | null
  project_name: string
  delivery_date: string | null
}

/**
 * The orders of both systems a label request chooses, by ORD number, then work number; at most
 * `labelsMax + 1` (one more tells the caller the choice is too large). A project is matched as the
 * restricted area matches it (part of the name, spacing and punctuation ignored); serials by their
 * key (case and hyphens ignored).
 */
export async function findLabelOrders(db: Db, request: LabelRequest): Promise<LabelOrder[]> {
  const limit = LABEL_LIMITS.labelsMax + 1
  let projectIds: number[] | null = null
  if (request.by === 'project') {
    const needle = compact(request.project)
    const rows = needle
      ? await db
          .select({ id: orderProjects.id })
          .from(orderProjects)
          .where(sql`strpos(${orderProjects.name_compact}, ${needle}) > 0`)
      : []
    if (rows.length === 0) return []
    projectIds = rows.map((r) => r.id)
  }
  const perSystem = await Promise.all(
    ORDER_SYSTEMS.map(async (system) => {
      const table = orderTableOf(system)
      let where: SQL | undefined
      if (request.by === 'ord') where = eq(table.ord_no, request.ord)
      else if (request.by === 'project') where = sql`${table.project_id} = any(${`{${projectIds!.join(',')}}`}::int4[])`
      else if (request.by === 'delivery') where = between(table.delivery_date, request.from, request.to)
      else {
        const keys = splitSerials(request.serials).map(serialKey)
        where = sql`upper(replace(${table.serial_no}, '-', '')) = any(${`{${keys.join(',')}}`}::text[])`
      }
      const rows = await db
        .select({
          work_no: table.work_no,
          ord_no: table.ord_no,
          serial_no: table.serial_no,
          model: table.model,
          project_name: table.project_name,
          delivery_date: table.delivery_date,
        })
        .from(table)
        .where(and(where))
        .orderBy(asc(table.ord_no), asc(table.work_no))
        .limit(limit)
      return rows.map((row) => ({ system, ...row }))
    }),
  )
  return perSystem
    .flat()
    .sort((a, b) => (a.ord_no ?? '').localeCompare(b.ord_no ?? '') || a.work_no.localeCompare(b.work_no))
    .slice(0, limit)
}
