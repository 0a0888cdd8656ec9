import type { ReactNode } from 'react'
import { Form, NavLink, useLocation } from 'react-router'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { groupDigits } from '#shared/group-digits.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import type { StaffRole } from '#shared/staff-rules.ts'
import './console.css'

/** The other language's address of this page (the query kept, `lang` replaced): the server sets the cookie. */
function LanguageSwitch() {
  const t = useT()
  const lang = useLang()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.set('lang', lang === 'ko' ? 'en' : 'ko')
  return (
    <a
      className="console-lang"
      href={`${location.pathname}?${params.toString()}`}
      hrefLang={lang === 'ko' ? 'en' : 'ko'}
      lang={lang === 'ko' ? 'en' : 'ko'}
    >
      {t('console.otherLanguage')}
    </a>
  )
}

/** The frame of the pages before sign-in (sign-in, setup): the console's name, the language switch, the page. */
export function ConsoleAuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT()
  return (
    <div className="console console--auth">
      <header className="console-bar">
        <p className="console-bar__title">{t('console.title')}</p>
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1} className="console-auth">
        <h1 className="console-auth__title">{title}</h1>
        {children}
      </main>
    </div>
  )
}

/**
 * The console's one search box: a plain GET form, sent with Enter (its one field submits it, before
 * scripts arrive too). No button: a second "Search" beside each list's own would be ambiguous.
 */
function ConsoleSearchBox() {
  const t = useT()
  const location = useLocation()
  const current = location.pathname === '/admin/search' ? (new URLSearchParams(location.search).get('q') ?? '') : ''
  return (
    <form role="search" method="get" action="/admin/search" className="console-search">
      <label htmlFor="console-search-q" className="visually-hidden">
        {t('console.find.label')}
      </label>
      <input
        id="console-search-q"
        type="search"
        name="q"
        defaultValue={current}
        key={current}
        maxLength={200}
        placeholder={t('console.find.placeholder')}
      />
    </form>
  )
}

type NavItem = { to: string; key: MessageKey; roles: readonly StaffRole[] }

/** Only what exists and what the role may open. */
const NAV: NavItem[] = [
  { to: '/admin', key: 'console.nav.dashboard', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/requests', key: 'console.nav.inbox', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/content', key: 'console.nav.content', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/catalogue', key: 'console.nav.catalogue', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/media', key: 'console.nav.media', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/import', key: 'console.nav.import', roles: ['admin', 'editor'] },
  { to: '/admin/imports', key: 'console.nav.imports', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/labels', key: 'console.nav.labels', roles: ['admin', 'editor'] },
  { to: '/admin/documents', key: 'console.nav.documents', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/search/synonyms', key: 'console.nav.synonyms', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/investors', key: 'console.nav.investors', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/staff', key: 'console.nav.staff', roles: ['admin'] },
  { to: '/admin/routing', key: 'console.nav.routing', roles: ['admin'] },
  { to: '/admin/terms', key: 'console.nav.terms', roles: ['admin', 'editor'] },
  { to: '/admin/audit', key: 'console.nav.audit', roles: ['admin', 'editor', 'viewer'] },
  { to: '/admin/members', key: 'console.nav.members', roles: ['admin', 'viewer'] },
  { to: '/admin/access-log', key: 'console.nav.accessLog', roles: ['admin', 'viewer'] },
  { to: '/admin/account', key: 'console.nav.account', roles: ['admin', 'editor', 'viewer'] },
]

/** The signed-in console: bar with name, role, language and sign-out; the navigation; the page. */
export function ConsoleFrame({
  user,
  inboxNew = 0,
  children,
}: {
  user: { name: string; role: StaffRole }
  /** New service requests (the inbox entry's count). */
  inboxNew?: number
  children: ReactNode
}) {
  const t = useT()
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <header className="console-bar">
        <p className="console-bar__title">{t('console.title')}</p>
        <ConsoleSearchBox />
        <p className="console-bar__user">
          {user.name} · {t(`console.role.${user.role}`)}
        </p>
        <LanguageSwitch />
        <Form method="post" action="/admin/logout" reloadDocument>
          <button type="submit" className="button button--outline console-bar__signout">
            {t('console.signOut')}
          </button>
        </Form>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label={t('console.nav.label')}>
          <ul>
            {NAV.filter((item) => item.roles.includes(user.role)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/admin'} className="console-nav__link">
                  {t(item.key)}
                  {item.to === '/admin/requests' && inboxNew > 0 ? (
                    <span className="console-nav__count">
                      <span className="visually-hidden">{t('console.inbox.newCount')} </span>
                      {groupDigits(inboxNew)}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="console-main">
          {children}
        </main>
      </div>
    </div>
  )
}
