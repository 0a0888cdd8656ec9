import { useT } from '#app/i18n/use-lang.ts'
import './scroll-hint.css'

/** Shown only at 768 px and narrower (CSS): tells the visitor the content beside it scrolls sideways. */
export function ScrollHint({ className }: { className?: string }) {
  const t = useT()
  return (
    <p className={`scroll-hint ${className ?? ''}`}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M8 8l-4 4 4 4M16 8l4 4-4 4M4 12h16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{t('scrollHint.text')}</span>
    </p>
  )
}
