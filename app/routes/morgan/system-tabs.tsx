import { Link } from 'react-router'
import { ORDER_SYSTEMS, type OrderSystem } from '#shared/order-rules.ts'
import { useAreaState } from './area-state.ts'
import { COPY } from './morgan-copy.ts'
import { listHref } from './morgan-query.ts'

/**
 * ERP / EPS (spec section 4: the tab toggles the system queried). Links, so they work without
 * JavaScript: each keeps the search words and starts again at page 1; the current one is
 * marked with aria-current.
 */
export function SystemTabs({ system, name, ord }: { system: OrderSystem; name: string; ord: string }) {
  const area = useAreaState()
  return (
    <nav className="system-tabs" aria-label={COPY.tabsLabel}>
      <ul className="system-tabs__list">
        {ORDER_SYSTEMS.map((type) => (
          <li key={type}>
            <Link
              className="system-tabs__tab"
              to={listHref({ type, name, ord })}
              state={area}
              aria-current={type === system ? 'page' : undefined}
            >
              {type}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
