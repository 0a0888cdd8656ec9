import { redirect } from 'react-router'
import type { Route } from './+types/introduction-index'

/** `/company/introduction` alone opens the overview page (keeping `?lang=` and the like). */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url)
  throw redirect(`/company/introduction/info${search}`)
}
