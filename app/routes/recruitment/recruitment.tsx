import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { SideMenu } from '#app/components/ui/side-menu.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { recruitmentCopy } from '#app/i18n/content/recruitment.server.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { RECRUITMENT_ANCHORS } from '#shared/page-anchors.ts'
import { withTexts } from '#shared/page-texts.ts'
import type { Route } from './+types/recruitment'
import './recruitment.css'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return routeMeta(matches, loaderData?.copy.title ?? '', loaderData?.copy.description ?? '')
}

const ANCHORS = RECRUITMENT_ANCHORS

/**
 * The recruitment copy in the page language (only that language reaches the browser), with what
 * the console replaced (published; drafts too in a staff preview).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const texts = await context.services.pageTexts.forPage('recruitment', context.lang, await context.view())
  return { copy: withTexts(recruitmentCopy(context.lang), texts) }
}

export default function Recruitment({ loaderData }: Route.ComponentProps) {
  const c = loaderData.copy
  const menu = [
    { text: c.menu.procedure, link: '/recruitment' },
    { text: c.menu.talent, link: '/recruitment', focus: ANCHORS[0] },
    { text: c.menu.jobs, link: '/recruitment', focus: ANCHORS[1] },
    { text: c.menu.evaluation, link: '/recruitment', focus: ANCHORS[2] },
    { text: c.menu.pay, link: '/recruitment', focus: ANCHORS[3] },
    { text: c.menu.benefits, link: '/recruitment', focus: ANCHORS[4] },
  ]
  return (
    <SubPage section="recruitment" title={c.title} menu={<SideMenu title={c.title} items={menu} />}>
      <section aria-labelledby="recruitment-procedure" className="recruit-procedure">
        <TitleBlock id="recruitment-procedure" title={c.procedure.title} description={c.procedure.description} />
        <ol className="recruit-procedure__steps">
          {c.procedure.steps.map((step, i) => (
            <li key={step.title} className="recruit-procedure__step">
              <span className="recruit-procedure__number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="recruit-note">{c.procedure.note}</p>
      </section>

      <section id={ANCHORS[0]} aria-labelledby="recruitment-talent">
        <TitleBlock id="recruitment-talent" title={c.talent.title} description={c.talent.description} />
        <picture>
          <source media="(max-width: 728px)" srcSet="/images/recruitment/talent-mb.svg" width={728} height={420} />
          <img
            className="recruit-visual"
            src="/images/recruitment/talent-pc.svg"
            alt=""
            width={1200}
            height={360}
            loading="lazy"
            decoding="async"
          />
        </picture>
        <ul className="recruit-cards recruit-cards--three">
          {c.talent.items.map((item) => (
            <li key={item.title} className="recruit-card">
              <p className="recruit-card__eyebrow" lang="en">
                {item.subtitle}
              </p>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id={ANCHORS[1]} aria-labelledby="recruitment-jobs">
        <TitleBlock id="recruitment-jobs" title={c.jobs.title} description={c.jobs.description} />
        <ul className="recruit-cards">
          {c.jobs.items.map((job) => (
            <li key={job.name} className="recruit-card">
              <h3>{job.name}</h3>
              <p>{job.text}</p>
              <ul className="recruit-tags">
                {job.tags.map((tag) => (
                  <li key={tag}>#{tag}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section id={ANCHORS[2]} aria-labelledby="recruitment-evaluation">
        <TitleBlock id="recruitment-evaluation" title={c.evaluation.title} description={c.evaluation.description} />
        <ol className="recruit-phases">
          {c.evaluation.phases.map((phase) => (
            <li key={phase.title}>
              <p className="recruit-phases__month">{phase.month}</p>
              <h3>{phase.title}</h3>
              <p>{phase.text}</p>
            </li>
          ))}
        </ol>
        <h3 className="recruit-subtitle">{c.evaluation.gradesTitle}</h3>
        <ul className="recruit-grades">
          {c.evaluation.grades.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
        <p>{c.evaluation.gradesText}</p>
      </section>

      <section id={ANCHORS[3]} aria-labelledby="recruitment-pay">
        <TitleBlock id="recruitment-pay" title={c.pay.title} description={c.pay.description} />
        <div className="recruit-pay">
          <div className="recruit-pay__box">
            <h3>{c.pay.fixedTitle}</h3>
            <ul>
              {c.pay.fixed.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          </div>
          <span className="recruit-pay__plus" aria-hidden="true">
            +
          </span>
          <div className="recruit-pay__box">
            <h3>{c.pay.performanceTitle}</h3>
            <ul>
              {c.pay.performance.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section id={ANCHORS[4]} aria-labelledby="recruitment-benefits">
        <TitleBlock id="recruitment-benefits" title={c.benefits.title} description={c.benefits.description} />
        <ul className="recruit-benefits">
          {c.benefits.items.map((b) => (
            <li key={b.title}>
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
