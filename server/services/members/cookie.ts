import { readCookie } from '#shared/locales.ts'
import { SESSION_LIFETIME_SEC } from '#shared/member-rules.ts'

/** Name of the session cookie. */
export const SESSION_COOKIE = 'session'
/** Cookie lifetime and session lifetime (specification section 9): about 50.7 days. */
export const SESSION_MAX_AGE = SESSION_LIFETIME_SEC

/**
 * Readable by scripts and carrying no secret: tells the browser a session may exist, so anonymous
 * visitors never ask GET /api/user (no request, no 401 in the console).
 */
export const SESSION_HINT_COOKIE = 'member'

/** `Set-Cookie` values for a new session: the HttpOnly token and the hint. */
export function sessionCookie(token: string, secure: boolean): string[] {
  const attrs = `Path=/; Max-Age=${SESSION_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
  return [`${SESSION_COOKIE}=${token}; ${attrs.replace('SameSite', 'HttpOnly; SameSite')}`, `${SESSION_HINT_COOKIE}=1; ${attrs}`]
}

/** `Set-Cookie` values removing both cookies. */
export function clearSessionCookie(secure: boolean): string[] {
  const attrs = `Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`
  return [`${SESSION_COOKIE}=; ${attrs.replace('SameSite', 'HttpOnly; SameSite')}`, `${SESSION_HINT_COOKIE}=; ${attrs}`]
}

/**
 * The session token of a request: `Authorization: Bearer …` (API clients) first, then the cookie.
 * Anything that is not a 43-character base64url token is ignored.
 */
export function readSessionToken(headers: { authorization?: string | null; cookie?: string | null }): string | undefined {
  const auth = headers.authorization
  const bearer = auth && /^Bearer\s+(\S+)$/i.exec(auth)?.[1]
  const token = bearer || readCookie(headers.cookie, SESSION_COOKIE)
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined
}
