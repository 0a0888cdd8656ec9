import { ErrorPage } from '#app/components/error-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import type { Route } from './+types/dashboard'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.dashboard.title')
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const minutesLeft = Math.max(0, Math.floor(staff.remainingMs / 60_000))
  return {
    name: staff.user.name,
    username: staff.user.username,
    role: staff.user.role,
    minutesLeft,
    endsAt: staff.endsAt.toISOString(),
  }
}

export const headers = consoleHeaders

/** Who is signed in, with which role, and how long the session has left. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <>
      <h1>{t('console.dashboard.title')}</h1>
      <section className="console-card" aria-labelledby="dashboard-account">
        <h2 id="dashboard-account">{t('console.dashboard.welcome', { name: loaderData.name })}</h2>
        <dl className="console-facts">
          <dt>{t('console.dashboard.account')}</dt>
          <dd data-testid="dashboard-account">{loaderData.username}</dd>
          <dt>{t('console.dashboard.role')}</dt>
          <dd data-testid="dashboard-role">{t(`console.role.${loaderData.role}`)}</dd>
          <dt>{t('console.dashboard.remaining')}</dt>
          <dd data-testid="dashboard-remaining">
            <time dateTime={loaderData.endsAt}>
              {t('console.dashboard.minutes', { minutes: loaderData.minutesLeft })}
            </time>
          </dd>
        </dl>
        <p className="console-muted">{t('console.dashboard.sessionRule')}</p>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
