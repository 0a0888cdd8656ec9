import { useEffect, useState } from 'react'
import { data, Form, useNavigate, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { TextInput } from '#app/components/ui/text-input.tsx'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, requestInfo, requireAnonymous } from '#app/utils/session.server.ts'
import { fieldErrors, MEMBER_LIMITS, signUpFormSchema, type FieldErrors } from '#shared/member-rules.ts'
import type { Route } from './+types/signup'
import { NewPasswordFields } from './new-password-fields.tsx'
import { useFormErrors } from './use-form-errors.ts'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'signup.title' }, { key: 'signup.description' })
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' })

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context)
  return null
}

type SignUpResult = { ok?: true; errors: FieldErrors; exists?: boolean; message?: MessageKey }

export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const parsed = signUpFormSchema.safeParse(values)
  if (!parsed.success) return data<SignUpResult>({ errors: fieldErrors(parsed.error) }, { status: 400 })
  const result = await context.services.members.signUp(parsed.data, requestInfo(context))
  if (result.ok) return { ok: true, errors: {} } satisfies SignUpResult
  if (result.reason === 'exists') return data<SignUpResult>({ errors: { username: 'member.error.alreadyRegistered' }, exists: true }, { status: 409 })
  return data<SignUpResult>({ errors: {}, message: 'api.tooManyRequests' }, { status: 429 })
}

/** The availability check of the ID (GET check/nickname) when the e-mail field is left. */
function useAvailability() {
  const [state, setState] = useState<{ value: string; available: boolean } | null>(null)
  async function check(value: string) {
    const trimmed = value.trim()
    if (!trimmed || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)) return setState(null)
    try {
      const res = await fetch(`/api/check/nickname?nickname=${encodeURIComponent(trimmed)}`, { headers: { accept: 'application/json' } })
      if (!res.ok) return setState(null)
      const body = (await res.json()) as { data?: { available?: boolean } }
      setState({ value: trimmed, available: body.data?.available === true })
    } catch {
      setState(null)
    }
  }
  return { state, check, reset: () => setState(null) }
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const result = actionData as SignUpResult | undefined
  const { errors, onSubmit, onChange, setErrors } = useFormErrors(signUpFormSchema, result?.errors)
  const [consents, setConsents] = useState({ service: false, privacy: false })
  const [existsOpen, setExistsOpen] = useState(false)
  const availability = useAvailability()

  useEffect(() => {
    if (result?.ok) navigate('/', { replace: true, state: { flash: 'signup.sent' } })
    if (result?.exists) setExistsOpen(true)
  }, [result, navigate])

  const err = (field: string) => (errors[field] ? t(errors[field] as MessageKey) : undefined)
  const available = availability.state?.available ? t('signup.available') : undefined

  return (
    <SubPage section="member" title={t('signup.title')}>
      <div className="member-card member-card--wide">
        {result?.ok ? (
          <p className="member-form__notice" role="status">
            {t('signup.sent')}
          </p>
        ) : null}
        <Form method="post" noValidate className="member-form" onSubmit={onSubmit} onChange={onChange}>
          <input type="hidden" name="lang" value={lang} />
          <fieldset className="member-form__group">
            <legend>{t('signup.affiliation')}</legend>
            <TextInput label={t('member.company')} name="company" autoComplete="organization" maxLength={MEMBER_LIMITS.company} required error={err('company')} />
            <TextInput label={t('member.division')} name="division" maxLength={MEMBER_LIMITS.division} required error={err('division')} />
          </fieldset>
          <fieldset className="member-form__group">
            <legend>{t('signup.personal')}</legend>
            <TextInput label={t('member.name')} name="name" autoComplete="name" maxLength={MEMBER_LIMITS.name} required error={err('name')} />
            <TextInput
              label={t('member.username')}
              name="username"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('member.usernamePlaceholder')}
              maxLength={MEMBER_LIMITS.username}
              required
              error={err('username') ?? (availability.state?.available === false ? t('member.error.alreadyRegistered') : undefined)}
              hint={available}
              onBlur={(e) => void availability.check(e.currentTarget.value)}
              onInput={() => availability.reset()}
            />
            <NewPasswordFields name="password" confirmName="password_confirm" labelKey="member.password" confirmLabelKey="member.passwordConfirm" error={err} />
          </fieldset>
          <fieldset className="member-form__group">
            <legend>{t('signup.consents')}</legend>
            <div className="consent">
              <Checkbox
                name="consent_service"
                value="Y"
                checked={consents.service}
                onChange={(checked) => {
                  setConsents((c) => ({ ...c, service: checked }))
                  if (checked) setErrors(({ consent_service: _, ...rest }) => rest)
                }}
                label={
                  <>
                    <span className="field__required">{t('form.required')} </span>
                    {t('signup.consentService')}
                  </>
                }
                error={err('consent_service')}
              />
              <a className="consent__link" href="/terms/service" target="_blank" rel="noopener">
                {t('signup.viewService')}
              </a>
            </div>
            <div className="consent">
              <Checkbox
                name="consent_privacy"
                value="Y"
                checked={consents.privacy}
                onChange={(checked) => {
                  setConsents((c) => ({ ...c, privacy: checked }))
                  if (checked) setErrors(({ consent_privacy: _, ...rest }) => rest)
                }}
                label={
                  <>
                    <span className="field__required">{t('form.required')} </span>
                    {t('signup.consentPrivacy')}
                  </>
                }
                error={err('consent_privacy')}
              />
              <a className="consent__link" href="/terms/privacy" target="_blank" rel="noopener">
                {t('signup.viewPrivacy')}
              </a>
            </div>
          </fieldset>
          {result?.message ? (
            <p className="member-form__alert" role="alert">
              {t(result.message)}
            </p>
          ) : null}
          <button type="submit" className="button button--primary member-form__submit" disabled={busy}>
            {t('signup.submit')}
          </button>
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
