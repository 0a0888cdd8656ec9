import { Readable } from 'node:stream'
import { contentDisposition } from '#server/api/downloads.ts'
import type { Route } from './+types/request-file'
import { requestAccess } from './request-status.server.ts'

/**
 * One attachment of a request, for its requester only (the member signed in, or the link's key):
 * a download, never shown inline, stored by no cache. Anyone else gets the same 404 as an unknown file.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requestAccess(request, context)
  const file = await context.services.serviceRequests.openFile(params.tracking, Number(params.file), access)
  if (!file) throw new Response(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  })
}
