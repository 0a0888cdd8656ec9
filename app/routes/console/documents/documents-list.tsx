import { Link } from 'react-router'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { CLASSIFICATION_COUNT, classificationKey } from '#shared/service-pages.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/documents-list'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { StatusBadge } from '../content/content-list.tsx'
import { useWhen } from '../use-when.ts'
import { archiveOr404 } from './documents.server.ts'
import { DocumentTypeOptions } from './document-type-options.tsx'
import { DocumentsTabs } from './documents-tabs.tsx'
import './documents.css'

export function meta({ matches, params }: Route.MetaArgs) {
  return consoleMeta(matches, params.archive === 'service' ? 'console.docs.service' : 'console.docs.reference')
}

export const headers = consoleHeaders

/** Rows a page of the console's document lists shows. */
const PAGE_SIZE = 20
const QUERY_MAX = 100

/**
 * One page of an archive (these tables hold up to 100,000 rows: filtered and paged in SQL), by
 * classification, number or title and state. A GET form: every search is an address.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const archive = archiveOr404(params.archive)
  const search = new URL(request.url).searchParams
  const type = Number(search.get('type'))
  const state = search.get('state')
  const filter = {
    type: Number.isInteger(type) && type >= 1 && type < CLASSIFICATION_COUNT ? type : null,
    query: (search.get('q') ?? '').slice(0, QUERY_MAX),
    published: state === 'published' ? true : state === 'unpublished' ? false : null,
    page: Number(search.get('page')) || 1,
    pageSize: PAGE_SIZE,
  }
  const list = await context.services.documentsAdmin.list(archive, filter)
  return {
    archive,
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    filter: {
      type: filter.type ?? 0,
      q: filter.query,
      state: state === 'published' || state === 'unpublished' ? state : '',
    },
    page: list.page,
    total: list.total,
    rows: list.rows.map((r) => ({
      ...r,
      revised_at: r.revised_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
  }
}

export default function DocumentsList({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const { archive, filter } = loaderData
  const title = t(archive === 'service' ? 'console.docs.service' : 'console.docs.reference')
  const typeLabel = t(archive === 'service' ? 'console.docs.depth' : 'console.docs.classification')
  return (
    <>
      <h1>{title}</h1>
      <DocumentsTabs />
      <form method="get" className="console-filter" role="search" aria-label={t('console.docs.searchLabel')}>
        <label>
          {typeLabel}
          <select name="type" defaultValue={String(filter.type)}>
            <option value="0">{t('console.audit.all')}</option>
            <DocumentTypeOptions grouped={false} />
          </select>
        </label>
        <label>
          {t('console.docs.query')}
          <input type="search" name="q" defaultValue={filter.q} maxLength={QUERY_MAX} />
        </label>
        <label>
          {t('console.content.status')}
          <select name="state" defaultValue={filter.state}>
            <option value="">{t('console.audit.all')}</option>
            <option value="published">{t('console.content.status.published')}</option>
            <option value="unpublished">{t('console.content.status.unpublished')}</option>
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t('console.members.search')}
        </button>
      </form>
      {loaderData.canEdit ? (
        <p>
          <Link className="button" to={`/admin/documents/${archive}/new`}>
            {t('console.docs.new')}
          </Link>
        </p>
      ) : (
        <p className="console-muted">{t('console.content.readOnly')}</p>
      )}
      <p role="status">{t('console.docs.total', { count: loaderData.total.toLocaleString('en-US') })}</p>
      {loaderData.rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.docs.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.docs.number')}</th>
                <th scope="col">{t('console.field.title')}</th>
                <th scope="col">{typeLabel}</th>
                <th scope="col">{t('console.docs.revision')}</th>
                <th scope="col">{t('console.docs.files')}</th>
                <th scope="col">{t('console.content.status')}</th>
                <th scope="col">{t('console.content.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((r) => (
                <tr key={r.id}>
                  <td className="docs-number">{r.doc_number}</td>
                  <th scope="row">
                    <Link to={`/admin/documents/${archive}/${r.id}`}>{r.title}</Link>
                    <br />
                    <span className="console-muted" lang="en">
                      {r.title_en}
                    </span>
                  </th>
                  <td>{t(classificationKey(r.type))}</td>
                  <td>
                    {r.revision} · <time dateTime={r.revised_at}>{when(r.revised_at)}</time>
                  </td>
                  <td>{r.files}</td>
                  <td>
                    <StatusBadge published={r.published} hasDraft={false} />
                  </td>
                  <td>
                    <time dateTime={r.updated_at}>{when(r.updated_at)}</time>
                    <br />
                    <RelativeTime iso={r.updated_at} className="console-muted" />
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
