import type { IncomingHttpHeaders } from 'node:http'
import { readCookie } from '#shared/locales.ts'
import { SESSION_COOKIE } from '#shared/session-cookies.ts'
import { hasConsoleCookie } from './console-cookie.ts'

/**
 * Whether a request is anonymous, so a kept page may be shared with it: no member session cookie,
 * no `Authorization` (API clients), no console cookie (staff preview drafts). Everyone else gets a
 * page of their own, sent `private` (docs/decisions/037-page-store-in-fastify.md).
 */
export function isAnonymous(headers: IncomingHttpHeaders): boolean {
  const cookie = headers.cookie
  return !headers.authorization && !readCookie(cookie, SESSION_COOKIE) && !hasConsoleCookie(cookie)
}
