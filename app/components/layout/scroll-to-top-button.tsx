import { useT } from '#app/i18n/use-lang.ts'
import { Icon } from './icons.tsx'

/** Floating button of non-home pages; without JavaScript it is a plain link to the top. */
export function ScrollToTopButton() {
  const t = useT()
  return (
    <a
      href="#top"
      className="scroll-top"
      aria-label={t('footer.toTop')}
      title={t('footer.toTop')}
      onClick={(event) => {
        event.preventDefault()
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
        document.getElementById('top')?.focus({ preventScroll: true })
      }}
    >
      <Icon name="arrowUp" />
    </a>
  )
}
