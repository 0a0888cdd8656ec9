import type { Route } from './+types/request-file'
import { serveThreadFile } from './request-thread.server.ts'

/** /admin/requests/{id}/files/{file}: one attachment of a request or of its thread, for staff only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return serveThreadFile(request, context, params.id, params.file)
}
