import { NavLink } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'

const TABS: { to: string; key: MessageKey }[] = [
  { to: '/admin/documents/reference', key: 'console.docs.reference' },
  { to: '/admin/documents/service', key: 'console.docs.service' },
  { to: '/admin/documents/options', key: 'console.options.title' },
  { to: '/admin/documents/serials', key: 'console.serials.title' },
]

/** The documents area's sections: the two archives, the service options and the circuit serials. */
export function DocumentsTabs() {
  const t = useT()
  return (
    <nav className="docs-tabs" aria-label={t('console.docs.sections')}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className="docs-tabs__link">
              {t(tab.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
