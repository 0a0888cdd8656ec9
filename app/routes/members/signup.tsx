import { useEffect, useState } from 'react'
import { data, Form, useNavigate, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, requestInfo } from '#app/utils/session.server.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'
import { signUpFormSchema } from '#shared/member-rules.ts'
import { anonymousOnlyLoader, privateHeaders } from './member-page.server.ts'
import type { Route } from './+types/signup'
import { NewPasswordFields } from '#app/components/form/new-password-fields.tsx'
import { UsernameInput } from './username-input.tsx'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'signup.title' }, { key: 'signup.description' })
}

export const headers = privateHeaders
export const loader = anonymousOnlyLoader

type SignUpResult = FormResult & { ok?: true; exists?: true }

export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const parsed = signUpFormSchema.safeParse(values)
  if (!parsed.success) return data<SignUpResult>({ errors: fieldErrors(parsed.error) }, { status: 400 })
  const result = await context.services.members.signUp(parsed.data, requestInfo(context))
  if (result.ok) return data<SignUpResult>({ ok: true, errors: {} })
  if (result.reason === 'exists')
    return data<SignUpResult>({ errors: { username: 'member.error.alreadyRegistered' }, exists: true }, { status: 409 })
  const key = result.cause === 'recipient' ? 'member.error.tooManyMails' : 'api.tooManyRequests'
  return data<SignUpResult>({ errors: {}, message: { key } }, { status: 429 })
}

/** The availability check of the ID (GET check/nickname) when the e-mail field is left. */
function useAvailability() {
  const [state, setState] = useState<{ value: string; available: boolean } | null>(null)
  async function check(value: string) {
    const trimmed = value.trim()
    if (!trimmed || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)) return setState(null)
    try {
      const res = await fetch(`/api/check/nickname?nickname=${encodeURIComponent(trimmed)}`, {
        headers: { accept: 'application/json' },
      })
      if (!res.ok) return setState(null)
      const body = (await res.json()) as { data?: { available?: boolean } }
      setState({ value: trimmed, available: body.data?.available === true })
    } catch {
      setState(null)
    }
  }
  return { state, check, reset: () => setState(null) }
}

/** A required consent checkbox with the link to its terms (new tab). */
function Consent(props: {
  name: string
  label: string
  href: string
  linkText: string
  onChecked: () => void
  error: string | undefined
}) {
  const t = useT()
  return (
    <div className="consent">
      {/* Uncontrolled, so a tick given before the page is hydrated stays. */}
      <Checkbox
        name={props.name}
        value="Y"
        defaultChecked={false}
        onChange={(value) => {
          if (value) props.onChecked()
        }}
        label={
          <>
            <span className="field__required">{t('form.required')} </span>
            {props.label}
          </>
        }
        error={props.error}
      />
      <a className="consent__link" href={props.href} target="_blank" rel="noopener">
        {props.linkText}
      </a>
    </div>
  )
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const result = actionData
  const { errorFor, onSubmit, onInput, clearError } = useFormErrors(signUpFormSchema, result?.errors)
  const [existsOpen, setExistsOpen] = useState(false)
  const availability = useAvailability()

  useEffect(() => {
    if (result?.ok) navigate('/', { replace: true, state: { flash: 'signup.sent' } })
    if (result?.exists) setExistsOpen(true)
  }, [result, navigate])

  const available = availability.state?.available ? t('signup.available') : undefined

  return (
    <SubPage section="member" title={t('signup.title')}>
      <div className="member-card member-card--wide">
        {result?.ok ? (
          <p className="member-form__notice" role="status">
            {t('signup.sent')}
          </p>
        ) : null}
        <Form method="post" noValidate className="member-form" onSubmit={onSubmit} onInput={onInput}>
          <input type="hidden" name="lang" value={lang} />
          <fieldset className="member-form__group">
            <legend>{t('signup.affiliation')}</legend>
            <TextInput
              label={t('member.company')}
              name="company"
              autoComplete="organization"
              maxLength={MEMBER_LIMITS.company}
              required
              error={errorFor('company')}
            />
            <TextInput
              label={t('member.division')}
              name="division"
              maxLength={MEMBER_LIMITS.division}
              required
              error={errorFor('division')}
            />
          </fieldset>
          <fieldset className="member-form__group">
            <legend>{t('signup.personal')}</legend>
            <TextInput
              label={t('member.name')}
              name="name"
              autoComplete="name"
              maxLength={MEMBER_LIMITS.name}
              required
              error={errorFor('name')}
            />
            <UsernameInput
              autoComplete="email"
              placeholder
              error={
                errorFor('username') ??
                (availability.state?.available === false ? t('member.error.alreadyRegistered') : undefined)
              }
              hint={available}
              onBlur={(value) => void availability.check(value)}
              onInput={() => availability.reset()}
            />
            <NewPasswordFields
              name="password"
              confirmName="password_confirm"
              labelKey="member.password"
              confirmLabelKey="member.passwordConfirm"
              error={errorFor}
            />
          </fieldset>
          <fieldset className="member-form__group">
            <legend>{t('signup.consents')}</legend>
            <Consent
              name="consent_service"
              label={t('signup.consentService')}
              href="/terms/service"
              linkText={t('signup.viewService')}
              onChecked={() => clearError('consent_service')}
              error={errorFor('consent_service')}
            />
            <Consent
              name="consent_privacy"
              label={t('signup.consentPrivacy')}
              href="/terms/privacy"
              linkText={t('signup.viewPrivacy')}
              onChecked={() => clearError('consent_privacy')}
              error={errorFor('consent_privacy')}
            />
          </fieldset>
          <FormAlert message={result?.message} />
          <SubmitButton busy={busy}>{t('signup.submit')}</SubmitButton>
        </Form>
      </div>
      <Modal
        open={existsOpen}
        onClose={() => setExistsOpen(false)}
        confirmText={t('signup.toLogin')}
        onConfirm={() => {
          setExistsOpen(false)
          navigate('/login')
        }}
      >
        <p>{t('member.error.alreadyRegistered')}</p>
      </Modal>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
