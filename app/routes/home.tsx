import { translate } from '#app/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import type { RootData } from '#app/root.tsx'
import { pageMeta } from '#app/utils/seo.ts'
import { useRouteLoaderData } from 'react-router'
import type { Route } from './+types/home'

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined
  const lang = root?.lang ?? 'ko'
  const company = root?.site.companyName ?? ''
  return pageMeta({
    title: translate(lang, 'home.title', { company }),
    description: translate(lang, 'home.description', { company }),
    lang,
    siteName: company,
  })
}

export default function Home() {
  const t = useT()
  const root = useRouteLoaderData('root') as RootData
  return (
    <main id="main" className="home" tabIndex={-1}>
      <section className="home__intro">
        <h1>{t('home.heading', { company: root.site.companyName })}</h1>
        <p>{t('home.description', { company: root.site.companyName })}</p>
      </section>
    </main>
  )
}
