import { data } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { privateHeaders, requireRestrictedAccess } from '#app/utils/session.server.ts'
import type { Route } from './+types/morgan-not-found'
import { COPY } from './morgan-copy.ts'

export const headers = privateHeaders

/** Any other address under /morgan: guarded like the rest of the area, then a 404 in its frame. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRestrictedAccess(request, context)
  throw data(null, { status: 404 })
}

export function meta() {
  return [{ title: COPY.notFound }, { name: 'robots', content: 'noindex' }]
}

export default function MorganNotFound() {
  return null
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
