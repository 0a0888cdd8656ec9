import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { TextInput } from '#app/components/ui/text-input.tsx'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, requestInfo, requireAnonymous, sessionCookiesFor } from '#app/utils/session.server.ts'
import { fieldErrors, findUsernameSchema, loginSchema, passwordResetRequestSchema, type FieldErrors } from '#shared/member-rules.ts'
import type { Route } from './+types/login'
import { FindIdModal, FindPasswordModal, type FindResult } from './find-modals.tsx'
import { useFormErrors } from './use-form-errors.ts'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'login.title' }, { key: 'login.description' })
}

/** The page depends on the cookie (members are sent home): never cached. */
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context)
  return null
}

type FormMessage = { key: MessageKey; vars?: Record<string, number> }
export type LoginResult = { intent: 'login'; errors: FieldErrors; message?: FormMessage }

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))

/**
 * One action for the three forms of the page: login (redirects home with the session cookie),
 * and the find-ID and find-password dialogs (answer in place).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const { members } = context.services
  const info = requestInfo(context)

  if (values.intent === 'find-id') {
    const parsed = findUsernameSchema.safeParse(values)
    if (!parsed.success) return data<FindResult>({ intent: 'find-id', errors: fieldErrors(parsed.error) }, { status: 400 })
    const result = await members.findUsername(parsed.data, info)
    if (result.ok) return { intent: 'find-id', errors: {}, username: result.usernames.join(', ') } satisfies FindResult
    if (result.reason === 'limited') return data<FindResult>({ intent: 'find-id', errors: {}, message: 'api.tooManyRequests' }, { status: 429 })
    return data<FindResult>({ intent: 'find-id', errors: {}, message: 'member.error.noMatch' }, { status: 404 })
  }

  if (values.intent === 'find-password') {
    const parsed = passwordResetRequestSchema.safeParse(values)
    if (!parsed.success) return data<FindResult>({ intent: 'find-password', errors: fieldErrors(parsed.error) }, { status: 400 })
    const result = await members.requestPasswordReset(parsed.data, info)
    if (result.ok) return { intent: 'find-password', errors: {}, sent: true } satisfies FindResult
    if (result.reason === 'limited') return data<FindResult>({ intent: 'find-password', errors: {}, message: 'api.tooManyRequests' }, { status: 429 })
    return data<FindResult>({ intent: 'find-password', errors: {}, message: 'member.error.noMatch' }, { status: 404 })
  }

  const parsed = loginSchema.safeParse(values)
  if (!parsed.success) return data<LoginResult>({ intent: 'login', errors: fieldErrors(parsed.error) }, { status: 400 })
  const result = await members.login(parsed.data, info)
  if (result.ok) {
    const headers = new Headers()
    for (const cookie of sessionCookiesFor(context, result.token)) headers.append('Set-Cookie', cookie)
    throw redirect('/', { headers })
  }
  switch (result.reason) {
    case 'id':
      return data<LoginResult>({ intent: 'login', errors: { username: 'member.error.idMismatch' } }, { status: 401 })
    case 'password':
      return data<LoginResult>({ intent: 'login', errors: { password: 'member.error.passwordMismatch' } }, { status: 401 })
    case 'unverified':
      return data<LoginResult>({ intent: 'login', errors: {}, message: { key: 'member.error.notVerified' } }, { status: 403 })
    case 'limited':
      return data<LoginResult>(
        { intent: 'login', errors: {}, message: { key: 'member.error.tooManyAttemptsWait', vars: { minutes: minutes(result.retryAfterSec) } } },
        { status: 429, headers: { 'Retry-After': String(result.retryAfterSec) } },
      )
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const t = useT()
  const result = actionData?.intent === 'login' ? (actionData as LoginResult) : undefined
  const { errors, onSubmit, onChange } = useFormErrors(loginSchema, result?.errors)
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'login'
  const [dialog, setDialog] = useState<'find-id' | 'find-password' | null>(null)
  const message = result?.message

  return (
    <SubPage section="member" title={t('login.title')}>
      <div className="member-card">
        <Form method="post" noValidate className="member-form" onSubmit={onSubmit} onChange={onChange} aria-describedby={message ? 'login-message' : undefined}>
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="flag" value="N" />
          <TextInput
            label={t('member.username')}
            name="username"
            type="email"
            inputMode="email"
            autoComplete="username"
            placeholder={t('member.usernamePlaceholder')}
            maxLength={100}
            required
            error={errors.username ? t(errors.username as MessageKey) : undefined}
          />
          <TextInput
            label={t('member.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={30}
            required
            error={errors.password ? t(errors.password as MessageKey) : undefined}
          />
          {message ? (
            <p id="login-message" className="member-form__alert" role="alert">
              {t(message.key, message.vars)}
            </p>
          ) : null}
          <button type="submit" className="button button--primary member-form__submit" disabled={busy}>
            {busy ? t('login.pending') : t('login.submit')}
          </button>
        </Form>
        <ul className="member-links">
          <li>
            <button type="button" className="member-links__item" onClick={() => setDialog('find-id')}>
              {t('login.findId')}
            </button>
          </li>
          <li>
            <button type="button" className="member-links__item" onClick={() => setDialog('find-password')}>
              {t('login.findPassword')}
            </button>
          </li>
          <li>
            <Link className="member-links__item" to="/signup">
              {t('login.join')}
            </Link>
          </li>
        </ul>
      </div>
      {dialog === 'find-id' ? <FindIdModal onClose={() => setDialog(null)} /> : null}
      {dialog === 'find-password' ? <FindPasswordModal onClose={() => setDialog(null)} /> : null}
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
