import { ErrorPage } from '#app/components/error-page.tsx'
import { Field } from '#app/components/form/field.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useT } from '#app/i18n/use-lang.ts'
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
import { RequestFormShell } from './request-form-shell.tsx'
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
  const form = useFormErrors(inquirySchema, actionData?.errors)
  const { member, prefill } = loaderData
  const values = actionData?.values
  return (
    <RequestFormShell
      kind="iq"
      title={t('inquiry.title')}
      lead={t('inquiry.lead')}
      submitLabel={t('inquiry.submit')}
      stamp={loaderData.stamp}
      member={member}
      actionData={actionData}
      form={form}
    >
      <fieldset className="service-request__group">
        <legend>{t('inquiry.group.request')}</legend>
        <Field label={t('inquiry.field.topic')} required error={form.errorFor('topic')}>
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
          error={form.errorFor('model')}
        />
        <TextInput
          label={t('inquiry.field.quantity')}
          name="quantity"
          inputMode="numeric"
          maxLength={9}
          defaultValue={values?.quantity ?? ''}
          hint={t('inquiry.field.quotationHint')}
          error={form.errorFor('quantity')}
        />
        <TextInput
          label={t('inquiry.field.deliveryDate')}
          name="delivery_date"
          type="date"
          defaultValue={values?.delivery_date ?? ''}
          hint={t('inquiry.field.quotationHint')}
          error={form.errorFor('delivery_date')}
        />
        <Textarea
          label={t('inquiry.field.description')}
          name="description"
          required
          rows={6}
          maxLength={L.description}
          defaultValue={values?.description ?? ''}
          hint={t('inquiry.field.descriptionHint')}
          error={form.errorFor('description')}
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
          error={form.errorFor('valve_type')}
        />
        <TextInput
          label={t('inquiry.field.valveSize')}
          name="valve_size"
          maxLength={IL.valveSize}
          defaultValue={values?.valve_size ?? ''}
          hint={t('inquiry.field.valveSizeHint')}
          error={form.errorFor('valve_size')}
        />
        <TextInput
          label={t('inquiry.field.torque')}
          name="torque"
          maxLength={IL.torque}
          defaultValue={values?.torque ?? ''}
          hint={t('inquiry.field.torqueHint')}
          error={form.errorFor('torque')}
        />
        <TextInput
          label={t('inquiry.field.voltage')}
          name="voltage"
          maxLength={IL.voltage}
          defaultValue={values?.voltage ?? ''}
          hint={t('inquiry.field.voltageHint')}
          error={form.errorFor('voltage')}
        />
      </fieldset>
    </RequestFormShell>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
