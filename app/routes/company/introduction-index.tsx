import { redirect } from 'react-router'
import type { Route } from './+types/introduction-index'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

/** `/company/introduction` alone opens the overview page (keeping `?lang=` and the like). */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url)
  throw redirect(`/company/introduction/info${search}`)
}
