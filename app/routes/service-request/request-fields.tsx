import { Field } from '#app/components/form/field.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import {
  ATTACHMENT_RULES,
  CONSENT_VERSION,
  DEFAULT_REGION,
  HONEYPOT_FIELD,
  INQUIRY_CONSENT_VERSION,
  regionKey,
  SERVICE_REQUEST_LIMITS as L,
  symptomKey,
  SYMPTOMS,
  type ServiceRequestField,
} from '#shared/service-request-rules.ts'
import { REQUEST_REGIONS, type RequestKind } from '#shared/service-request-status.ts'
import type { FormValues } from './request-form.server.ts'

type ErrorFor = (field: ServiceRequestField) => string | undefined
/** The contact fields have the same names on both forms. */
type ContactField = 'region' | 'name' | 'company' | 'phone' | 'email' | 'contact_time'

/** Hidden from people (off screen, out of the tab order); a robot filling every field fills it. */
export function Honeypot() {
  const t = useT()
  return (
    <div className="service-request__trap">
      <label htmlFor="service-request-website">{t('serviceRequest.field.honeypot')}</label>
      <input id="service-request-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  )
}

export function ProductFields(props: {
  values: FormValues | undefined
  prefill: { serial: string; model: string }
  unit: { serial: string; model: string } | null
  serialUnknown: boolean
  errorFor: ErrorFor
}) {
  const t = useT()
  const { values, prefill, unit } = props
  const serialError =
    props.errorFor('serial') ?? (!values && props.serialUnknown ? t('serviceRequest.error.serialUnknown') : undefined)
  return (
    <fieldset className="service-request__group">
      <legend>{t('serviceRequest.group.product')}</legend>
      <TextInput
        label={t('serviceRequest.field.serial')}
        name="serial"
        defaultValue={values?.serial ?? prefill.serial}
        maxLength={L.serial}
        autoCapitalize="characters"
        hint={
          unit && !values
            ? t('serviceRequest.field.serialKnown', { model: unit.model || '-' })
            : t('serviceRequest.field.serialHint')
        }
        error={serialError}
      />
      <TextInput
        label={t('serviceRequest.field.model')}
        name="model"
        defaultValue={values?.model ?? prefill.model}
        maxLength={L.model}
        error={props.errorFor('model')}
      />
      <TextInput
        label={t('serviceRequest.field.site')}
        name="site"
        defaultValue={values?.site ?? ''}
        maxLength={L.site}
        error={props.errorFor('site')}
      />
    </fieldset>
  )
}

export function ProblemFields({ values, errorFor }: { values: FormValues | undefined; errorFor: ErrorFor }) {
  const t = useT()
  return (
    <fieldset className="service-request__group">
      <legend>{t('serviceRequest.group.problem')}</legend>
      <Field label={t('serviceRequest.field.symptom')} required error={errorFor('symptom')}>
        {(control) => (
          <div className="field__control">
            <select {...control} name="symptom" className="field__input" defaultValue={values?.symptom ?? ''}>
              <option value="">{t('serviceRequest.field.symptomChoose')}</option>
              {SYMPTOMS.map((s) => (
                <option key={s} value={s}>
                  {t(symptomKey(s))}
                </option>
              ))}
            </select>
          </div>
        )}
      </Field>
      <Textarea
        label={t('serviceRequest.field.description')}
        name="description"
        required
        rows={6}
        maxLength={L.description}
        defaultValue={values?.description ?? ''}
        hint={t('serviceRequest.field.descriptionHint')}
        error={errorFor('description')}
      />
    </fieldset>
  )
}

export function FileField(props: { error: string | undefined; reattach: string[]; onChange: () => void }) {
  const t = useT()
  return (
    <fieldset className="service-request__group">
      <legend>{t('serviceRequest.group.files')}</legend>
      <Field label={t('serviceRequest.field.files')} hint={t('serviceRequest.field.filesHint')} error={props.error}>
        {(control) => (
          <div className="field__control">
            <input
              {...control}
              type="file"
              name="files"
              multiple
              accept={ATTACHMENT_RULES.accept}
              className="field__input service-request__file"
              onChange={props.onChange}
            />
          </div>
        )}
      </Field>
      {props.reattach.length ? (
        <p className="service-request__reattach" role="status">
          {t('serviceRequest.error.reattach', { names: props.reattach.join(', ') })}
        </p>
      ) : null}
    </fieldset>
  )
}

export function ContactFields(props: {
  values: FormValues | undefined
  member: { name: string; company: string; email: string } | null
  errorFor: (field: ContactField) => string | undefined
}) {
  const t = useT()
  const { values, member, errorFor } = props
  return (
    <fieldset className="service-request__group">
      <legend>{t('serviceRequest.group.contact')}</legend>
      <TextInput
        label={t('serviceRequest.field.name')}
        name="name"
        required
        autoComplete="name"
        maxLength={L.name}
        defaultValue={values?.name ?? member?.name ?? ''}
        error={errorFor('name')}
      />
      <TextInput
        label={t('serviceRequest.field.company')}
        name="company"
        required
        autoComplete="organization"
        maxLength={L.company}
        defaultValue={values?.company ?? member?.company ?? ''}
        error={errorFor('company')}
      />
      <TextInput
        label={t('serviceRequest.field.phone')}
        name="phone"
        type="tel"
        required
        autoComplete="tel"
        maxLength={L.phone}
        defaultValue={values?.phone ?? ''}
        error={errorFor('phone')}
      />
      <TextInput
        label={t('serviceRequest.field.email')}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={L.email}
        readOnly={member !== null}
        defaultValue={member?.email ?? values?.email ?? ''}
        hint={member ? t('serviceRequest.field.emailMember') : undefined}
        error={errorFor('email')}
      />
      <Field
        label={t('serviceRequest.field.region')}
        required
        hint={t('serviceRequest.field.regionHint')}
        error={errorFor('region')}
      >
        {(control) => (
          <div className="field__control">
            <select {...control} name="region" className="field__input" defaultValue={values?.region ?? DEFAULT_REGION}>
              {REQUEST_REGIONS.map((r) => (
                <option key={r} value={r}>
                  {t(regionKey(r))}
                </option>
              ))}
            </select>
          </div>
        )}
      </Field>
      <TextInput
        label={t('serviceRequest.field.contactTime')}
        name="contact_time"
        maxLength={L.contactTime}
        defaultValue={values?.contact_time ?? ''}
        hint={t('serviceRequest.field.contactTimeHint')}
        error={errorFor('contact_time')}
      />
    </fieldset>
  )
}

const CONSENT: Record<RequestKind, { keys: MessageKey[]; version: string }> = {
  as: {
    keys: [
      'serviceRequest.consent.purpose',
      'serviceRequest.consent.items',
      'serviceRequest.consent.retention',
      'serviceRequest.consent.refuse',
    ],
    version: CONSENT_VERSION,
  },
  iq: {
    keys: ['inquiry.consent.purpose', 'inquiry.consent.items', 'inquiry.consent.retention', 'inquiry.consent.refuse'],
    version: INQUIRY_CONSENT_VERSION,
  },
}

/** The PIPA consent of the form's kind: purpose, items and retention beside the box, and the version given. */
export function ConsentBox({
  kind = 'as',
  checked: initially,
  error,
}: {
  kind?: RequestKind
  checked: boolean
  error: string | undefined
}) {
  const t = useT()
  const consent = CONSENT[kind]
  return (
    <fieldset className="service-request__group">
      <legend>{t('serviceRequest.group.consent')}</legend>
      <ul className="service-request__consent" id="service-request-consent-terms">
        {consent.keys.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p className="service-request__version">{t('serviceRequest.consent.version', { version: consent.version })}</p>
      <Checkbox
        name="consent"
        value="Y"
        defaultChecked={initially}
        label={
          <>
            <span className="field__required">{t('form.required')} </span>
            {t('serviceRequest.consent.label')}
          </>
        }
        error={error}
      />
    </fieldset>
  )
}

/** The attachment rules the browser can check before sending (the server checks them again, from the bytes). */
export function filesProblem(form: HTMLFormElement): { key: MessageKey; name?: string } | null {
  const input = form.querySelector<HTMLInputElement>('input[type="file"]')
  const files = [...(input?.files ?? [])]
  if (files.length > ATTACHMENT_RULES.count) return { key: 'serviceRequest.error.fileCount' }
  const large = files.find((f) => f.size > ATTACHMENT_RULES.fileBytes)
  if (large) return { key: 'serviceRequest.error.fileTooLarge', name: large.name }
  if (files.reduce((sum, f) => sum + f.size, 0) > ATTACHMENT_RULES.totalBytes)
    return { key: 'serviceRequest.error.filesTotal' }
  return null
}
