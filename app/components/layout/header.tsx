import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import type { SiteFacts } from '#app/utils/root-data.ts'
import { Icon } from './icons.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { isSectionActive, mainNav } from './nav-items.ts'
import { UtilityLinks } from './utility-links.tsx'
import { VrTourModal } from './vr-tour-modal.tsx'
import './header.css'

export function Logo({ companyName }: { companyName: string }) {
  return (
    <Link to="/" className="logo" aria-label={companyName}>
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true">
        <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M20 6v28M10 14h20M10 26h20" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="logo__text">{companyName}</span>
    </Link>
  )
}

export function Header({ site }: { site: SiteFacts }) {
  const t = useT()
  const { pathname, key } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const [vrOpen, setVrOpen] = useState(false)
  const home = pathname === '/'
  // The overlay closes on every navigation.
  useEffect(() => setMenuOpen(false), [key])
  return (
    <header className={`site-header${home ? ' site-header--home' : ''}`}>
      <div className="site-header__inner">
        <Logo companyName={site.companyName} />
        <nav className="site-header__nav" aria-label={t('nav.mainMenu')}>
          <ul className="main-nav">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={() => `main-nav__link${isSectionActive(item.to, pathname) ? ' is-active' : ''}`}
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <nav aria-label={t('nav.utilityMenu')}>
            <UtilityLinks site={site} onVrTour={() => setVrOpen(true)} />
          </nav>
          <LanguageSwitch />
        </div>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={t('nav.menuOpen')}
          onClick={() => setMenuOpen(true)}
        >
          <Icon name="menu" size={28} />
        </button>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} site={site} onVrTour={() => setVrOpen(true)} />
      <VrTourModal open={vrOpen} onClose={() => setVrOpen(false)} urls={site.vrUrls} />
    </header>
  )
}
