import type { OrderSystem } from '#shared/order-rules.ts'
import type { Db } from '#server/db/client.ts'
import { epsOrders, erpOrders } from '#server/db/schema.ts'

/** One order as the importer, the demo and the bench fixture write it. */
export type OrderRow = {
  work_no: string
  ord_no: string | null
  serial_no: string | null
  project_name: string
  customer: string | null
  model: string | null
  /** `YYYY-MM-DD` or null. */
  delivery_date: string | null
  /** Every other field by its key (shared/order-fields.ts); empty values are left out. */
  spec: Record<string, string>
}

export const orderTableOf = (system: OrderSystem) => (system === 'ERP' ? erpOrders : epsOrders)

/** A database handle or a transaction: what the restricted-area functions run on. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db
