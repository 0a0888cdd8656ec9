import { data } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { translate } from '#shared/i18n/messages.ts'
import type { Route } from './+types/not-found'

/** Any address no route claims: the bilingual 404 page inside the site layout. */
export function loader() {
  throw data(null, { status: 404 })
}

export function meta({ matches }: Route.MetaArgs) {
  const lang = (matches[0]?.loaderData as { lang?: 'ko' | 'en' } | undefined)?.lang ?? 'ko'
  return [{ title: translate(lang, 'error.notFound.title') }, { name: 'robots', content: 'noindex' }]
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return <ErrorPage />
}
