import { readCookie } from '#shared/locales.ts'
import { SESSION_COOKIE, SESSION_HINT_COOKIE, SESSION_LIFETIME_SEC } from '#shared/session-cookies.ts'

/** Cookies get `Secure` when the site is served over HTTPS (`SITE_URL`). */
const isSecure = (siteUrl: string) => siteUrl.startsWith('https:')

function cookiePair(siteUrl: string, token: string, hint: string, maxAge: number): string[] {
  const attrs = `Path=/; Max-Age=${maxAge}; SameSite=Lax${isSecure(siteUrl) ? '; Secure' : ''}`
  return [
    `${SESSION_COOKIE}=${token}; ${attrs.replace('SameSite', 'HttpOnly; SameSite')}`,
    `${SESSION_HINT_COOKIE}=${hint}; ${attrs}`,
  ]
}

/**
 * `Set-Cookie` values for a new session: the HttpOnly token and the hint, both living as long as
 * the session row (4,377,600 s).
 */
export function sessionCookies(siteUrl: string, token: string): string[] {
  return cookiePair(siteUrl, token, '1', SESSION_LIFETIME_SEC)
}

/** `Set-Cookie` values removing both cookies (logout, password change, withdrawal). */
export function clearedSessionCookies(siteUrl: string): string[] {
  return cookiePair(siteUrl, '', '', 0)
}

/**
 * The session token of a request: `Authorization: Bearer …` (API clients) first, then the cookie.
 * Anything that is not a 43-character base64url token is ignored.
 */
export function readSessionToken(headers: {
  authorization?: string | null | undefined
  cookie?: string | null | undefined
}): string | undefined {
  const auth = headers.authorization
  const bearer = auth && /^Bearer\s+(\S+)$/i.exec(auth)?.[1]
  const token = bearer || readCookie(headers.cookie, SESSION_COOKIE)
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined
}
