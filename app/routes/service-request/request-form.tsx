import { ErrorPage } from '#app/components/error-page.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { privateHeaders } from '#app/utils/session.server.ts'
import { serviceRequestSchema } from '#shared/service-request-rules.ts'
import type { Route } from './+types/request-form'
import { ProblemFields, ProductFields } from './request-fields.tsx'
import { RequestFormShell } from './request-form-shell.tsx'
import { loadRequestForm, submitRequestForm } from './request-form.server.ts'
import './service-request.css'

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...routeMeta(matches, { key: 'serviceRequest.title' }, { key: 'serviceRequest.description' }),
    { name: 'robots', content: 'noindex' },
  ]
}

/** A member's contact fields are in it, and a posted form echoes what was typed: never stored by any cache. */
export const headers = privateHeaders

/** /service/as/request (docs/decisions/065-service-requests.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRequestForm(request, context)
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitRequestForm(request, context)
}

export default function RequestFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const form = useFormErrors(serviceRequestSchema, actionData?.errors)
  const { member, prefill } = loaderData
  const values = actionData?.values
  return (
    <RequestFormShell
      kind="as"
      title={t('serviceRequest.title')}
      lead={t('serviceRequest.lead')}
      submitLabel={t('serviceRequest.submit')}
      stamp={loaderData.stamp}
      member={member}
      actionData={actionData}
      form={form}
    >
      <ProductFields
        values={values}
        prefill={prefill}
        unit={loaderData.unit}
        serialUnknown={loaderData.serialUnknown}
        errorFor={form.errorFor}
      />
      <ProblemFields values={values} errorFor={form.errorFor} />
    </RequestFormShell>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
