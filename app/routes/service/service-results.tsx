import { revisionColumn, type RevisionFacts } from '#app/components/ui/document-revision.tsx'
import { groupDigits } from '#shared/group-digits.ts'
import { DocumentTable, type DocumentRow } from '#app/components/ui/document-table.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { LIST_SIZES } from '#shared/list-rules.ts'
import { RESULTS_FOCUS } from './service-query.ts'

/** A page change keeps the results in view: the scroll rule's `focus` on their bottom block. */
const RESULTS_PAGE_QUERY = { focus: RESULTS_FOCUS, disableScrollTop: 'true' }

/**
 * The searched documents, 5 a page (window 5), numbered down from total − 5 × (page − 1); the
 * pagination sits in the `search_result_bottom` block the search scrolls to.
 */
export function ServiceResults({
  page,
  total,
  rows,
}: {
  page: number
  total: number
  rows: (DocumentRow & RevisionFacts)[]
}) {
  const t = useT()
  return (
    <div className="service-results">
      <div className="service-results__head">
        <h4 className="service-results__title">{t('service.results')}</h4>
        <p className="service-results__total">{t('service.total', { total: groupDigits(total) })}</p>
      </div>
      <DocumentTable
        caption={t('service.results')}
        rows={rows}
        numbering={{ total, page, recordSize: LIST_SIZES.service.recordSize }}
        after={[revisionColumn(t)]}
        empty={<EmptyState variant="search" />}
      />
      <div id={RESULTS_FOCUS} className="service-results__bottom">
        <Pagination page={page} totalRecords={total} {...LIST_SIZES.service} query={RESULTS_PAGE_QUERY} />
      </div>
    </div>
  )
}
