import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { ApiError, errorBody, requestLang } from '#server/api/errors.ts'
import { isDatabaseUnavailable } from '#server/db/unavailable.ts'
import { safeError } from '#server/services/safe-error.ts'

/** What a body stream reports when the client closed the connection before sending all of it. */
const ABORT_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
])

/**
 * Whether a request failed because its client went away (closed the socket mid-body): the
 * request's own stream was cut off, and the error is that cut (or an abort), not the database's.
 */
export function isClientAbort(request: FastifyRequest, error: unknown): boolean {
  const raw = request.raw
  if (!raw.readableAborted && !(raw.destroyed && !raw.complete) && !raw.socket?.destroyed) return false
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && ABORT_CODES.has(code)) return true
    if (e instanceof Error && (e.name === 'AbortError' || e.message === 'aborted')) return true
  }
  return false
}

/** Framework errors a client can cause, with the status and message they deserve. */
function classify(error: FastifyError): { status: number; code: string; key: MessageKey } {
  const status = error.statusCode ?? 500
  if (error.validation || status === 400) return { status: 400, code: 'BAD_REQUEST', key: 'api.badRequest' }
  if (status === 404) return { status, code: 'NOT_FOUND', key: 'api.notFound' }
  if (status === 405) return { status, code: 'METHOD_NOT_ALLOWED', key: 'api.methodNotAllowed' }
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', key: 'api.tooLarge' }
  if (status === 415) return { status, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'api.unsupportedMediaType' }
  if (status >= 400 && status < 500) return { status, code: 'BAD_REQUEST', key: 'api.badRequest' }
  return { status: 500, code: 'INTERNAL', key: 'api.internal' }
}

/**
 * One error handler: expected errors become 4xx envelopes; anything else is logged once
 * and answered with a masked 500 that reveals nothing of the cause.
 */
async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLang(request)
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(lang, error.code, error.messageKey, error.data))
    }
    if (isClientAbort(request, error)) {
      // The client left mid-request (its body cut off): nobody to answer, nothing failed here; the
      // `onRequestAbort` hook (server/app.ts) has logged it once, at info.
      request.log.debug({ code: (error as { code?: unknown }).code }, 'request body cut off by the client')
      return reply.status(400).send(errorBody(lang, 'BAD_REQUEST', 'api.badRequest'))
    }
    if (isDatabaseUnavailable(error)) {
      // Not the caller's fault nor a bug: logged once per outage (database-outage.ts), and "try again".
      request.server.outageLog.failed(request, error)
      return reply
        .status(503)
        .header('retry-after', '10')
        .send(errorBody(lang, 'SERVICE_UNAVAILABLE', 'api.unavailable'))
    }
    const { status, code, key } = classify(error)
    if (status >= 500) request.log.error({ err: safeError(error) }, 'request failed')
    return reply.status(status).send(errorBody(lang, code, key))
  })
}

export default fp(errors, { name: 'errors' })
