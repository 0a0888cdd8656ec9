import { redirect } from 'react-router'
import type { Route } from './+types/documents-index'
import { consoleHeaders, requireStaff } from '../console.server.ts'

/** The documents area opens on the reference archive. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'viewer')
  throw redirect('/admin/documents/reference', { headers: consoleHeaders() })
}
