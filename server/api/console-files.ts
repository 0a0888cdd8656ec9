import type { FastifyInstance, FastifyRequest } from 'fastify'
import { hasConsoleCookie, readConsoleToken } from '#server/http/console-cookie.ts'
import { s3DownloadQuery } from '#shared/api-schemas/files.ts'
import { CONSOLE_DOWNLOAD_PATH, CONSOLE_IMAGE_PATH } from '#shared/files.ts'
import { sendDownload } from './downloads.ts'
import { ApiError, notFound } from './errors.ts'
import { mediaKeyOf, sendImage } from './media.ts'
import { parseQuery } from './query.ts'

/** Any signed-in staff member (viewers too): 404 for anyone without a console session, 401 when it ended. */
async function requireStaff(app: FastifyInstance, request: FastifyRequest) {
  if (!app.services.console.enabled) throw notFound()
  const session = await app.services.console.authenticate(readConsoleToken(request.headers.cookie))
  if (session) return session
  if (hasConsoleCookie(request.headers.cookie)) throw new ApiError(401, 'SESSION_ENDED', 'console.login.ended')
  throw notFound()
}

/**
 * The console's own file addresses (docs/decisions/039-withdrawn-files.md): staff download and see
 * every recorded file, also those the public no longer gets (a superseded revision's, an
 * unpublished or removed document's) and fresh uploads nothing refers to yet. Registered at the
 * root; like every `/admin` answer, private, no-store and noindex (console-headers).
 */
export async function consoleFileRoutes(app: FastifyInstance) {
  const { downloads } = app.services

  app.get(CONSOLE_DOWNLOAD_PATH, { compress: false }, async (request, reply) => {
    await requireStaff(app, request)
    const query = parseQuery(s3DownloadQuery, request.query)
    const file = await downloads.open(query.file_name, 'staff')
    if (!file) throw notFound()
    return sendDownload(reply, file, query.origin_file_name)
  })

  app.get(`${CONSOLE_IMAGE_PATH}/*`, async (request, reply) => {
    await requireStaff(app, request)
    const key = mediaKeyOf(request)
    if (key === null) throw notFound()
    const file = await downloads.openImage(key, 'staff')
    if (!file) throw notFound()
    return sendImage(reply, file, 'private, no-store')
  })
}
