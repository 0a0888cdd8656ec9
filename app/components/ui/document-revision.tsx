import type { Translate } from '#shared/i18n/messages.ts'
import { koreaDate } from '#app/utils/korea-date.ts'
import type { DocumentColumn } from './document-table.tsx'

/** What a list row needs to show a document's number and current revision. */
export type RevisionFacts = { docNumber: string; revision: string; revisedAt: string }

/**
 * The column of a document's number, current revision and its date (docs/decisions/021-document-editing.md):
 * `DA-MAN-0012` over `Rev. C · 2026.11.23`. Only the current revision is ever listed publicly.
 */
export function revisionColumn<Row extends RevisionFacts>(t: Translate): DocumentColumn<Row> {
  return {
    header: t('doc.numberColumn'),
    className: 'doc-table__rev',
    cell: (row) => (
      <>
        <span className="doc-rev__number">{row.docNumber}</span>{' '}
        <span className="doc-rev__meta">
          {t('doc.revision', { revision: row.revision })} ·{' '}
          <time dateTime={row.revisedAt}>{koreaDate(row.revisedAt)}</time>
        </span>
      </>
    ),
  }
}
