import { useState, type FormEvent } from 'react'
import { Form, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Field } from '#app/components/form/field.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { SubPage } from '#app/components/sub-page.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { privateHeaders } from '#app/utils/session.server.ts'
import {
  INQUIRY_LIMITS as IL,
  INQUIRY_TOPICS,
  inquirySchema,
  inquiryTopicKey,
  SERVICE_REQUEST_LIMITS as L,
} from '#shared/service-request-rules.ts'
import type { Route } from './+types/inquiry-form'
import { ConsentBox, ContactFields, FileField, filesProblem, Honeypot } from './request-fields.tsx'
import { loadInquiryForm, submitInquiryForm } from './request-form.server.ts'
import './service-request.css'

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...routeMeta(matches, { key: 'inquiry.title' }, { key: 'inquiry.description' }),
    { name: 'robots', content: 'noindex' },
  ]
}

/** A member's contact fields are in it, and a posted form echoes what was typed: never stored by any cache. */
export const headers = privateHeaders

/** /service/as/inquiry (docs/decisions/069-inquiries.md); `?model=` fills the model in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInquiryForm(request, context)
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitInquiryForm(request, context)
}

export default function InquiryFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const { errors, errorFor, onSubmit, onInput } = useFormErrors(inquirySchema, actionData?.errors)
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
    <SubPage section="service" title={t('inquiry.title')}>
      <div className="service-request">
        <p className="service-request__lead">{t('inquiry.lead')}</p>
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
          <fieldset className="service-request__group">
            <legend>{t('inquiry.group.request')}</legend>
            <Field label={t('inquiry.field.topic')} required error={errorFor('topic')}>
              {(control) => (
                <div className="field__control">
                  <select {...control} name="topic" className="field__input" defaultValue={values?.topic ?? ''}>
                    <option value="">{t('serviceRequest.field.symptomChoose')}</option>
                    {INQUIRY_TOPICS.map((topic) => (
                      <option key={topic} value={topic}>
                        {t(inquiryTopicKey(topic))}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </Field>
            <TextInput
              label={t('serviceRequest.field.model')}
              name="model"
              defaultValue={values?.model ?? prefill.model}
              maxLength={IL.model}
              error={errorFor('model')}
            />
            <TextInput
              label={t('inquiry.field.quantity')}
              name="quantity"
              inputMode="numeric"
              maxLength={9}
              defaultValue={values?.quantity ?? ''}
              hint={t('inquiry.field.quotationHint')}
              error={errorFor('quantity')}
            />
            <TextInput
              label={t('inquiry.field.deliveryDate')}
              name="delivery_date"
              type="date"
              defaultValue={values?.delivery_date ?? ''}
              hint={t('inquiry.field.quotationHint')}
              error={errorFor('delivery_date')}
            />
            <Textarea
              label={t('inquiry.field.description')}
              name="description"
              required
              rows={6}
              maxLength={L.description}
              defaultValue={values?.description ?? ''}
              hint={t('inquiry.field.descriptionHint')}
              error={errorFor('description')}
            />
          </fieldset>
          <fieldset className="service-request__group">
            <legend>{t('inquiry.group.technical')}</legend>
            <TextInput
              label={t('inquiry.field.valveType')}
              name="valve_type"
              maxLength={IL.valveType}
              defaultValue={values?.valve_type ?? ''}
              hint={t('inquiry.field.valveTypeHint')}
              error={errorFor('valve_type')}
            />
            <TextInput
              label={t('inquiry.field.valveSize')}
              name="valve_size"
              maxLength={IL.valveSize}
              defaultValue={values?.valve_size ?? ''}
              hint={t('inquiry.field.valveSizeHint')}
              error={errorFor('valve_size')}
            />
            <TextInput
              label={t('inquiry.field.torque')}
              name="torque"
              maxLength={IL.torque}
              defaultValue={values?.torque ?? ''}
              hint={t('inquiry.field.torqueHint')}
              error={errorFor('torque')}
            />
            <TextInput
              label={t('inquiry.field.voltage')}
              name="voltage"
              maxLength={IL.voltage}
              defaultValue={values?.voltage ?? ''}
              hint={t('inquiry.field.voltageHint')}
              error={errorFor('voltage')}
            />
          </fieldset>
          <ContactFields values={values} member={member} errorFor={errorFor} />
          <ConsentBox kind="iq" checked={values?.consent === 'Y'} error={errorFor('consent')} />
          {/* The files come last in the body: a post refused over the total limit still has every text field. */}
          <FileField
            error={filesError ?? (errors.files ? t(errors.files) : undefined)}
            reattach={actionData?.reattach ?? []}
            onChange={() => setFilesError(null)}
          />
          <FormAlert message={actionData?.message} />
          <SubmitButton busy={busy}>{t('inquiry.submit')}</SubmitButton>
        </Form>
      </div>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
