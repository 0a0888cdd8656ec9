import { Link, useLocation } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import type { SiteFacts } from '#app/utils/root-data.ts'
import { useUser } from '#app/utils/use-user.ts'
import { Icon } from './icons.tsx'
import { RestrictedAreaButton } from './restricted-area-button.tsx'
import { safeHref } from '#shared/safe-link.ts'

/** Icon links shared by the desktop header and the mobile overlay. */
export function UtilityLinks({ site, onVrTour }: { site: SiteFacts; onVrTour: () => void }) {
  const t = useT()
  const user = useUser()
  const { pathname } = useLocation()
  return (
    <ul className="utility">
      <li>
        <Link
          className="utility__link"
          to="/investment/stock"
          aria-label={t('nav.stockPrice')}
          title={t('nav.stockPrice')}
        >
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
          <Link
            className="utility__link"
            to="/mypage"
            state={{ from: pathname }}
            aria-label={t('nav.mypage')}
            title={t('nav.mypage')}
          >
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
        <a
          className="utility__link"
          href={safeHref(site.groupwareUrl, 'web')}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('nav.groupware')}
          title={t('nav.groupware')}
        >
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
