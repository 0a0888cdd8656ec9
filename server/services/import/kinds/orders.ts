import { inArray } from 'drizzle-orm'
import { ORDER_COLUMNS } from '#shared/order-fields.ts'
import type { OrderSystem } from '#shared/order-rules.ts'
import { validateOrderTable } from '../../restricted/import.ts'
import { orderTableOf, type OrderRow } from '../../restricted/order-row.ts'
import { upsertOrders } from '../../restricted/store.ts'
import type { ColumnSpec } from '../columns.ts'
import { inChunks, type ImportKindSpec } from '../kind.ts'

const EXAMPLES: Record<keyof typeof ORDER_COLUMNS, string> = {
  work_no: 'E26-000001',
  ord_no: '26-0001',
  serial_no: 'S26-0001',
  project_name: '시험 정수장 밸브 교체공사',
  customer: '한국수자원공사',
  model: 'TM 05',
  delivery_date: '2026-03-07',
}

/**
 * Restricted-area orders of one system (the importer of the restricted-area issue): every field by
 * its key or Korean label (shared/order-fields.ts), upserted by work number. The template lists the
 * typed columns; any other field of the detail page may be added as a column.
 */
export function orderKind(system: OrderSystem): ImportKindSpec<OrderRow> {
  const table = orderTableOf(system)
  return {
    columns: (Object.keys(ORDER_COLUMNS) as (keyof typeof ORDER_COLUMNS)[]).map((key) => ({
      key,
      label: ORDER_COLUMNS[key],
      example: EXAMPLES[key],
      required: key === 'work_no' || key === 'project_name',
    })) satisfies ColumnSpec[],
    async check(_db, file) {
      return validateOrderTable(system, file)
    },
    async existing(db, rows) {
      const found = await inChunks(rows, 1000, (chunk) =>
        db
          .select({ work_no: table.work_no })
          .from(table)
          .where(
            inArray(
              table.work_no,
              chunk.map((r) => r.work_no),
            ),
          ),
      )
      return found.length
    },
    async write({ tx }, batch) {
      const { inserted } = await upsertOrders(tx, system, batch)
      return { ids: [], inserted, files: 0 }
    },
    topics: [],
  }
}
