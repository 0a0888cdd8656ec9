import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasConsoleCookie, readConsoleToken } from '#server/http/console-cookie.ts'
import type { UploadRefusal } from '#server/services/files/uploads.ts'
import { uploadQuery } from '#shared/api-schemas/files.ts'
import { isPlainFileName } from '#shared/files.ts'
import { translate, type MessageKey, type MessageVars } from '#shared/i18n/messages.ts'
import type { Lang } from '#shared/locales.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import {
  formatFileSize,
  IMAGE_MAX_PIXELS,
  UPLOAD_LIMITS,
  UPLOAD_NAME_HEADER,
  UPLOAD_PATH,
  type UploadKind,
} from '#shared/uploads.ts'
import { ApiError, notFound, requestLang } from './errors.ts'
import { ok, parseQuery } from './query.ts'

type Refusal = { status: number; code: string; key: MessageKey; vars?: MessageVars }

function refusal(reason: UploadRefusal, kind: UploadKind): Refusal {
  switch (reason) {
    case 'too-large':
      return {
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        key: kind === 'image' ? 'console.upload.tooLargeImage' : 'console.upload.tooLargeFile',
        vars: { size: formatFileSize(UPLOAD_LIMITS[kind]) },
      }
    case 'type':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        key: kind === 'image' ? 'console.upload.typeImage' : 'console.upload.typeFile',
      }
    case 'svg':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'console.upload.svg' }
    case 'damaged':
      return { status: 422, code: 'UNREADABLE_IMAGE', key: 'console.upload.damaged' }
    case 'pixels':
      return {
        status: 413,
        code: 'IMAGE_TOO_LARGE',
        key: 'console.upload.pixels',
        vars: { megapixels: IMAGE_MAX_PIXELS / 1_000_000 },
      }
    case 'empty':
      return { status: 400, code: 'EMPTY_FILE', key: 'console.upload.empty' }
    case 'aborted':
      return { status: 400, code: 'ABORTED', key: 'console.upload.aborted' }
  }
}

/** The error envelope of server/api/errors.ts, with the message's placeholders filled. */
function refusalBody(lang: Lang, { code, key, vars }: Refusal) {
  return {
    success: false as const,
    error: {
      code,
      message: translate(lang, key, vars),
      messages: { ko: translate('ko', key, vars), en: translate('en', key, vars) },
    },
  }
}

/** The original file name from its header (URI-encoded UTF-8, so Korean names survive), or null. */
function fileName(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null
  let name: string
  try {
    name = decodeURIComponent(header).normalize('NFC')
  } catch {
    return null
  }
  return isPlainFileName(name) ? name : null
}

/** The staff member allowed to upload: 404 for anyone without a console session, 401 when it ended, 403 for viewers. */
export async function requireEditor(app: FastifyInstance, request: FastifyRequest) {
  if (!app.services.console.enabled) throw notFound()
  const session = await app.services.console.authenticate(readConsoleToken(request.headers.cookie))
  if (!session) {
    if (hasConsoleCookie(request.headers.cookie)) throw new ApiError(401, 'SESSION_ENDED', 'console.login.ended')
    throw notFound()
  }
  if (!roleAtLeast(session.user.role, 'editor')) throw new ApiError(403, 'FORBIDDEN', 'console.upload.forbidden')
  return session
}

/**
 * `POST /admin/upload?kind=image|file` (docs/decisions/017-console-uploads.md): the request body is
 * the file itself (any Content-Type; the type is told from the content), its name URI-encoded in
 * `X-File-Name`. The body streams to storage as it arrives and is never held whole in memory.
 * Answers `{ success: true, data: UploadedFile }`, or the error envelope in the console's language.
 * Its own scope: the body parsers are replaced by one that leaves the stream unread.
 */
export async function consoleUploadRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))

  app.post(UPLOAD_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    // Until the body has been read to its end, a refusal also closes the connection: the
    // unread rest of a large upload is not worth receiving.
    reply.header('connection', 'close')
    const staff = await requireEditor(app, request)
    const { kind } = parseQuery(uploadQuery, request.query)
    const name = fileName(request.headers[UPLOAD_NAME_HEADER])
    if (!name) throw new ApiError(400, 'BAD_REQUEST', 'console.upload.noName')
    const length = Number(request.headers['content-length'])
    const outcome = await app.services.uploads.upload({
      kind,
      name,
      body: request.raw,
      declaredSize: Number.isSafeInteger(length) && length >= 0 ? length : null,
      userId: staff.user.id,
    })
    if ((outcome.ok || outcome.drained) && !app.lifecycle.draining) reply.removeHeader('connection')
    if (outcome.ok) return ok(outcome.file)
    const answer = refusal(outcome.reason, kind)
    return reply.status(answer.status).send(refusalBody(requestLang(request), answer))
  })
}
