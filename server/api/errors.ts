import type { FastifyRequest } from 'fastify'
import '#shared/i18n/catalogs.server.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { resolveLang, type Lang } from '#shared/locales.ts'

/** An expected failure: answered with its status and a bilingual message, never logged as an error. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly data?: unknown,
  ) {
    super(code)
  }
}

export const notFound = () => new ApiError(404, 'NOT_FOUND', 'api.notFound')

export function requestLang(request: FastifyRequest): Lang {
  const query = request.query as Record<string, unknown> | undefined
  const lang = typeof query?.lang === 'string' ? query.lang : undefined
  return resolveLang(lang, request.headers.cookie)
}

/**
 * The error envelope: `message` in the caller's language, `messages` in both,
 * so an API client can show either without a second call.
 */
export function errorBody(lang: Lang, code: string, key: MessageKey, data?: unknown) {
  return {
    success: false as const,
    ...(data === undefined ? {} : { data }),
    error: { code, message: translate(lang, key), messages: { ko: translate('ko', key), en: translate('en', key) } },
  }
}
