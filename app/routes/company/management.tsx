import { ErrorPage } from '#app/components/error-page.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useCompanyCopy, type CompanyCopyKey } from '#app/i18n/content/company.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import type { Route } from './+types/management'
import './management.css'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'company.menu.management' }, { key: 'company.management.description' })
}

const PILLARS = [
  { letter: 'E', title: 'esg.e.title', body: 'esg.e.body' },
  { letter: 'S', title: 'esg.s.title', body: 'esg.s.body' },
  { letter: 'G', title: 'esg.g.title', body: 'esg.g.body' },
] as const satisfies readonly { letter: string; title: CompanyCopyKey; body: CompanyCopyKey }[]

const REASONS = [1, 2, 3] as const

/** The ESG copy the console replaced (published; drafts too in a staff preview), in the page language. */
export async function loader({ context }: Route.LoaderArgs) {
  return { texts: await context.services.pageTexts.forPage('esg', context.lang, await context.view()) }
}

/** ESG page: the catalogue's copy, with the texts the console replaced. */
export default function CompanyManagement({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const catalogue = useCompanyCopy()
  const copy = (key: CompanyCopyKey) => loaderData.texts[key.slice('esg.'.length)] ?? catalogue(key)
  return (
    <div className="company-page company-esg">
      <section className="company-section" aria-labelledby="esg_step_01">
        <TitleBlock id="esg_step_01" title={t('company.menu.management.esg')} description={copy('esg.lead')} />
        <ul className="esg-pillars">
          {PILLARS.map((pillar) => (
            <li key={pillar.letter} className={`esg-pillar esg-pillar--${pillar.letter.toLowerCase()}`}>
              <span className="esg-pillar__letter" aria-hidden="true">
                {pillar.letter}
              </span>
              <h3 className="esg-pillar__title">{copy(pillar.title)}</h3>
              <p className="esg-pillar__body">{copy(pillar.body)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="company-section" aria-labelledby="esg_step_02">
        <TitleBlock
          id="esg_step_02"
          title={t('company.menu.management.importance')}
          description={copy('esg.importance.lead')}
        />
        <ol className="esg-reasons">
          {REASONS.map((n) => (
            <li key={n} className="esg-reason">
              <span className="esg-reason__number" aria-hidden="true">
                {String(n).padStart(2, '0')}
              </span>
              <h3 className="esg-reason__title">{copy(`esg.importance.${n}.title` as CompanyCopyKey)}</h3>
              <p className="esg-reason__body">{copy(`esg.importance.${n}.body` as CompanyCopyKey)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
