import { useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useCompanyCopy, type CompanyCopyKey } from '#app/i18n/content/company.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { localized } from '#shared/locales.ts'
import { shownImage, imageKeys } from '#app/utils/public-images.server.ts'
import type { Route } from './+types/client'
import { samePageKeepsData } from './revalidate.ts'
import './client.css'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

/** Sectors in page order; `sector` is the value stored in clients.sector. */
const SECTORS = [
  {
    sector: 'oil_gas',
    anchor: 'client_step_01',
    title: 'company.menu.client.oilGas',
    body: 'client.oilGas.body',
    image: 'oil-gas',
  },
  {
    sector: 'power',
    anchor: 'client_step_02',
    title: 'company.menu.client.power',
    body: 'client.power.body',
    image: 'power',
  },
  {
    sector: 'waterworks',
    anchor: 'client_step_03',
    title: 'company.menu.client.waterworks',
    body: 'client.waterworks.body',
    image: 'waterworks',
  },
  {
    sector: 'other',
    anchor: 'client_step_04',
    title: 'company.menu.client.other',
    body: 'client.other.body',
    image: 'other',
  },
] as const satisfies readonly {
  sector: string
  anchor: string
  title: MessageKey
  body: CompanyCopyKey
  image: string
}[]

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'company.menu.client' }, { key: 'company.client.description' })
}

export async function loader({ context }: Route.LoaderArgs) {
  const bySector = await context.services.company.clients(await context.view())
  const images = await context.services.media.publicImages(
    imageKeys(Object.values(bySector).flatMap((clients) => (clients ?? []).map((c) => c.logo))),
  )
  return {
    logos: Object.fromEntries(
      SECTORS.map(({ sector }) => [
        sector,
        (bySector[sector] ?? []).map((c) => {
          const name = localized(c, 'name', context.lang)
          return { id: c.id, name, logo: c.logo, alt: shownImage(images, c.logo, context.lang, name).alt }
        }),
      ]),
    ) as Record<(typeof SECTORS)[number]['sector'], { id: number; name: string; logo: string; alt: string }[]>,
  }
}

export const shouldRevalidate = samePageKeepsData

export default function CompanyClients() {
  const { logos } = useLoaderData<typeof loader>()
  const t = useT()
  const copy = useCompanyCopy()
  return (
    <div className="company-page company-clients">
      <p className="company-lead">{copy('client.lead')}</p>
      {/* The header image list: one picture per sector, captioned. */}
      <ul className="client-sectors" aria-label={t('company.client.sectors')}>
        {SECTORS.map((s) => (
          <li key={s.sector} className="client-sectors__item">
            <img
              src={`/images/company/sector-${s.image}.svg`}
              alt=""
              width={480}
              height={320}
              loading="lazy"
              decoding="async"
            />
            <span className="client-sectors__label">{t(s.title)}</span>
          </li>
        ))}
      </ul>
      {SECTORS.map((s) => (
        <section key={s.sector} className="company-section client-block" aria-labelledby={s.anchor}>
          <TitleBlock id={s.anchor} title={t(s.title)} description={copy(s.body)} />
          {logos[s.sector].length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="client-logos" aria-label={t('company.client.logos', { sector: t(s.title) })}>
              {logos[s.sector].map((client) => (
                <li key={client.id} className="client-logos__item">
                  <img src={client.logo} alt={client.alt} width={240} height={120} loading="lazy" decoding="async" />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
