import { useLoaderData, useLocation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import type { Route } from './+types/search-prompt'
import { SearchForm } from './search-form.tsx'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'search.title' }, { key: 'search.description' })
}

/** /search: the keyword box, prefilled from `?keyword=`, and the prompt. */
export function loader({ request }: Route.LoaderArgs) {
  return { keyword: new URL(request.url).searchParams.get('keyword') ?? '' }
}

export default function SearchPrompt() {
  const { keyword } = useLoaderData<typeof loader>()
  const t = useT()
  const location = useLocation()
  return (
    <section className="search" aria-labelledby="search-title">
      <TitleBlock id="search-title" title={t('search.title')} />
      <SearchForm key={location.search} keyword={keyword} />
      <EmptyState variant="search" message={t('search.empty')} className="search__prompt" />
    </section>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
