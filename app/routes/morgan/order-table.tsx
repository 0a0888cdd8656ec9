import { Link } from 'react-router'
import { rowNumber } from '#shared/list-rules.ts'
import type { OrderSystem } from '#shared/order-rules.ts'
import { useAreaState } from './area-state.ts'
import { COPY } from './morgan-copy.ts'
import { detailHref, dottedDate } from './morgan-query.ts'

/** One order of a result page, as the list shows it. */
export type OrderRowView = {
  workNo: string
  project: string
  ord: string | null
  customer: string | null
  delivery: string | null
}

/**
 * The orders of one result page: row number counting down from the total (spec section 9), the
 * work number linking to its specification, project, ORD number, customer and delivery date.
 * On phones the row number, customer and date give way, so the table fits without scrolling.
 */
export function OrderTable({
  system,
  rows,
  total,
  page,
  recordSize,
}: {
  system: OrderSystem
  rows: OrderRowView[]
  total: number
  page: number
  recordSize: number
}) {
  const area = useAreaState()
  const c = COPY.columns
  return (
    <table className="order-table">
      <caption className="visually-hidden">{COPY.tableCaption(system)}</caption>
      <thead>
        <tr>
          <th scope="col" className="order-table__no">
            {c.no}
          </th>
          <th scope="col" className="order-table__work">
            {c.workNo}
          </th>
          <th scope="col">{c.project}</th>
          <th scope="col" className="order-table__ord">
            {c.ord}
          </th>
          <th scope="col" className="order-table__customer">
            {c.customer}
          </th>
          <th scope="col" className="order-table__date">
            {c.delivery}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.workNo}>
            <td className="order-table__no">{rowNumber({ total, page, recordSize }, index)}</td>
            <td className="order-table__work">
              <Link to={detailHref(system, row.workNo)} state={area}>
                {row.workNo}
              </Link>
            </td>
            <td className="order-table__project">{row.project}</td>
            <td className="order-table__ord">{row.ord ?? COPY.empty}</td>
            <td className="order-table__customer">{row.customer ?? COPY.empty}</td>
            <td className="order-table__date">{row.delivery ? dottedDate(row.delivery) : COPY.empty}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
