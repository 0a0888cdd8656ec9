import { useEffect, useRef } from 'react'
import { NavLink } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import type { SiteFacts } from '#app/utils/root-data.ts'
import { trapTab } from '#app/components/ui/focus-trap.ts'
import { lockScroll } from '#app/components/ui/scroll-lock.ts'
import { Icon } from './icons.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { mainNav } from './nav-items.ts'
import { UtilityLinks } from './utility-links.tsx'

/** Full-screen menu of narrow screens (≤ 768 px); it reveals over 300 ms and closes on navigation. */
export function MobileMenu({
  open,
  onClose,
  site,
  onVrTour,
}: {
  open: boolean
  onClose: () => void
  site: SiteFacts
  onVrTour: () => void
}) {
  const t = useT()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const release = lockScroll()
    const panel = ref.current
    panel?.querySelector<HTMLElement>('button')?.focus()
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose()
      else if (panel) trapTab(event, panel)
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      release()
    }
  }, [open, onClose])
  return (
    <div
      id="mobile-menu"
      ref={ref}
      className={`mobile-menu${open ? ' is-open' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('nav.mainMenu')}
      hidden={!open}
    >
      <div className="mobile-menu__top">
        <button type="button" className="mobile-menu__close" aria-label={t('nav.menuClose')} onClick={onClose}>
          <Icon name="close" size={28} />
        </button>
      </div>
      <nav aria-label={t('nav.mainMenu')}>
        <ul className="mobile-menu__nav">
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="mobile-menu__link" onClick={onClose}>
                {t(item.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <UtilityLinks
        site={site}
        onVrTour={() => {
          onClose()
          onVrTour()
        }}
      />
      <LanguageSwitch className="mobile-menu__lang" />
    </div>
  )
}
