import { useState, type FormEvent } from 'react'
import { Form, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { SubPage } from '#app/components/sub-page.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { privateHeaders } from '#app/utils/session.server.ts'
import { serviceRequestSchema } from '#shared/service-request-rules.ts'
import type { Route } from './+types/request-form'
import {
  ConsentBox,
  ContactFields,
  FileField,
  filesProblem,
  Honeypot,
  ProblemFields,
  ProductFields,
} from './request-fields.tsx'
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
  const lang = useLang()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const { errors, errorFor, onSubmit, onInput } = useFormErrors(serviceRequestSchema, actionData?.errors)
  const [filesError, setFilesError] = useState<string | null>(null)
  const values = actionData?.values
  const { member, prefill } = loaderData

  if (actionData?.sent)
    return (
      <SubPage section="service" title={t('serviceRequest.sent.title')}>
        <div className="service-request">
          <p className="service-request__notice" role="status">
            {t('serviceRequest.sent.body', { email: actionData.sent })}
          </p>
        </div>
      </SubPage>
    )

  function submit(event: FormEvent<HTMLFormElement>) {
    const problem = filesProblem(event.currentTarget)
    if (problem) {
      event.preventDefault()
      setFilesError(t(problem.key, { name: problem.name ?? '' }))
      event.currentTarget.querySelector<HTMLElement>('input[type="file"]')?.focus()
      return
    }
    setFilesError(null)
    onSubmit(event)
  }

  return (
    <SubPage section="service" title={t('serviceRequest.title')}>
      <div className="service-request">
        <p className="service-request__lead">{t('serviceRequest.lead')}</p>
        <p className="service-request__note">{t(member ? 'serviceRequest.memberNote' : 'serviceRequest.guestNote')}</p>
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="service-request__form"
          onSubmit={submit}
          onInput={onInput}
        >
          <input type="hidden" name="lang" value={lang} readOnly />
          <input type="hidden" name="started" value={loaderData.stamp} readOnly />
          <Honeypot />
          <ProductFields
            values={values}
            prefill={prefill}
            unit={loaderData.unit}
            serialUnknown={loaderData.serialUnknown}
            errorFor={errorFor}
          />
          <ProblemFields values={values} errorFor={errorFor} />
          <ContactFields values={values} member={member} errorFor={errorFor} />
          <ConsentBox checked={values?.consent === 'Y'} error={errorFor('consent')} />
          {/* The files come last in the body: a post refused over the total limit still has every text field. */}
          <FileField
            error={filesError ?? (errors.files ? t(errors.files) : undefined)}
            reattach={actionData?.reattach ?? []}
            onChange={() => setFilesError(null)}
          />
          <FormAlert message={actionData?.message} />
          <SubmitButton busy={busy}>{t('serviceRequest.submit')}</SubmitButton>
        </Form>
      </div>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
