import { useState, type FormEvent, type ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { RequestKind } from '#shared/service-request-status.ts'
import { ConsentBox, ContactFields, FileField, filesProblem, Honeypot } from './request-fields.tsx'
import type { RequestFormResult } from './request-form.server.ts'

type ContactField = Parameters<Parameters<typeof ContactFields>[0]['errorFor']>[0]

/**
 * What the after-sales form and the inquiry form share (docs/decisions/065-service-requests.md,
 * 069-inquiries.md): the page, the "link mailed" notice, the signed start time and the honeypot,
 * then the kind's own fields (`children`), the contact fields, the consent, the files (last in
 * the body, so a post refused over the total limit still carries every text field), the form's
 * message and the send button.
 */
export function RequestFormShell(props: {
  kind: RequestKind
  title: string
  lead: string
  submitLabel: string
  stamp: string
  member: { name: string; company: string; email: string } | null
  actionData: RequestFormResult | undefined
  form: {
    errors: FieldErrors
    errorFor: (field: ContactField | 'consent') => string | undefined
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
    onInput: (event: FormEvent<HTMLFormElement>) => void
  }
  children: ReactNode
}) {
  const t = useT()
  const lang = useLang()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const [filesError, setFilesError] = useState<string | null>(null)
  const { actionData, member, form } = props
  const values = actionData?.values

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
    form.onSubmit(event)
  }

  return (
    <SubPage section="service" title={props.title}>
      <div className="service-request">
        <p className="service-request__lead">{props.lead}</p>
        <p className="service-request__note">{t(member ? 'serviceRequest.memberNote' : 'serviceRequest.guestNote')}</p>
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="service-request__form"
          onSubmit={submit}
          onInput={form.onInput}
        >
          <input type="hidden" name="lang" value={lang} readOnly />
          <input type="hidden" name="started" value={props.stamp} readOnly />
          <Honeypot />
          {props.children}
          <ContactFields values={values} member={member} errorFor={form.errorFor} />
          <ConsentBox kind={props.kind} checked={values?.consent === 'Y'} error={form.errorFor('consent')} />
          <FileField
            error={filesError ?? (form.errors.files ? t(form.errors.files) : undefined)}
            reattach={actionData?.reattach ?? []}
            onChange={() => setFilesError(null)}
          />
          <FormAlert message={actionData?.message} />
          <SubmitButton busy={busy}>{props.submitLabel}</SubmitButton>
        </Form>
      </div>
    </SubPage>
  )
}
