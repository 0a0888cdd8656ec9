import type { ReactNode } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import './empty-state.css'

export type EmptyStateProps = {
  /** 'search' shows a search icon and "no search results" by default. */
  variant?: 'default' | 'search'
  /** Replaces the default text (pass a translated string). */
  message?: ReactNode
  className?: string
}

/** The message shown where a list has nothing to show; announced politely when it appears. */
export function EmptyState({ variant = 'default', message, className }: EmptyStateProps) {
  const t = useT()
  return (
    <div className={`empty-state empty-state--${variant} ${className ?? ''}`} role="status">
      {variant === 'search' ? (
        <svg
          className="empty-state__icon"
          viewBox="0 0 24 24"
          width="48"
          height="48"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : null}
      <p className="empty-state__message">{message ?? t(variant === 'search' ? 'empty.search' : 'empty.default')}</p>
    </div>
  )
}
