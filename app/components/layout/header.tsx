import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import type { RootData } from '#app/root.tsx'
import { useUser } from '#app/utils/use-user.ts'
import { Icon } from './icons.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { isSectionActive, mainNav } from './nav-items.ts'
import { RestrictedAreaButton } from './restricted-area-button.tsx'
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

/** Icon links shared by the desktop header and the mobile overlay. */
export function UtilityLinks({ site, onVrTour }: { site: RootData['site']; onVrTour: () => void }) {
  const t = useT()
  const user = useUser()
  const { pathname } = useLocation()
  return (
    <ul className="utility">
      <li>
        <Link className="utility__link" to="/investment/stock" aria-label={t('nav.stockPrice')} title={t('nav.stockPrice')}>
          <Icon name="stock" />
        </Link>
      </li>
      <li>
        <Link className="utility__link" to="/search" aria-label={t('nav.search')} title={t('nav.search')}>
          <Icon name="search" />
        </Link>
      </li>
      <li>
        <Link className="utility__link" to="/" aria-label={t('nav.home')} title={t('nav.home')}>
          <Icon name="home" />
        </Link>
      </li>
      <li>
        {/* Logged in: my page (with navigation state, which /mypage requires); otherwise login. */}
        {user.status === 'member' ? (
          <Link className="utility__link" to="/mypage" state={{ from: pathname }} aria-label={t('nav.mypage')} title={t('nav.mypage')}>
            <Icon name="user" />
          </Link>
        ) : (
          <Link className="utility__link" to="/login" aria-label={t('nav.login')} title={t('nav.login')}>
            <Icon name="user" />
          </Link>
        )}
      </li>
      <li>
        <RestrictedAreaButton className="utility__link" />
      </li>
      <li>
        <a className="utility__link" href={site.groupwareUrl} target="_blank" rel="noopener noreferrer" aria-label={t('nav.groupware')} title={t('nav.groupware')}>
          <Icon name="groupware" />
        </a>
      </li>
      <li>
        <button type="button" className="utility__vr" onClick={onVrTour}>
          {t('nav.vrTour')}
        </button>
      </li>
    </ul>
  )
}

export function Header({ site }: { site: RootData['site'] }) {
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
                <NavLink to={item.to} className={() => `main-nav__link${isSectionActive(item.to, pathname) ? ' is-active' : ''}`}>
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
