import { sql } from 'drizzle-orm'
import type { OrderSystem } from '#shared/order-rules.ts'
import { unitSerialKey } from '#shared/unit-serial.ts'
import type { Db } from '#server/db/client.ts'
import { epsOrders, erpOrders, serialKeyOf } from '#server/db/schema.ts'

/** One order carrying the serial: what the restricted part needs to name it (never shown publicly). */
export type UnitOrder = {
  system: OrderSystem
  work_no: string
  ord_no: string | null
  delivery_date: string | null
}

/** A unit: the serial as stored, the model of its newest order, and every order that carries the serial. */
export type Unit = { serial: string; model: string | null; orders: UnitOrder[] }

/** Orders sharing one serial are few; more are not listed (a guard, not a page). */
const ORDERS_MAX = 20

/**
 * The orders of both systems whose serial has this key (shared/unit-serial.ts), newest delivery
 * first, through each table's expression index on the key; null when there is none. The unit is
 * the newest: its serial as stored and its model.
 */
export async function findUnit(db: Db, serial: string): Promise<Unit | null> {
  const key = unitSerialKey(serial)
  if (!key) return null
  const part = (system: OrderSystem, table: typeof erpOrders | typeof epsOrders) =>
    sql`select ${system}::text as system, work_no, ord_no, serial_no, model, delivery_date::text as delivery_date
        from ${table} where ${serialKeyOf(table.serial_no)} = ${key}`
  const { rows } = (await db.execute(
    sql`${part('ERP', erpOrders)} union all ${part('EPS', epsOrders)}
        order by delivery_date desc nulls last, work_no desc limit ${ORDERS_MAX}`,
  )) as unknown as { rows: (UnitOrder & { serial_no: string; model: string | null })[] }
  const [first] = rows
  if (!first) return null
  return {
    serial: first.serial_no,
    model: first.model,
    orders: rows.map(({ system, work_no, ord_no, delivery_date }) => ({ system, work_no, ord_no, delivery_date })),
  }
}
