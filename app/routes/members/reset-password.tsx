import { data, Form, Link, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, requestInfo } from '#app/utils/session.server.ts'
import { codeField, fieldErrors, passwordResetFormSchema, type FieldErrors } from '#shared/member-rules.ts'
import type { Route } from './+types/reset-password'
import { NewPasswordFields } from './new-password-fields.tsx'
import { useFormErrors } from './use-form-errors.ts'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return [...routeMeta(matches, { key: 'reset.title' }, { key: 'reset.description' }), { name: 'robots', content: 'noindex' }]
}

/** The address carries a single-use code: not cached, and not passed on as a referrer. */
export const headers = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' })

/** Checks the e-mailed code without using it up (mail scanners fetch links too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = codeField.safeParse(token).success && (await context.services.members.checkResetCode(token))
  return { valid, token: valid ? token : '' }
}

type ResetResult = { done?: true; invalid?: true; errors: FieldErrors; message?: MessageKey }

export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const parsed = passwordResetFormSchema.safeParse(values)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    if (errors.token) return data<ResetResult>({ invalid: true, errors: {} }, { status: 400 })
    return data<ResetResult>({ errors }, { status: 400 })
  }
  const result = await context.services.members.resetPassword({ code: parsed.data.token, password: parsed.data.password }, requestInfo(context))
  if (result.ok) return { done: true, errors: {} } satisfies ResetResult
  if (result.limited) return data<ResetResult>({ errors: {}, message: 'api.tooManyRequests' }, { status: 429 })
  return data<ResetResult>({ invalid: true, errors: {} }, { status: 400 })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const navigation = useNavigation()
  const result = actionData as ResetResult | undefined
  const { errors, onSubmit, onChange } = useFormErrors(passwordResetFormSchema, result?.errors)
  const busy = navigation.state !== 'idle'
  const err = (field: string) => (errors[field] ? t(errors[field] as MessageKey) : undefined)

  let body
  if (result?.done) {
    body = (
      <div className="member-result" role="status">
        <h2 className="member-result__title">{t('reset.done')}</h2>
        <div className="member-result__actions">
          <Link className="button button--primary" to="/login">
            {t('reset.login')}
          </Link>
        </div>
      </div>
    )
  } else if (!loaderData.valid || result?.invalid) {
    body = (
      <div className="member-result" role="alert">
        <h2 className="member-result__title">{t('confirm.failed')}</h2>
        <p>{t('member.error.resetInvalid')}</p>
        <div className="member-result__actions">
          <Link className="button button--primary" to="/login">
            {t('reset.findPassword')}
          </Link>
        </div>
      </div>
    )
  } else {
    body = (
      <Form method="post" noValidate className="member-form" onSubmit={onSubmit} onChange={onChange}>
        <p className="member-note">{t('reset.description')}</p>
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields name="password" confirmName="password_confirm" labelKey="mypage.newPassword" confirmLabelKey="mypage.newPasswordConfirm" error={err} />
        {result?.message ? (
          <p className="member-form__alert" role="alert">
            {t(result.message)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary member-form__submit" disabled={busy}>
          {t('reset.submit')}
        </button>
      </Form>
    )
  }

  return (
    <SubPage section="member" title={t('reset.title')}>
      <div className="member-card">{body}</div>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
