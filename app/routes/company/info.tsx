import { useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useCompanyCopy, type CompanyCopyKey } from '#app/i18n/content/company.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { useSiteFacts } from '#app/utils/root-data.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { downloadUrl } from '#shared/files.ts'
import { localized, type Lang } from '#shared/locales.ts'
import { shownImage, imageKeys, type PublicImages } from '#app/utils/public-images.server.ts'
import { translate } from '#shared/i18n/messages.ts'
import type { Route } from './+types/info'
import { CertificationTabs, type CertItem } from './certification-tabs.tsx'
import { samePageKeepsData } from './revalidate.ts'
import './info.css'
import { PATENT_TYPE } from '#shared/type-codes.ts'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'company.menu.info' }, { key: 'company.info.description' })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.services
  const lang = context.lang
  const view = await context.view()
  const [history, patents, certificates] = await Promise.all([
    content.history(view),
    content.patents(PATENT_TYPE.patent, view),
    content.patents(PATENT_TYPE.certificate, view),
  ])
  const images = await context.services.media.publicImages(
    imageKeys([...patents, ...certificates].map((p) => p.thumbnail)),
  )
  return {
    history: history.map((h) => ({
      id: h.id,
      year: h.year,
      tag: localized(h, 'tag', lang),
      title: localized(h, 'title', lang),
      html: localized(h, 'description', lang),
    })),
    patents: patents.map((p) => certItem(p, lang, images)),
    certificates: certificates.map((p) => certItem(p, lang, images)),
  }
}

type PatentRow = {
  id: number
  title: string
  title_en: string
  description: string
  description_en: string
  thumbnail: string
  path: string
  origin_file_name: string
  origin_file_name_en: string
}

function certItem(p: PatentRow, lang: Lang, images: PublicImages): CertItem {
  const title = localized(p, 'title', lang)
  return {
    id: p.id,
    title,
    number: localized(p, 'description', lang),
    thumbnail: p.thumbnail,
    thumbnailAlt: shownImage(images, p.thumbnail, lang, translate(lang, 'company.certs.thumbAlt', { title })).alt,
    href: downloadUrl({ file_name: p.path, origin_file_name: localized(p, 'origin_file_name', lang) }),
  }
}

export const shouldRevalidate = samePageKeepsData

const FACTS = ['established', 'listing', 'capital', 'employees', 'clients', 'esg'] as const
const VALUES = [1, 2, 3] as const

export default function CompanyInfo() {
  const { history, patents, certificates } = useLoaderData<typeof loader>()
  const t = useT()
  const copy = useCompanyCopy()
  const site = useSiteFacts()
  return (
    <div className="company-page company-info">
      <section className="company-section" aria-labelledby="company_step_01">
        <TitleBlock id="company_step_01" title={t('company.menu.info.overview')} description={copy('overview.lead')} />
        <div className="vision">
          <p className="vision__label">{copy('vision.label')}</p>
          <p className="vision__title">{copy('vision.title')}</p>
          <p className="vision__body">{copy('vision.body')}</p>
        </div>
        <h3 className="company-subtitle">{t('company.values.title')}</h3>
        <ul className="values">
          {VALUES.map((n) => (
            <li key={n} className="values__item">
              <strong className="values__title">{copy(`values.${n}.title` as CompanyCopyKey)}</strong>
              <span className="values__body">{copy(`values.${n}.body` as CompanyCopyKey)}</span>
            </li>
          ))}
        </ul>
        <h3 className="company-subtitle">{t('company.facts.title')}</h3>
        <dl className="facts">
          {FACTS.map((fact) => (
            <div key={fact} className="facts__item">
              <dt className="facts__label">{copy(`facts.${fact}.label` as CompanyCopyKey)}</dt>
              <dd className="facts__value">{copy(`facts.${fact}.value` as CompanyCopyKey)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="company-section" aria-labelledby="company_step_02">
        <TitleBlock id="company_step_02" title={t('company.menu.info.history')} description={copy('history.lead')} />
        {history.length === 0 ? (
          <EmptyState />
        ) : (
          <ol className="history">
            {history.map((entry) => (
              <li key={entry.id} className="history__entry">
                <p className="history__year">{entry.year}</p>
                <div className="history__body">
                  <p className="history__tag">{entry.tag}</p>
                  <h3 className="history__title">{entry.title}</h3>
                  {/* Sanitized when stored and again by the content service on the way out. */}
                  <div className="history__text rich-text" dangerouslySetInnerHTML={{ __html: entry.html }} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="company-section" aria-labelledby="company_step_03">
        <TitleBlock id="company_step_03" title={t('company.menu.info.organization')} description={copy('org.lead')} />
        <OrganizationChart />
      </section>

      <section className="company-section" aria-labelledby="company_step_04">
        <TitleBlock id="company_step_04" title={t('company.menu.info.ceo')} />
        <div className="ceo">
          <p className="ceo__headline">{copy('ceo.headline')}</p>
          <div className="ceo__text">
            <p>{copy('ceo.p1')}</p>
            <p>{copy('ceo.p2')}</p>
            <p>{copy('ceo.p3')}</p>
            <p>{copy('ceo.p4')}</p>
            <p>{copy('ceo.closing')}</p>
          </div>
          <p className="ceo__signature">{copy('ceo.signature', { name: site.ceo })}</p>
        </div>
      </section>

      <section className="company-section" aria-labelledby="company_step_05">
        <TitleBlock id="company_step_05" title={t('company.menu.info.certs')} description={copy('certs.lead')} />
        <CertificationTabs patents={patents} certificates={certificates} />
      </section>
    </div>
  )
}

/** CEO → management support, sales (domestic, overseas), R&D centre, production (three sites), QA, ESG office. */
function OrganizationChart() {
  const copy = useCompanyCopy()
  const units: { key: CompanyCopyKey; children?: CompanyCopyKey[] }[] = [
    { key: 'org.management' },
    { key: 'org.sales', children: ['org.salesDomestic', 'org.salesOverseas'] },
    { key: 'org.rnd' },
    { key: 'org.production', children: ['org.productionYeoju', 'org.productionDaegu', 'org.productionVietnam'] },
    { key: 'org.quality' },
    { key: 'org.esg' },
  ]
  return (
    <ul className="org">
      <li className="org__root">
        <span className="org__box org__box--ceo">{copy('org.ceo')}</span>
        <ul className="org__units">
          {units.map((unit) => (
            <li key={unit.key} className="org__unit">
              <span className="org__box">{copy(unit.key)}</span>
              {unit.children ? (
                <ul className="org__teams">
                  {unit.children.map((child) => (
                    <li key={child} className="org__team">
                      {copy(child)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </li>
    </ul>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
