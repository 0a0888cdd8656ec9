import { DownloadList, type DownloadFile } from '#app/components/ui/download-list.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { RESULTS_FOCUS, SERVICE_PAGE_SIZE, SERVICE_RECORD_SIZE } from './service-query.ts'

export type DocumentRow = { id: number; title: string; url: string; files: DownloadFile[] }

/** A document title: an external link (new window) when the document has a url. */
export function DocumentTitle({ row }: { row: { title: string; url: string } }) {
  const t = useT()
  return row.url ? (
    <a className="doc-title doc-title--link" href={row.url} target="_blank" rel="noopener noreferrer" aria-label={t('link.newWindow', { title: row.title })}>
      {row.title}
    </a>
  ) : (
    <span className="doc-title">{row.title}</span>
  )
}

/**
 * The searched documents, 5 a page (window 5), numbered down from total − 5 × (page − 1); the
 * pagination sits in the `search_result_bottom` block the search scrolls to.
 */
export function ServiceResults({ page, total, rows }: { page: number; total: number; rows: DocumentRow[] }) {
  const t = useT()
  const first = total - SERVICE_RECORD_SIZE * (page - 1)
  return (
    <div className="service-results">
      <div className="service-results__head">
        <h4 className="service-results__title">{t('service.results')}</h4>
        <p className="service-results__total">{t('service.total', { total: total.toLocaleString('en-US') })}</p>
      </div>
      {rows.length > 0 ? (
        <table className="doc-table">
          <caption className="visually-hidden">{t('service.results')}</caption>
          <thead>
            <tr>
              <th scope="col" className="doc-table__no">
                {t('service.no')}
              </th>
              <th scope="col">{t('archive.titleColumn')}</th>
              <th scope="col" className="doc-table__files">
                {t('archive.download')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.id}>
                <td className="doc-table__no">{first - i}</td>
                <td className="doc-table__title">
                  <DocumentTitle row={row} />
                </td>
                <td className="doc-table__files">
                  <DownloadList files={row.files} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState variant="search" />
      )}
      <div id={RESULTS_FOCUS} className="service-results__bottom">
        <Pagination page={page} totalRecords={total} recordSize={SERVICE_RECORD_SIZE} pageSize={SERVICE_PAGE_SIZE} />
      </div>
    </div>
  )
}
