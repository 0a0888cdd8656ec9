import { and, eq, sql, type SQL } from 'drizzle-orm'
import { ORDER_GROUPS, isOrderColumn } from '#shared/order-fields.ts'
import type { OrderSystem } from '#shared/order-rules.ts'
import { orderProjects } from '#server/db/schema.ts'
import { paged, type Paged, type PageRequest } from '../pagination.ts'
import { compact } from '../search/text.ts'
import { orderTableOf, type DbOrTx } from './order-row.ts'

export type OrderQuery = PageRequest & {
  /** Part of the project name; spacing, case and punctuation ignored. */
  name?: string | undefined
  /** ORD number or its beginning: `25`, `25-01`, `25-0100` (validated by the caller). */
  ord?: string | undefined
}

export type OrderListItem = {
  work_no: string
  project_name: string
  ord_no: string | null
  customer: string | null
  model: string | null
  delivery_date: string | null
}

/**
 * Orders matching the query, newest delivery first. A name is looked up among the distinct
 * project names (a few thousand, however many orders), then the orders of those projects are
 * read along the delivery-date index; an ORD number is a prefix match on its own index.
 */
export async function listOrders(db: DbOrTx, system: OrderSystem, query: OrderQuery): Promise<Paged<OrderListItem>> {
  const table = orderTableOf(system)
  const where: SQL[] = []
  if (query.name !== undefined) {
    const needle = compact(query.name)
    // Only punctuation or spaces: nothing to look for (an empty needle would match every name).
    const projects =
      needle === ''
        ? []
        : await db
            .select({ id: orderProjects.id })
            .from(orderProjects)
            .where(sql`strpos(${orderProjects.name_compact}, ${needle}) > 0`)
    if (projects.length === 0)
      return paged(
        query,
        async () => 0,
        async () => [],
      )
    // The ids as one array parameter: the planner sees how many, and so how many orders, there are
    // (a handful: read them by project and sort; thousands: walk the delivery-date index).
    where.push(sql`${table.project_id} = any(${`{${projects.map((p) => p.id).join(',')}}`}::int4[])`)
  }
  if (query.ord !== undefined) where.push(sql`${table.ord_no} like ${`${query.ord}%`}`)
  const matching = and(...where)
  return paged(
    query,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(matching)
      )[0]?.n ?? 0,
    ({ offset, limit }) =>
      db
        .select({
          work_no: table.work_no,
          project_name: table.project_name,
          ord_no: table.ord_no,
          customer: table.customer,
          model: table.model,
          delivery_date: table.delivery_date,
        })
        .from(table)
        .where(matching)
        .orderBy(sql`${table.delivery_date} desc nulls last`, sql`${table.work_no} desc nulls last`)
        .offset(offset)
        .limit(limit),
  )
}

export type OrderDetail = {
  system: OrderSystem
  work_no: string
  /** Every group and section of shared/order-fields.ts with each field's value ('' when empty). */
  groups: {
    key: string
    label: string
    sections: { key: string; label: string | null; fields: { key: string; label: string; value: string }[] }[]
  }[]
}

/** One order with every field of its system, in the page's groups; null for an unknown work number. */
export async function getOrder(db: DbOrTx, system: OrderSystem, workNo: string): Promise<OrderDetail | null> {
  const table = orderTableOf(system)
  const [row] = await db.select().from(table).where(eq(table.work_no, workNo)).limit(1)
  if (!row) return null
  const valueOf = (key: string): string => (isOrderColumn(key) ? (row[key] ?? '') : (row.spec[key] ?? ''))
  return {
    system,
    work_no: row.work_no,
    groups: ORDER_GROUPS[system].map((group) => ({
      key: group.key,
      label: group.label,
      sections: group.sections.map((section) => ({
        key: section.key,
        label: section.label,
        fields: section.fields.map((field) => ({ key: field.key, label: field.label, value: valueOf(field.key) })),
      })),
    })),
  }
}
