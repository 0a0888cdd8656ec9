import type { ReactNode } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import { rowNumber } from '#shared/list-rules.ts'
import { DownloadList, type DownloadFile } from './download-list.tsx'
import { ScrollHint } from './scroll-hint.tsx'
import './document-table.css'
import { safeHref } from '#shared/safe-link.ts'

/** One downloadable document of a list: its title (an external link when it has a url) and its files. */
export type DocumentRow = { id: number | string; title: string; url?: string; files: DownloadFile[] }

/** A column besides number, title and downloads: classification, serial code and model, date. */
export type DocumentColumn<Row> = { header: string; className: string; cell: (row: Row) => ReactNode }

export type DocumentTableProps<Row extends DocumentRow> = {
  /** Names the table for screen readers (what the list shows). */
  caption: string
  rows: Row[]
  /** Row numbers counting down from the total (spec section 9); lists without numbers leave it out. */
  numbering?: { total: number; page: number; recordSize: number }
  /** Columns before the title. */
  before?: DocumentColumn<Row>[]
  /** Columns after the title. */
  after?: DocumentColumn<Row>[]
  /** Header of the title column (default "Title"). */
  titleHeader?: string
  /** What shows instead of the table when there is no row (an EmptyState). */
  empty: ReactNode
}

/** A document title: an external link (new window) when the document has a web address (shared/safe-link.ts). */
export function DocumentTitle({ row }: { row: { title: string; url?: string | undefined } }) {
  const t = useT()
  const href = safeHref(row.url, 'web')
  return href ? (
    <a
      className="doc-title doc-title--link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('link.newWindow', { title: row.title })}
    >
      {row.title}
    </a>
  ) : (
    <span className="doc-title">{row.title}</span>
  )
}

/**
 * The table of every document list (reference archive, service results, serial results, investor
 * notices, internal rules): optional row numbers, the list's own columns, the title and the
 * download buttons. On a phone it keeps a readable width and scrolls sideways, under the
 * specification's hint, rather than squeezing the title into a sliver (document-table.css).
 */
export function DocumentTable<Row extends DocumentRow>({
  caption,
  rows,
  numbering,
  before = [],
  after = [],
  titleHeader,
  empty,
}: DocumentTableProps<Row>) {
  const t = useT()
  if (rows.length === 0) return empty
  return (
    <div className="doc-table__frame">
      <ScrollHint className="doc-table__hint" />
      <div className="doc-table__scroll">
        <table className="doc-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {numbering ? (
                <th scope="col" className="doc-table__no">
                  {t('list.no')}
                </th>
              ) : null}
              {before.map((column) => (
                <th key={column.className} scope="col" className={column.className}>
                  {column.header}
                </th>
              ))}
              <th scope="col">{titleHeader ?? t('list.title')}</th>
              {after.map((column) => (
                <th key={column.className} scope="col" className={column.className}>
                  {column.header}
                </th>
              ))}
              <th scope="col" className="doc-table__files">
                {t('list.download')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.id}>
                {numbering ? <td className="doc-table__no">{rowNumber(numbering, index)}</td> : null}
                {before.map((column) => (
                  <td key={column.className} className={column.className}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className="doc-table__title">
                  <DocumentTitle row={row} />
                </td>
                {after.map((column) => (
                  <td key={column.className} className={column.className}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className="doc-table__files">
                  <DownloadList files={row.files} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
