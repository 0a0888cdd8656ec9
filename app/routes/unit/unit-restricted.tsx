import { Link } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { OrderSpec } from '../morgan/order-spec.tsx'
import type { UnitView } from './unit-public.tsx'

/**
 * The restricted part of a unit page, for a member with restricted-area access: the order's
 * numbers and specification in the groups of /morgan/detail (the same component), its field labels
 * Korean as there, and links into the restricted area.
 */
export function UnitRestricted({ order }: { order: NonNullable<UnitView['restricted']> }) {
  const t = useT()
  return (
    <section className="unit__section unit__restricted" aria-labelledby="unit-restricted">
      <h2 id="unit-restricted" className="unit__heading">
        {t('unit.restricted.title')}
      </h2>
      <dl className="unit__facts">
        <div className="unit__fact">
          <dt>{t('unit.restricted.workNo')}</dt>
          <dd>{order.workNo}</dd>
        </div>
        <div className="unit__fact">
          <dt>{t('unit.restricted.ord')}</dt>
          <dd>{order.ordNo ?? '-'}</dd>
        </div>
        <div className="unit__fact">
          <dt>{t('unit.restricted.delivery')}</dt>
          <dd>{order.delivery ?? '-'}</dd>
        </div>
      </dl>
      <p className="unit__note">{t('unit.restricted.korean')}</p>
      <div lang="ko">
        <OrderSpec groups={order.groups} />
      </div>
      <p className="unit__more">
        <Link to={order.detailHref}>{t('unit.restricted.detail')}</Link>
      </p>
      <p className="unit__more">
        <a href={order.packageHref} download data-testid="unit-order-package">
          {t('unit.restricted.package')}
        </a>
      </p>
      {order.others.length > 0 ? (
        <>
          <h3 className="unit-docs__class-title">{t('unit.restricted.others')}</h3>
          <ul className="unit__others">
            {order.others.map((other) => (
              <li key={other.key}>
                <Link to={other.href}>{other.workNo}</Link> {other.ordNo ? `(ORD ${other.ordNo})` : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
