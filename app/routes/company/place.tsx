import { useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useCompanyCopy } from '#app/i18n/content/company.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { localized } from '#shared/locales.ts'
import type { Route } from './+types/place'
import { anchorsOf } from '#shared/page-anchors.ts'
import { samePageKeepsData } from './revalidate.ts'
import { WorkplaceMap } from './workplace-map.tsx'
import './place.css'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'company.menu.place' }, { key: 'company.place.description' })
}

export async function loader({ context }: Route.LoaderArgs) {
  const lang = context.lang
  const rows = await context.services.company.workplaces(await context.view())
  return {
    workplaces: rows.map((w) => ({
      id: w.id,
      title: localized(w, 'title', lang),
      mapUrl: localized(w, 'map_url', lang),
      roles: lang === 'en' && w.roles_en.length > 0 ? w.roles_en : w.roles,
      address: localized(w, 'address', lang),
      tel: w.tel,
      fax: w.fax,
    })),
  }
}

export const shouldRevalidate = samePageKeepsData

const ANCHORS = anchorsOf('place')

/** Four workplaces, in the order of their anchors place_step_01..04. */
export default function CompanyPlaces() {
  const { workplaces } = useLoaderData<typeof loader>()
  const t = useT()
  const copy = useCompanyCopy()
  return (
    <div className="company-page company-places">
      <p className="company-lead">{copy('place.lead')}</p>
      {workplaces.length === 0 ? <EmptyState /> : null}
      {workplaces.map((place, index) => {
        const anchor = ANCHORS[index] ?? `place_step_${String(index + 1).padStart(2, '0')}`
        return (
          <section key={place.id} className="company-section place" aria-labelledby={anchor}>
            <TitleBlock id={anchor} title={place.title} />
            <div className="place__layout">
              <WorkplaceMap src={place.mapUrl} name={place.title} address={place.address} />
              <div className="place__info">
                <h3 className="place__subtitle">{t('company.place.roles')}</h3>
                <ul className="place__roles">
                  {place.roles.map((role) => (
                    <li key={role}>{role}</li>
                  ))}
                </ul>
                <h3 className="place__subtitle">{t('company.place.location')}</h3>
                <dl className="place__contacts">
                  <div>
                    <dt>{t('company.place.address')}</dt>
                    <dd>{place.address}</dd>
                  </div>
                  {place.tel ? (
                    <div>
                      <dt>{t('company.place.tel')}</dt>
                      <dd>
                        <a href={`tel:${place.tel.replace(/[^\d+]/g, '')}`}>{place.tel}</a>
                      </dd>
                    </div>
                  ) : null}
                  {place.fax ? (
                    <div>
                      <dt>{t('company.place.fax')}</dt>
                      <dd>{place.fax}</dd>
                    </div>
                  ) : null}
                </dl>
              </div>
            </div>
          </section>
        )
      })}
    </div>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
