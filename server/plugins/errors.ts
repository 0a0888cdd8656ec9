import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { ApiError, errorBody, requestLang } from '#server/api/errors.ts'
import { isDatabaseUnavailable } from '#server/db/unavailable.ts'
import { safeError } from '#server/services/safe-error.ts'

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
    if (isDatabaseUnavailable(error)) {
      // Not the caller's fault nor a bug: one warning, and "try again" with a hint of when.
      request.log.warn({ err: safeError(error) }, 'database unavailable')
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
