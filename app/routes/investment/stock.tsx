import { useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import type { Route } from './+types/stock'
import { InvestorFrame, withLanguageFlag } from './investor-frame.tsx'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'invest.stock' }, { key: 'invest.stock.description' })
}

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.settings()
  return { src: withLanguageFlag(settings.ir_stock_url, context.lang) }
}

export default function InvestorStock() {
  const { src } = useLoaderData<typeof loader>()
  const t = useT()
  return (
    <section aria-labelledby="invest-title">
      <TitleBlock id="invest-title" title={t('invest.stock')} description={t('invest.stock.description')} />
      <InvestorFrame src={src} title={t('invest.stock.frame')} height={2100} />
    </section>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
