import { data } from 'react-router'
import { fieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { secondFactorSchema, staffLoginSchema } from '#shared/staff-rules.ts'
import { formValues } from '#app/utils/session.server.ts'
import type { Route } from './+types/session'
import {
  consoleHeaders,
  consoleRequest,
  consoleToken,
  hasConsoleSessionCookie,
  notFound,
  requireConsoleEnabled,
  sessionCookie,
} from './console.server.ts'

/**
 * `/admin/session`: what a console page asks before it sends a save (app/routes/console/save-guard.tsx),
 * so that a session that ended never turns a save into a lost page.
 * - GET: `{ state: 'active' }`, or for a console cookie whose session ended `{ state: 'ended' }` (or
 *   `'disabled'`: an administrator disabled the account); the site's 404 without any console cookie,
 *   like every console address.
 * - POST: signs in again in one step (e-mail, password and the authenticator or a recovery code), so
 *   the page can send its save after it. The same checks, limits and audit as /admin/login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleEnabled(context)
  if (await context.services.console.authenticate(consoleToken(request)))
    return data({ state: 'active' as const }, { headers: consoleHeaders() })
  if (!hasConsoleSessionCookie(request)) throw notFound()
  const disabled = await context.services.console.disabledBehind(consoleToken(request))
  return data({ state: disabled ? ('disabled' as const) : ('ended' as const) }, { headers: consoleHeaders() })
}

export type SignInAgain =
  | { ok: true }
  | { ok: false; errors: Record<string, MessageKey>; message?: { key: MessageKey; vars?: Record<string, number> } }

const refused = (answer: Extract<SignInAgain, { ok: false }>, status: number, extra: Record<string, string> = {}) =>
  data<SignInAgain>(answer, { status, headers: { ...consoleHeaders(), ...extra } })

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleEnabled(context)
  const values = await formValues(request)
  const credentials = staffLoginSchema.safeParse(values)
  const second = secondFactorSchema.safeParse(values)
  if (!credentials.success || !second.success)
    return refused(
      {
        ok: false,
        errors: {
          ...(credentials.success ? {} : fieldErrors(credentials.error)),
          ...(second.success ? {} : fieldErrors(second.error)),
        } as Record<string, MessageKey>,
      },
      400,
    )
  const service = context.services.console
  const req = consoleRequest(context)
  const tooMany = (retryAfterSec: number) =>
    refused(
      { ok: false, errors: {}, message: { key: 'console.error.tooMany', vars: { minutes: minutes(retryAfterSec) } } },
      429,
      { 'Retry-After': String(retryAfterSec) },
    )
  const failed = () => refused({ ok: false, errors: {}, message: { key: 'console.guard.failed' } }, 401)

  const first = await service.signInPassword(credentials.data, req)
  if (!first.ok) return first.reason === 'limited' ? tooMany(first.retryAfterSec) : failed()
  const signedIn = await service.signInSecondFactor(first.pendingToken, second.data.code, req)
  if (!signedIn.ok) return signedIn.reason === 'limited' ? tooMany(signedIn.retryAfterSec) : failed()
  return data<SignInAgain>(
    { ok: true },
    { headers: { ...consoleHeaders(), 'Set-Cookie': sessionCookie(context, signedIn.sessionToken) } },
  )
}
