import { Form, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { setupCodeSchema, STAFF_PASSWORD, staffPasswordChangeSchema } from '#shared/staff-rules.ts'
import { NewPasswordFields } from '#app/components/form/new-password-fields.tsx'
import type { Route } from './+types/account'
import { consoleMeta } from './console-meta.ts'
import { RecoveryCodes } from './recovery-codes.tsx'
import { badRequest, consoleAnswer } from './save-answer.server.ts'
import { consoleHeaders, consoleRequest, requireStaff } from './console.server.ts'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.account.title')
}

/** Every staff role: one's own account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  return { username: staff.user.username, name: staff.user.name }
}

export const headers = consoleHeaders

type AccountResult = FormResult & { intent?: 'password' | 'recovery'; done?: MessageKey; recoveryCodes?: string[] }
const answer = consoleAnswer<AccountResult>
const tooMany = (retryAfterSec: number) => ({
  key: 'console.error.tooMany' as const,
  vars: { minutes: Math.ceil(retryAfterSec / 60) },
})

/** A new password (current one first; the staff rule, ADR 051) or a new set of recovery codes (a current code first); both audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context)
  const values = await formValues(request)
  const service = context.services.consoleAccount
  const req = consoleRequest(context)
  if (values.intent === 'password') {
    const parsed = staffPasswordChangeSchema.safeParse(values)
    if (!parsed.success) return answer({ intent: 'password', errors: fieldErrors(parsed.error) }, 400)
    const result = await service.changePassword(staff, parsed.data, req)
    if (!result.ok) {
      if (result.reason === 'limited')
        return answer({ intent: 'password', errors: {}, message: tooMany(result.retryAfterSec) }, 429)
      return answer({ intent: 'password', errors: { old_password: 'member.error.passwordMismatch' } }, 400)
    }
    return answer({ intent: 'password', errors: {}, done: 'console.account.passwordChanged' })
  }
  if (values.intent === 'recovery') {
    const parsed = setupCodeSchema.safeParse(values)
    if (!parsed.success) return answer({ intent: 'recovery', errors: fieldErrors(parsed.error) }, 400)
    const result = await service.regenerateRecoveryCodes(staff, parsed.data.code, req)
    if (!result.ok) {
      if (result.reason === 'limited')
        return answer({ intent: 'recovery', errors: {}, message: tooMany(result.retryAfterSec) }, 429)
      return answer({ intent: 'recovery', errors: { code: 'console.error.code' } }, 403)
    }
    return answer({ intent: 'recovery', errors: {}, recoveryCodes: result.codes })
  }
  return badRequest<AccountResult>()
}

function PasswordForm({ result }: { result: AccountResult | undefined }) {
  const t = useT()
  const mine = result?.intent === 'password' ? result : undefined
  const { errorFor, onSubmit, onInput } = useFormErrors(staffPasswordChangeSchema, mine?.errors)
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="console-card console-card--narrow" aria-labelledby="account-password">
      <h2 id="account-password">{t('console.account.password')}</h2>
      {mine?.done ? (
        <p className="console-notice" role="status">
          {t(mine.done)}
        </p>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onInput={onInput} className="console-form">
        <input type="hidden" name="intent" value="password" />
        <TextInput
          label={t('console.account.currentPassword')}
          name="old_password"
          type="password"
          autoComplete="current-password"
          maxLength={STAFF_PASSWORD.max}
          required
          error={errorFor('old_password')}
        />
        <NewPasswordFields
          name="new_password"
          confirmName="new_password_confirm"
          labelKey="console.account.newPassword"
          confirmLabelKey="console.account.newPasswordConfirm"
          hintKey="console.password.hint"
          maxLength={STAFF_PASSWORD.max}
          error={errorFor}
        />
        <FormAlert message={mine?.message} />
        <SubmitButton busy={busy}>{t('console.account.changePassword')}</SubmitButton>
      </Form>
    </section>
  )
}

function RecoveryForm({ result, account }: { result: AccountResult | undefined; account: string }) {
  const t = useT()
  const mine = result?.intent === 'recovery' ? result : undefined
  const { errorFor, onSubmit, onInput } = useFormErrors(setupCodeSchema, mine?.errors)
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="console-card console-card--narrow" aria-labelledby="account-recovery">
      <h2 id="account-recovery">{t('console.account.recovery')}</h2>
      {mine?.recoveryCodes ? (
        <>
          <p className="console-notice" role="status">
            {t('console.account.recoveryDone')}
          </p>
          <RecoveryCodes codes={mine.recoveryCodes} account={account} />
        </>
      ) : (
        <p className="console-muted">{t('console.account.recoveryHelp')}</p>
      )}
      <Form method="post" noValidate onSubmit={onSubmit} onInput={onInput} className="console-form">
        <input type="hidden" name="intent" value="recovery" />
        <TextInput
          label={t('console.login.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          error={errorFor('code')}
          className="console-code-field"
        />
        <FormAlert message={mine?.message} />
        <SubmitButton busy={busy}>{t('console.account.recoverySubmit')}</SubmitButton>
      </Form>
    </section>
  )
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  return (
    <>
      <h1>{t('console.account.title')}</h1>
      <p>
        {loaderData.name} · <span data-testid="account-email">{loaderData.username}</span>
      </p>
      <PasswordForm result={actionData} />
      <RecoveryForm result={actionData} account={loaderData.username} />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
