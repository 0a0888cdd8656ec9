import { Link, useLocation } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import type { SiteFacts } from '#app/utils/root-data.ts'
import { ScrollToTopButton } from './scroll-to-top-button.tsx'
import './footer.css'

/** 'Daehan Actuator Co., Ltd.' before the copyright line's own full stop: one stop, not two. */
export function withoutFullStop(name: string): string {
  return name.replace(/\.+$/, '')
}

export function Footer({ site }: { site: SiteFacts }) {
  const t = useT()
  const { pathname } = useLocation()
  const withTopButton = pathname !== '/'
  return (
    <footer className={`site-footer${withTopButton ? ' site-footer--top-button' : ''}`}>
      <div className="site-footer__inner">
        <p className="site-footer__name">{site.companyName}</p>
        <dl className="site-footer__facts">
          <div>
            <dt>{t('footer.ceo')}</dt>
            <dd>{site.ceo}</dd>
          </div>
          <div>
            <dt>{t('footer.hq')}</dt>
            <dd>{site.hqAddress}</dd>
          </div>
          <div>
            <dt>{t('footer.seoul')}</dt>
            <dd>{site.seoulAddress}</dd>
          </div>
          <div>
            <dt>{t('footer.daegu')}</dt>
            <dd>{site.daeguAddress}</dd>
          </div>
          <div>
            <dt>{t('footer.businessNumber')}</dt>
            <dd>
              {site.businessNumbers.map((number, index) => (
                <span key={number} className="site-footer__number">
                  {index > 0 ? ' / ' : null}
                  <span className="nowrap">{number}</span>
                </span>
              ))}
            </dd>
          </div>
          <div>
            <dt>{t('footer.tel')}</dt>
            <dd>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>{site.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t('footer.fax')}</dt>
            <dd>{site.fax}</dd>
          </div>
        </dl>
        <div className="site-footer__bottom">
          <Link to="/terms/service" className="site-footer__terms">
            {t('footer.terms')}
          </Link>
          <p className="site-footer__copyright">
            {t('footer.copyright', { company: withoutFullStop(site.companyName) })}
          </p>
        </div>
      </div>
      {withTopButton ? <ScrollToTopButton /> : null}
    </footer>
  )
}
