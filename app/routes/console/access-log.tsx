import { data, Link } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { MEMBER_ADMIN_LIMITS, orderLogQuerySchema } from '#shared/member-admin-rules.ts'
import { ORDER_SYSTEMS } from '#shared/order-rules.ts'
import type { Route } from './+types/access-log'
import { AccessLogTable, toAccessLogItems } from './access-log-table.tsx'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.accessLog.title')
}

/**
 * Who looked up an order in the restricted area: a system and a work or ORD number (a GET form),
 * the orders it names and every view of them and ORD search that found them. Administrators and
 * viewers (auditors).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ['admin', 'viewer'])
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = orderLogQuerySchema.safeParse(params)
  if (!parsed.success) {
    return data(
      {
        system: orderLogQuerySchema.parse({ ...params, number: undefined }).system,
        number: params.number ?? '',
        error: fieldErrors(parsed.error).number ?? null,
        result: null,
      },
      { status: 400, headers: consoleHeaders() },
    )
  }
  const { system, number, page } = parsed.data
  if (!number) return { system, number: '', error: null, result: null }
  const found = await context.services.consoleMembers.orderAccessLog(system, number, page)
  return {
    system,
    number,
    error: null,
    result: { orders: found.orders, items: toAccessLogItems(found.rows), total: found.total, page },
  }
}

export const headers = consoleHeaders

export default function AccessLog({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { result } = loaderData
  const error = loaderData.error ? t(loaderData.error) : undefined
  return (
    <>
      <h1>{t('console.accessLog.title')}</h1>
      <p className="console-muted">{t('console.accessLog.help')}</p>
      <form method="get" className="console-filter" role="search" aria-label={t('console.accessLog.title')}>
        <label>
          {t('console.accessLog.system')}
          <select name="system" defaultValue={loaderData.system}>
            {ORDER_SYSTEMS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.accessLog.number')}
          <input
            type="search"
            name="number"
            defaultValue={loaderData.number}
            maxLength={40}
            required
            placeholder="E25-000142 / 25-0100"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'access-number-error' : undefined}
          />
          {error ? (
            <span id="access-number-error" className="field__error">
              {error}
            </span>
          ) : null}
        </label>
        <button type="submit" className="button button--primary">
          {t('console.members.search')}
        </button>
      </form>
      {result ? (
        <>
          <h2>{t('console.accessLog.orders')}</h2>
          {result.orders.length === 0 ? (
            <p className="console-muted" data-testid="access-orders">
              {t('console.accessLog.noOrder')}
            </p>
          ) : (
            <ul className="console-orders" data-testid="access-orders">
              {result.orders.map((o) => (
                <li key={o.work_no}>
                  <strong>{o.work_no}</strong> · ORD {o.ord_no ?? '-'} · {o.project_name}
                </li>
              ))}
            </ul>
          )}
          <h2>{t('console.accessLog.entries')}</h2>
          <p role="status">{t('console.accessLog.total', { count: result.total })}</p>
          {result.items.length === 0 ? (
            <EmptyState message={t('console.accessLog.empty')} />
          ) : (
            <AccessLogTable
              items={result.items}
              caption={t('console.accessLog.caption', { number: loaderData.number })}
              showMember
            />
          )}
          <Pagination
            page={result.page}
            totalRecords={result.total}
            recordSize={MEMBER_ADMIN_LIMITS.orderLogPageSize}
          />
        </>
      ) : null}
      <p className="console-muted">
        <Link to="/admin/members">{t('console.accessLog.perMember')}</Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
