import { useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useCompanyCopy } from '#app/i18n/content/company.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { localized, type Lang } from '#shared/locales.ts'
import type { Route } from './+types/agency'
import { OverseasMap } from './overseas-map.tsx'
import { samePageKeepsData } from './revalidate.ts'
import './agency.css'
import { AGENCY_TYPE } from '#shared/type-codes.ts'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'company.menu.agency' }, { key: 'company.agency.description' })
}

type AgencyRow = {
  id: number
  region: string
  title: string
  title_en: string
  name: string
  name_en: string
  description: string
  description_en: string
}
const card = (lang: Lang) => (a: AgencyRow) => ({
  id: a.id,
  region: a.region,
  title: localized(a, 'title', lang),
  name: localized(a, 'name', lang),
  description: localized(a, 'description', lang),
})

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.services
  const view = await context.view()
  const [domestic, overseas] = await Promise.all([
    content.agencies(AGENCY_TYPE.domestic, view),
    content.agencies(AGENCY_TYPE.overseas, view),
  ])
  return { domestic: domestic.map(card(context.lang)), overseas: overseas.map(card(context.lang)) }
}

export const shouldRevalidate = samePageKeepsData

const REGIONS = ['asia', 'middle_east', 'americas', 'europe'] as const
type AgencyCard = ReturnType<ReturnType<typeof card>>

export default function CompanyAgencies() {
  const { domestic, overseas } = useLoaderData<typeof loader>()
  const t = useT()
  const copy = useCompanyCopy()
  const known = new Set<string>(REGIONS)
  const groups = [
    ...REGIONS.map((region) => ({ region, cards: overseas.filter((a) => a.region === region) })),
    { region: null, cards: overseas.filter((a) => !known.has(a.region)) },
  ].filter((g) => g.cards.length > 0)
  return (
    <div className="company-page company-agencies">
      <p className="company-lead">{copy('agency.lead')}</p>

      <section id="agency01" className="company-section agency-section" aria-labelledby="agency_step_01">
        <img
          className="agency-section__banner"
          src="/images/company/agency-domestic.svg"
          alt=""
          width={1200}
          height={300}
          loading="lazy"
          decoding="async"
        />
        <TitleBlock
          id="agency_step_01"
          title={t('company.agency.domestic')}
          description={copy('agency.domestic.body')}
        />
        {domestic.length === 0 ? <EmptyState /> : <AgencyGrid cards={domestic} />}
      </section>

      <section id="agency02" className="company-section agency-section" aria-labelledby="agency_step_02">
        <img
          className="agency-section__banner"
          src="/images/company/agency-overseas.svg"
          alt=""
          width={1200}
          height={300}
          loading="lazy"
          decoding="async"
        />
        <TitleBlock
          id="agency_step_02"
          title={t('company.agency.overseas')}
          description={copy('agency.overseas.body')}
        />
        {groups.length === 0 ? <EmptyState /> : null}
        {groups.map((group) => (
          <div key={group.region ?? 'other'} className="agency-region">
            {group.region ? (
              <h3 className="agency-region__title">{t(`company.agency.region.${group.region}` as MessageKey)}</h3>
            ) : null}
            <AgencyGrid cards={group.cards} />
          </div>
        ))}
        <OverseasMap />
      </section>
    </div>
  )
}

function AgencyGrid({ cards }: { cards: AgencyCard[] }) {
  return (
    <ul className="agency-grid">
      {cards.map((a) => (
        <li key={a.id} className="agency-card">
          <p className="agency-card__area">{a.title}</p>
          <p className="agency-card__name">{a.name}</p>
          <p className="agency-card__detail">{a.description}</p>
        </li>
      ))}
    </ul>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
