import type { Route } from './+types/request-file'
import { serveRequestFile } from './request-status.server.ts'

/** /service/as/requests/{tracking}/files/{id}: one attachment, for its requester only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return serveRequestFile(request, context, params.tracking, params.file)
}
