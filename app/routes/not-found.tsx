import { data, redirect } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { translate } from '#shared/i18n/messages.ts'
import type { Route } from './+types/not-found'

/**
 * Any address no route claims: an old address kept in the redirects table answers 301 with the
 * current one (docs/decisions/020-product-slugs-and-redirects.md); else the bilingual 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const to = await context.services.products.redirectFor(url.pathname)
  if (to) throw redirect(`${to}${url.search}`, 301)
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
