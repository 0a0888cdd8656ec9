import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, privateHeaders } from '#app/utils/session.server.ts'
import { SERVICE_REQUEST_PATH } from '#shared/service-request-paths.ts'
import type { Route } from './+types/request-confirm'
import './service-request.css'

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...routeMeta(matches, { key: 'serviceRequest.confirm.title' }, { key: 'serviceRequest.confirm.title' }),
    { name: 'robots', content: 'noindex' },
  ]
}

/**
 * The address carries a single-use token: not cached, and passed on as a referrer only to this site
 * (`same-origin`, so its form also posts without JavaScript).
 */
export const headers = () => ({ ...privateHeaders(), 'Referrer-Policy': 'same-origin' })

/**
 * The e-mail link shows a button that posts its token: opening the link does not use it up, so a
 * mail scanner that fetches links cannot confirm a request (as the members' confirmation page).
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { token: token.slice(0, 64) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const accepted = await context.services.serviceRequests.confirm(values.token ?? '')
  if (!accepted) return data({ invalid: true }, { status: 400 })
  return redirect(`${accepted.statusHref}&new=1`, { headers: { 'Referrer-Policy': 'same-origin' } })
}

export default function RequestConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const navigation = useNavigation()
  const invalid = actionData?.invalid || !loaderData.token
  return (
    <SubPage
      section="service"
      title={t(invalid ? 'serviceRequest.confirm.invalidTitle' : 'serviceRequest.confirm.title')}
    >
      <div className="service-request">
        {invalid ? (
          <>
            <p className="service-request__lead" role="alert">
              {t('serviceRequest.confirm.invalidBody')}
            </p>
            <Link className="button button--outline" to={SERVICE_REQUEST_PATH}>
              {t('serviceRequest.confirm.again')}
            </Link>
          </>
        ) : (
          <Form method="post" className="service-request__form">
            <p className="service-request__lead">{t('serviceRequest.confirm.body')}</p>
            <input type="hidden" name="token" value={loaderData.token} readOnly />
            <SubmitButton busy={navigation.state !== 'idle'}>{t('serviceRequest.confirm.button')}</SubmitButton>
          </Form>
        )}
      </div>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
