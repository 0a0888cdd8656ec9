import { Fragment, type ReactNode } from 'react'
import { groupDigits } from '#shared/group-digits.ts'
import { Link } from 'react-router'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { LIST_SIZES } from '#shared/list-rules.ts'
import { segments, type Range } from './highlight.ts'

/** One hit as the results page shows it. */
export type HitView = {
  oneDepth: string
  twoDepth: string
  title: string
  description: string
  url: string
  highlights: { title: readonly Range[]; description: readonly Range[] }
  /** A reference or service document's number and revision. */
  document: { number: string; revision: string } | null
}

/** `text` with every range in a <mark>: text nodes only, so a keyword like `<img …>` stays text. */
export function Marked({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  return (
    <>
      {segments(text, ranges).map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  )
}

/** `oneDepth > twoDepth > ` before the title; a depth equal to the title is not repeated. */
function Trail({ hit }: { hit: HitView }) {
  const parts = [hit.oneDepth, hit.twoDepth].filter(
    (part, i, all) => part && part !== hit.title && all.indexOf(part) === i,
  )
  return (
    <span className="search-hit__trail">
      {parts.map((part, i) => (
        <Fragment key={i}>
          <span className="search-hit__depth">{part}</span>
          {/* Seen as ">", heard as a pause. */}
          <span className="search-hit__sep" aria-hidden="true">
            {' > '}
          </span>
          <span className="visually-hidden">{', '}</span>
        </Fragment>
      ))}
    </span>
  )
}

/** An address of this site is a client-side link; another site's opens in a new tab. */
function HitLink({ url, children }: { url: string; children: ReactNode }) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    )
  }
  return <Link to={url}>{children}</Link>
}

export type SearchResultsProps = {
  keyword: string
  page: number
  total: number
  hits: HitView[]
  /** When no entry holds every word: the words listed and those left out. */
  partial: { found: string[]; missing: string[] } | null
  /** When the keyword found nothing: the keyword whose results are listed instead. */
  corrected: string | null
}

/**
 * The count line (with how the hits were found when not simply by the keyword), the hits (trail,
 * linked title, document number, excerpt, every occurrence marked) and the pager.
 */
export function SearchResults({ keyword, page, total, hits, partial, corrected }: SearchResultsProps) {
  const t = useT()
  const shown = corrected ?? keyword
  const count =
    total === 1
      ? t('search.countOne', { keyword: shown })
      : t('search.count', { keyword: shown, total: groupDigits(total) })
  return (
    <div className="search-results">
      {corrected ? <p className="search-results__note">{t('search.corrected', { keyword, corrected })}</p> : null}
      {partial ? (
        <p className="search-results__note">
          {t('search.partial', { found: partial.found.join(' ') })}{' '}
          {t('search.partialMissing', { missing: partial.missing.join(' ') })}
        </p>
      ) : null}
      <p className="search-results__count">{count}</p>
      {hits.length > 0 ? (
        <ol className="search-results__list">
          {hits.map((hit, i) => (
            <li key={`${page}-${i}`} className="search-hit">
              <h3 className="search-hit__title">
                <Trail hit={hit} />
                <HitLink url={hit.url}>
                  <Marked text={hit.title} ranges={hit.highlights.title} />
                </HitLink>
              </h3>
              {hit.document ? (
                <p className="search-hit__document">
                  {t('search.document', { number: hit.document.number, revision: hit.document.revision })}
                </p>
              ) : null}
              {hit.description ? (
                <p className="search-hit__excerpt">
                  <Marked text={hit.description} ranges={hit.highlights.description} />
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState variant="search" />
      )}
      <Pagination className="search-results__pages" page={page} totalRecords={total} {...LIST_SIZES.search} />
    </div>
  )
}
