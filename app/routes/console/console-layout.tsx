import { Outlet } from 'react-router'
import { SiteErrorPage } from '#app/components/layout/site-frame.tsx'
import type { Route } from './+types/console-layout'
import { ConsoleFrame } from './console-frame.tsx'
import { notFoundMeta } from './console-meta.ts'
import { SaveGuard } from './save-guard.tsx'
import { consoleHeaders, requireStaff } from './console.server.ts'

/**
 * `/admin/*` once signed in: the guard, then the console's frame. Anyone without a console session
 * gets the site's own 404 page (ErrorBoundary below), never a hint that the console exists.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const inboxNew = await context.services.serviceInbox.countNew()
  return { user: { name: staff.user.name, role: staff.user.role, username: staff.user.username }, inboxNew }
}

export const headers = consoleHeaders

export function meta({ matches, error }: Route.MetaArgs) {
  return error ? notFoundMeta(matches) : []
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleFrame user={loaderData.user} inboxNew={loaderData.inboxNew}>
      <Outlet />
      <SaveGuard username={loaderData.user.username} />
    </ConsoleFrame>
  )
}

export function ErrorBoundary() {
  return <SiteErrorPage />
}
