import { readCookie } from '#shared/locales.ts'

/**
 * The console's session cookie, apart from the member's `session` (docs/decisions/014): HttpOnly,
 * SameSite=Strict (no cross-site request ever carries it), `Secure` on https, and no Max-Age: it
 * ends with the browser; the server ends the session after 30 minutes idle or 12 hours at most
 * anyway. `Path=/`, not `/admin`: the console's single-fetch data requests are `/admin.data`,
 * which a cookie of path `/admin` does not reach (RFC 6265 path matching). Public pages ignore it
 * (the page cache keys on the member cookie only; nothing public reads the console session).
 */
export const CONSOLE_COOKIE = 'console_session'

function attributes(siteUrl: string): string {
  return `Path=/; HttpOnly; SameSite=Strict${siteUrl.startsWith('https:') ? '; Secure' : ''}`
}

export const consoleCookie = (siteUrl: string, token: string) => `${CONSOLE_COOKIE}=${token}; ${attributes(siteUrl)}`

export const clearedConsoleCookie = (siteUrl: string) => `${CONSOLE_COOKIE}=; Max-Age=0; ${attributes(siteUrl)}`

/** The console token of a request; anything that is not a 43-character base64url token is ignored. */
export function readConsoleToken(cookieHeader: string | null | undefined): string | undefined {
  const token = readCookie(cookieHeader, CONSOLE_COOKIE)
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined
}

/** Whether a request carries a console cookie at all (a session that may have ended). */
export const hasConsoleCookie = (cookieHeader: string | null | undefined) =>
  readCookie(cookieHeader, CONSOLE_COOKIE) !== undefined
