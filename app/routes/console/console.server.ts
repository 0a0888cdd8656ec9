import { data, redirect, type AppLoadContext } from 'react-router'
import { clearedConsoleCookie, consoleCookie, hasConsoleCookie, readConsoleToken } from '#server/http/console-cookie.ts'
import type { ConsoleRequest, StaffSession } from '#server/services/console/index.ts'
import { roleAtLeast, type StaffRole } from '#shared/staff-rules.ts'

/**
 * The console's guards (docs/decisions/014-console-staff-sign-in.md). Every console loader and
 * action starts with one; they throw responses:
 * - no console session and no console cookie (a member, an anonymous visitor): the site's 404,
 *   so the console's addresses look like any missing page;
 * - a console cookie whose session ended (idle, 12 h, signed out elsewhere): to the sign-in page,
 *   which comes back to the page asked for (`next`); a disabled account's: to the sign-in page
 *   saying the account was disabled;
 * - a staff member whose role is not enough: 403.
 */

/** Headers of every console page (the Fastify hook sets them too, on whatever answers). */
export const consoleHeaders = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' })

export const notFound = () => data(null, { status: 404, headers: consoleHeaders() })

export const consoleToken = (request: Request) => readConsoleToken(request.headers.get('cookie'))

/** Whether the request carries a console cookie (a session that may have ended), unlike a visitor's. */
export const hasConsoleSessionCookie = (request: Request) => hasConsoleCookie(request.headers.get('cookie'))

export function consoleRequest(context: AppLoadContext): ConsoleRequest {
  return { ip: context.clientIp, lang: context.lang }
}

/** 404 when the console is off (production without CONSOLE_KEY). */
export function requireConsoleEnabled(context: AppLoadContext): void {
  if (!context.services.console.enabled) throw notFound()
}

/**
 * The signed-in staff member with at least `minimum` (or one of the listed roles), else the
 * response described above. Also slides the session's idle end.
 */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
  minimum: StaffRole | readonly StaffRole[] = 'viewer',
): Promise<StaffSession> {
  requireConsoleEnabled(context)
  const token = consoleToken(request)
  const session = await context.services.console.authenticate(token)
  if (!session) {
    if (hasConsoleCookie(request.headers.get('cookie'))) {
      const url = new URL(request.url)
      const signIn = (await context.services.console.disabledBehind(token))
        ? '/admin/login?disabled=1'
        : request.method === 'GET'
          ? `/admin/login?ended=1${nextQuery(url.pathname + url.search)}`
          : '/admin/login?ended=1'
      throw redirect(signIn, {
        headers: { ...consoleHeaders(), 'Set-Cookie': clearedConsoleCookie(context.siteUrl) },
      })
    }
    throw notFound()
  }
  const allowed =
    typeof minimum === 'string' ? roleAtLeast(session.user.role, minimum) : minimum.includes(session.user.role)
  if (!allowed) throw data(null, { status: 403, headers: consoleHeaders() })
  return session
}

export const sessionCookie = (context: AppLoadContext, token: string) => consoleCookie(context.siteUrl, token)
export const clearedSessionCookie = (context: AppLoadContext) => clearedConsoleCookie(context.siteUrl)

/**
 * Where a sign-in goes afterwards: a console address the sign-in page was sent from (`next`), never
 * another site or the sign-in itself; else the console's start.
 */
export function afterSignIn(next: string | null | undefined): string {
  if (!next || !/^\/admin(?:[/?]|$)/.test(next) || /[\\\s]/.test(next) || next.startsWith('/admin/login'))
    return '/admin'
  return next
}

/** The `next` part of a sign-in address (`&next=…`), or nothing when it would be the console's start. */
export function nextQuery(next: string | null | undefined): string {
  const to = afterSignIn(next)
  return to === '/admin' ? '' : `&next=${encodeURIComponent(to)}`
}
