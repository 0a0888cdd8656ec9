import { data, Form, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, requestInfo } from '#app/utils/session.server.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { codeField, passwordResetFormSchema } from '#shared/member-rules.ts'
import { oneTimeLinkHeaders } from './member-page.server.ts'
import type { Route } from './+types/reset-password'
import { MemberResult } from './member-result.tsx'
import { NewPasswordFields } from '#app/components/form/new-password-fields.tsx'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...routeMeta(matches, { key: 'reset.title' }, { key: 'reset.description' }),
    { name: 'robots', content: 'noindex' },
  ]
}

/** The address carries a single-use code: not cached, and not passed on as a referrer. */
export const headers = oneTimeLinkHeaders

/** Checks the e-mailed code without using it up (mail scanners fetch links too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = codeField.safeParse(token).success && (await context.services.members.checkResetCode(token))
  return { valid, token: valid ? token : '' }
}

type ResetResult = FormResult & { done?: true; invalid?: true }

export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const parsed = passwordResetFormSchema.safeParse(values)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    if (errors.token) return data<ResetResult>({ invalid: true, errors: {} }, { status: 400 })
    return data<ResetResult>({ errors }, { status: 400 })
  }
  const result = await context.services.members.resetPassword(
    { code: parsed.data.token, password: parsed.data.password },
    requestInfo(context),
  )
  if (result.ok) return data<ResetResult>({ done: true, errors: {} })
  if (result.limited) return data<ResetResult>({ errors: {}, message: { key: 'api.tooManyRequests' } }, { status: 429 })
  return data<ResetResult>({ invalid: true, errors: {} }, { status: 400 })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const navigation = useNavigation()
  const result = actionData
  const { errorFor, onSubmit, onInput } = useFormErrors(passwordResetFormSchema, result?.errors)
  const busy = navigation.state !== 'idle'

  let body
  if (result?.done) {
    body = <MemberResult role="status" title={t('reset.done')} to="/login" action={t('reset.login')} />
  } else if (!loaderData.valid || result?.invalid) {
    body = (
      <MemberResult
        role="alert"
        title={t('confirm.failed')}
        body={t('member.error.resetInvalid')}
        to="/login"
        action={t('reset.findPassword')}
      />
    )
  } else {
    body = (
      <Form method="post" noValidate className="member-form" onSubmit={onSubmit} onInput={onInput}>
        <p className="member-note">{t('reset.description')}</p>
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields
          name="password"
          confirmName="password_confirm"
          labelKey="mypage.newPassword"
          confirmLabelKey="mypage.newPasswordConfirm"
          error={errorFor}
        />
        <FormAlert message={result?.message} />
        <SubmitButton busy={busy}>{t('reset.submit')}</SubmitButton>
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
