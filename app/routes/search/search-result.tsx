import { data, Link, useLoaderData, useLocation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import type { FormMessage } from '#app/components/form/form-result.ts'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { TitleBlock } from '#app/components/ui/title-block.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { rootFromMatches } from '#app/utils/root-data.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { translate } from '#shared/i18n/messages.ts'
import { LIST_SIZES, parsePage } from '#shared/list-rules.ts'
import { defaultLang } from '#shared/locales.ts'
import { mayBeSerial, unitHref } from '#shared/unit-serial.ts'
import type { Route } from './+types/search-result'
import { checkKeyword } from './search-query.ts'
import { SearchForm } from './search-form.tsx'
import { SearchResults, type HitView } from './search-results.tsx'
import { isTooShortKeyword } from './search.server.ts'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const lang = rootFromMatches(matches)?.lang ?? defaultLang
  const heading = translate(lang, 'search.resultTitle')
  const keyword = loaderData?.results ? loaderData.keyword : ''
  return [
    ...routeMeta(matches, keyword ? `${keyword} · ${heading}` : heading, { key: 'search.description' }),
    // Result pages are endless variations of the site's own pages: keep them out of search engines.
    { name: 'robots', content: 'noindex' },
  ]
}

type Results = {
  page: number
  total: number
  hits: HitView[]
  partial: { found: string[]; missing: string[] } | null
  corrected: string | null
}

type SearchResultData = {
  keyword: string
  /** Why there is no list: no keyword yet, or one the service does not look up. */
  notice: 'prompt' | 'tooShort' | null
  /** The rule the keyword breaks (shown in the form; the page answers 400). */
  message?: FormMessage
  results: Results | null
  /** The unit whose serial the keyword is, above the hits (docs/decisions/058-unit-pages.md). */
  unit?: { serial: string; model: string | null; href: string } | null
}

const answer = (view: SearchResultData, status = 200) => data(view, { status })

/**
 * /search/result?keyword=…&page=…: the keyword's hits in the page language. No keyword shows the
 * prompt; one over 100 characters answers 400 with its message in the form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { keyword, error } = checkKeyword(url.searchParams.get('keyword'))
  if (!keyword) return answer({ keyword, notice: 'prompt', results: null })
  if (error) return answer({ keyword, notice: null, message: { key: error }, results: null }, 400)
  if (isTooShortKeyword(keyword)) return answer({ keyword, notice: 'tooShort', results: null })
  const [{ list, pagination, partial, corrected }, unit] = await Promise.all([
    context.services.search.search({
      keyword,
      lang: context.lang,
      page: parsePage(url.searchParams.get('page')),
      ...LIST_SIZES.search,
    }),
    mayBeSerial(keyword) ? context.services.units.find(keyword) : null,
  ])
  const results: Results = {
    page: pagination.page,
    total: pagination.totalRecordCountAll,
    hits: list.map(({ oneDepth, twoDepth, title, description, url: href, highlights, document }) => ({
      oneDepth,
      twoDepth,
      title,
      description,
      url: href,
      highlights,
      document,
    })),
    partial,
    corrected,
  }
  return answer({
    keyword,
    notice: null,
    results,
    unit: unit ? { serial: unit.serial, model: unit.model, href: unitHref(unit.serial) } : null,
  })
}

export default function SearchResult() {
  const d = useLoaderData<typeof loader>()
  const t = useT()
  const location = useLocation()
  return (
    <section className="search" aria-labelledby="search-title">
      <TitleBlock id="search-title" title={t('search.resultTitle')} />
      <SearchForm key={location.search} keyword={d.keyword} message={d.message} />
      {d.notice ? (
        <EmptyState
          variant="search"
          message={t(d.notice === 'prompt' ? 'search.empty' : 'search.tooShort')}
          className="search__prompt"
        />
      ) : null}
      {d.unit ? (
        <p className="search__unit">
          <strong>{t('unit.search.title')}</strong>{' '}
          <Link to={d.unit.href}>{t('unit.search.open', { serial: d.unit.serial })}</Link>
          {d.unit.model ? ` · ${d.unit.model}` : null}
        </p>
      ) : null}
      {d.results ? <SearchResults keyword={d.keyword} {...d.results} /> : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
