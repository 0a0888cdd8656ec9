import { StatusBadges } from '#app/components/console/list-kit.tsx'
import { publishedStatus } from '#shared/record-status.ts'
import { Link } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/serials'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { DocumentsTabs } from './documents-tabs.tsx'
import './documents.css'
import { groupDigits } from '#shared/group-digits.ts'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.serials.title')
}

export const headers = consoleHeaders

const PAGE_SIZE = 20

/** Circuit-diagram serial records, paged in SQL, found by code (`25-0100`, a prefix) or title/model. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const search = new URL(request.url).searchParams
  const q = (search.get('q') ?? '').slice(0, 100)
  const list = await context.services.supportRecords.serials({
    query: q,
    page: Number(search.get('page')) || 1,
    pageSize: PAGE_SIZE,
  })
  return { q, canEdit: roleAtLeast(staff.user.role, 'editor'), ...list }
}

export default function Serials({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <>
      <h1>{t('console.serials.title')}</h1>
      <DocumentsTabs />
      <p className="docs-note">{t('console.serials.lead')}</p>
      <form method="get" className="console-filter" role="search" aria-label={t('console.serials.searchLabel')}>
        <label>
          {t('console.serials.query')}
          <input type="search" name="q" defaultValue={loaderData.q} maxLength={100} />
        </label>
        <button type="submit" className="button button--primary">
          {t('console.members.search')}
        </button>
      </form>
      {loaderData.canEdit ? (
        <p>
          <Link className="button" to="/admin/documents/serials/new">
            {t('console.serials.new')}
          </Link>
        </p>
      ) : null}
      <p role="status">{t('console.docs.total', { count: groupDigits(loaderData.total) })}</p>
      {loaderData.rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.docs.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('console.serials.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.serials.code')}</th>
                <th scope="col">{t('console.field.title')}</th>
                <th scope="col">{t('console.serials.model')}</th>
                <th scope="col">{t('console.content.status')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((r) => (
                <tr key={r.id}>
                  <td className="docs-number">{`${r.code1}-${r.code2}`}</td>
                  <th scope="row">
                    <Link to={`/admin/documents/serials/${r.id}`}>{r.title}</Link>
                  </th>
                  <td>{r.model}</td>
                  <td>
                    <StatusBadges status={publishedStatus(r.published)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={loaderData.page} totalRecords={loaderData.total} recordSize={PAGE_SIZE} />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
