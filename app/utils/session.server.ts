import { data, redirect, redirectDocument, type AppLoadContext } from 'react-router'
import type { User } from '#server/db/schema.ts'
import { FormBodyError, readFormBody } from '#server/http/form-body.ts'
import { clearedSessionCookies, readSessionToken, sessionCookies } from '#server/http/session-cookie.ts'
import type { RequestInfo } from '#server/services/members/index.ts'
import { hasRestrictedAccess } from '#server/services/restricted/index.ts'

/** The session token of a page request (cookie, or Bearer for completeness). */
export function sessionToken(request: Request): string | undefined {
  return readSessionToken({
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  })
}

/** `Set-Cookie` values starting a session (after login); `Secure` when the site is https. */
export function sessionCookiesFor(context: AppLoadContext, token: string): string[] {
  return sessionCookies(context.siteUrl, token)
}

/** `Set-Cookie` values ending the session in the browser (logout, password change, withdrawal). */
export function clearedSessionCookiesFor(context: AppLoadContext): string[] {
  return clearedSessionCookies(context.siteUrl)
}

/** The logged-in member of a page request, or null. */
export function getUser(request: Request, context: AppLoadContext): Promise<User | null> {
  return context.services.members.authenticate(sessionToken(request))
}

/** Guard: the member, or a redirect (to / by default, as /mypage asks). */
export async function requireUser(request: Request, context: AppLoadContext, redirectTo = '/'): Promise<User> {
  const user = await getUser(request, context)
  if (!user) throw redirect(redirectTo)
  return user
}

/** Guard for pages only anonymous visitors need (login, sign-up): members go home. */
export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<void> {
  if (await getUser(request, context)) throw redirect('/')
}

/**
 * Pages that depend on the visitor (member pages, the restricted area): no cache keeps them,
 * the page cache included (server/plugins/response-cache.ts stores nothing `private`/`no-store`).
 */
export const privateHeaders = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * Guard of the restricted area (spec section 6): the member with access_yn 'Y', read with the
 * session on every request (a revoked permission ends at the next one). Anyone else goes to /
 * by a full page load, as the specification says, also when the page was reached by a
 * client-side navigation (`redirectDocument`).
 */
export async function requireRestrictedAccess(request: Request, context: AppLoadContext): Promise<User> {
  const user = await getUser(request, context)
  if (!hasRestrictedAccess(user)) throw redirectDocument('/', { headers: privateHeaders() })
  return user
}

/** Address and language of the request, for the member services. */
export function requestInfo(context: AppLoadContext): RequestInfo {
  return { ip: context.clientIp, lang: context.lang }
}

/**
 * The text fields of a posted form, through the reader the API uses too (the page hand-off
 * streams bodies untouched, so nothing upstream limits them): over 16 KiB (or `limit` bytes, for
 * the console's long texts) a 413, a malformed body or a repeated field a 400.
 */
export async function formValues(request: Request, options: { limit?: number } = {}): Promise<Record<string, string>> {
  try {
    return await readFormBody(request.body, request.headers.get('content-type'), {
      contentLength: request.headers.get('content-length'),
      ...(options.limit ? { limit: options.limit } : {}),
    })
  } catch (error) {
    if (error instanceof FormBodyError) throw data(null, { status: error.status })
    throw error
  }
}
