import { data, useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { SideMenu } from '#app/components/ui/side-menu.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { localized } from '#shared/locales.ts'
import type { Route } from './+types/terms'
import './terms.css'
import { TERMS_TYPE } from '#shared/type-codes.ts'

/** `/terms/service` and `/terms/privacy`; anything else is not a page. */
type TermsId = keyof typeof TERMS_TYPE

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: '404' }]
  return routeMeta(matches, loaderData.title, { key: loaderData.id === 'service' ? 'terms.service.description' : 'terms.privacy.description' })
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id as TermsId
  if (!Object.hasOwn(TERMS_TYPE, id)) throw data(null, { status: 404 })
  const terms = await context.services.content.terms(TERMS_TYPE[id])
  if (!terms) throw data(null, { status: 404 })
  return {
    id,
    title: localized(terms, 'title', context.lang),
    html: localized(terms, 'description', context.lang),
  }
}

export default function Terms() {
  const { id, title, html } = useLoaderData<typeof loader>()
  const t = useT()
  const items = [
    { text: t('terms.service'), link: '/terms/service' },
    { text: t('terms.privacy'), link: '/terms/privacy' },
  ]
  return (
    <SubPage section="terms" title={t('terms.banner')} menu={<SideMenu title={t('terms.banner')} items={items} />}>
      <article className="terms" aria-labelledby="terms-title">
        <h2 id="terms-title">{t(id === 'service' ? 'terms.service' : 'terms.privacy')}</h2>
        {title !== t(id === 'service' ? 'terms.service' : 'terms.privacy') ? <p className="terms__subtitle">{title}</p> : null}
        {/* Sanitized when stored and again by the content service on the way out. */}
        <div className="terms__body rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
