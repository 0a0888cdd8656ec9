import { data, useLoaderData, useLocation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { routeMeta } from '#app/utils/route-meta.ts'
import { privateHeaders, requireRestrictedAccess } from '#app/utils/session.server.ts'
import { LIST_SIZES } from '#shared/list-rules.ts'
import type { Route } from './+types/morgan-list'
import { useAreaState } from './area-state.ts'
import { COPY } from './morgan-copy.ts'
import { readListRequest } from './morgan.server.ts'
import { OrderSearchForm } from './order-search-form.tsx'
import { OrderTable, type OrderRowView } from './order-table.tsx'
import { SystemTabs } from './system-tabs.tsx'
import './morgan-list.css'

export function meta({ matches }: Route.MetaArgs) {
  return [...routeMeta(matches, COPY.areaTitle, COPY.metaDescription), { name: 'robots', content: 'noindex' }]
}

/** Order data of one member: no cache may keep it. */
export const headers = privateHeaders

/**
 * /morgan?type=ERP|EPS&name=…&ord=…&page=…: the orders of the system whose project name holds
 * `name` and whose ORD number starts with `ord`, 30 a page, newest delivery first. The list is
 * asked only with a search word (spec section 7); the service writes the access log. A word
 * that breaks a rule answers 400 with its message at the input.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRestrictedAccess(request, context)
  const { query, ...view } = readListRequest(new URL(request.url))
  const status = Object.keys(view.errors).length > 0 ? 400 : 200
  if (!query) return data({ ...view, results: null }, { status })
  const { list, pagination } = await context.services.restricted.list(
    { user, ip: context.clientIp },
    view.system,
    query,
  )
  const rows: OrderRowView[] = list.map((o) => ({
    workNo: o.work_no,
    project: o.project_name,
    ord: o.ord_no,
    customer: o.customer,
    delivery: o.delivery_date,
  }))
  return data({ ...view, results: { page: pagination.page, total: pagination.totalRecordCountAll, rows } }, { status })
}

export default function MorganList() {
  const d = useLoaderData<typeof loader>()
  const location = useLocation()
  const area = useAreaState()
  const { recordSize, pageSize } = LIST_SIZES.restricted
  // A word that breaks a rule has its message at the input: no prompt beside it.
  const invalid = Object.keys(d.errors).length > 0
  return (
    <section className="morgan-list" aria-labelledby="morgan-title">
      <h1 id="morgan-title" className="morgan-list__title">
        {COPY.areaTitle}
      </h1>
      <SystemTabs system={d.system} name={d.name} ord={d.ord} />
      {d.errors.type ? (
        <p className="form-alert" role="alert">
          {d.errors.type}
        </p>
      ) : null}
      <OrderSearchForm key={location.search} system={d.system} name={d.name} ord={d.ord} errors={d.errors} />
      {d.results && d.results.total > 0 ? (
        <div className="morgan-list__results">
          <p className="morgan-list__count" role="status">
            {COPY.resultCount(d.results.total)}
          </p>
          {d.results.rows.length > 0 ? (
            <OrderTable
              system={d.system}
              rows={d.results.rows}
              total={d.results.total}
              page={d.results.page}
              recordSize={recordSize}
            />
          ) : (
            <EmptyState variant="search" message={COPY.noResults} />
          )}
          <Pagination
            page={d.results.page}
            totalRecords={d.results.total}
            recordSize={recordSize}
            pageSize={pageSize}
            state={area}
          />
        </div>
      ) : d.results || !invalid ? (
        <EmptyState
          variant="search"
          message={d.results ? COPY.noResults : COPY.prompt}
          className="morgan-list__empty"
        />
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
