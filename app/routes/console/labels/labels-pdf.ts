import type { Route } from './+types/labels-pdf'
import { requireStaff } from '../console.server.ts'
import { labelsPdfResponse } from './labels-request.server.ts'

/**
 * `/admin/labels/pdf?…`: the nameplate labels of the label form's choice as a PDF
 * (docs/decisions/060-nameplate-labels.md). Editors and administrators; a viewer 403, anyone not
 * signed in as staff the site's 404. A bad choice, none or too many orders: 400 with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ['admin', 'editor'])
  return labelsPdfResponse(new URL(request.url), context.services.labels, context.lang, new Date())
}
