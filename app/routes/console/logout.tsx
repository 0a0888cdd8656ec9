import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { clearedSessionCookie, consoleHeaders, consoleRequest, consoleToken, notFound } from './console.server.ts'

/** Nothing to show: only the sign-out form posts here. */
export function loader() {
  throw notFound()
}

/** Ends the console session on the server (and a pending sign-in), clears the cookie, back to sign-in. */
export async function action({ request, context }: Route.ActionArgs) {
  await context.services.console.signOut(consoleToken(request), consoleRequest(context))
  throw redirect('/admin/login?signed-out=1', {
    headers: { ...consoleHeaders(), 'Set-Cookie': clearedSessionCookie(context) },
  })
}
