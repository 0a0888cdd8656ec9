import { Link, useLocation } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { paginationWindow } from './pagination-window.ts'
import './pagination.css'

export type PaginationProps = {
  /** Current page (1-based), usually read from the query with `parsePage`. */
  page: number
  totalRecords: number
  /** Records per page. */
  recordSize: number
  /** Page numbers per group; 5 in the specification. */
  pageSize?: number
  /** Query parameter holding the page. */
  param?: string
  /** Navigation state the links carry along (e.g. where a Return button leads). */
  state?: unknown
  /**
   * Further query parameters every link sets, e.g. `focus` and `disableScrollTop` so a list far down
   * the page stays in view when its page changes (the scroll rule, app/utils/scroll-rule.ts).
   */
  query?: Readonly<Record<string, string>>
  className?: string
}

function Arrow({ direction }: { direction: 'prev' | 'next' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'prev' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * Previous/next arrows and numbered page links. Every control is a plain link that keeps the
 * other query parameters and sets `param`, so it works before hydration and without JavaScript.
 * Renders nothing when all records fit on one page.
 */
export function Pagination({
  page,
  totalRecords,
  recordSize,
  pageSize = 5,
  param = 'page',
  state,
  query,
  className,
}: PaginationProps) {
  const t = useT()
  const location = useLocation()
  if (!(totalRecords > recordSize)) return null
  const win = paginationWindow({ page, totalRecords, recordSize, pageSize })

  const to = (n: number) => {
    const params = new URLSearchParams(location.search)
    params.set(param, String(n))
    for (const [name, value] of Object.entries(query ?? {})) params.set(name, value)
    return { pathname: location.pathname, search: `?${params.toString()}` }
  }

  const arrow = (direction: 'prev' | 'next', target: number | null) => {
    const label = t(direction === 'prev' ? 'pagination.prev' : 'pagination.next')
    const cls = `pagination__link pagination__arrow pagination__arrow--${direction}`
    return target === null ? (
      <a className={cls} role="link" aria-disabled="true">
        <Arrow direction={direction} />
        <span className="visually-hidden">{label}</span>
      </a>
    ) : (
      <Link className={cls} to={to(target)} state={state} rel={direction}>
        <Arrow direction={direction} />
        <span className="visually-hidden">{label}</span>
      </Link>
    )
  }

  return (
    <nav className={`pagination ${className ?? ''}`} aria-label={t('pagination.label')}>
      <ul className="pagination__list">
        <li>{arrow('prev', win.prevPage)}</li>
        {win.pages.map((n) => (
          <li key={n}>
            <Link
              className="pagination__link pagination__number"
              to={to(n)}
              state={state}
              aria-label={t('pagination.page', { page: n })}
              aria-current={n === win.page ? 'page' : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
        <li>{arrow('next', win.nextPage)}</li>
      </ul>
    </nav>
  )
}
