import { data } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import type { Route } from './+types/console-not-found'
import { notFoundMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'

/** An unknown console address: for staff, a 404 inside the console; for anyone else the guard's site 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  throw data(null, { status: 404, headers: consoleHeaders() })
}

export function meta({ matches }: Route.MetaArgs) {
  return notFoundMeta(matches)
}

export default function ConsoleNotFound() {
  return null
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
