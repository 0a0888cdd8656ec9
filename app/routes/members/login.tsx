import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, getUser, requestInfo, sessionCookiesFor } from '#app/utils/session.server.ts'
import { useLazySchema } from '#app/utils/use-lazy-schema.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { findUsernameSchema, loginSchema, passwordResetRequestSchema } from '#shared/member-fields.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'
import { nextPath } from '#shared/safe-link.ts'
import { privateHeaders } from './member-page.server.ts'
import type { Route } from './+types/login'
import { FindIdModal, FindPasswordModal, type FindResult } from './find-modals.tsx'
import { UsernameInput } from './username-input.tsx'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, { key: 'login.title' }, { key: 'login.description' })
}

export const headers = privateHeaders

/**
 * Where the member goes after logging in: `?next=` when it is a path of this site (the document
 * icon sends `/morgan`; shared/safe-link.ts `nextPath`), else home. A member already logged in
 * goes there at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = nextPath(new URL(request.url).searchParams.get('next'))
  if (await getUser(request, context)) throw redirect(next ?? '/')
  return { next }
}

/** The answer to each of the page's three forms (`intent`): login and the two dialogs. */
type LoginActionData = FindResult & { intent: 'login' | 'find-id' | 'find-password' }

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))
const tooMany = (intent: LoginActionData['intent'], cause?: 'recipient') =>
  data<LoginActionData>(
    {
      intent,
      errors: {},
      message: { key: cause === 'recipient' ? 'member.error.tooManyMails' : 'api.tooManyRequests' },
    },
    { status: 429 },
  )
const noMatch = (intent: LoginActionData['intent']) =>
  data<LoginActionData>({ intent, errors: {}, message: { key: 'member.error.noMatch' } }, { status: 404 })

/**
 * One action for the three forms of the page: login (redirects home, or to a checked `next`, with
 * the session cookie),
 * and the find-ID and find-password dialogs (answer in place).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const { members } = context.services
  const info = requestInfo(context)

  if (values.intent === 'find-id') {
    const parsed = findUsernameSchema.safeParse(values)
    if (!parsed.success)
      return data<LoginActionData>({ intent: 'find-id', errors: fieldErrors(parsed.error) }, { status: 400 })
    const result = await members.findUsername(parsed.data, info)
    if (result.ok)
      return data<LoginActionData>({ intent: 'find-id', errors: {}, username: result.usernames.join(', ') })
    return result.reason === 'limited' ? tooMany('find-id') : noMatch('find-id')
  }

  if (values.intent === 'find-password') {
    const parsed = passwordResetRequestSchema.safeParse(values)
    if (!parsed.success)
      return data<LoginActionData>({ intent: 'find-password', errors: fieldErrors(parsed.error) }, { status: 400 })
    const result = await members.requestPasswordReset(parsed.data, info)
    if (result.ok) return data<LoginActionData>({ intent: 'find-password', errors: {}, sent: true })
    return result.reason === 'limited' ? tooMany('find-password', result.cause) : noMatch('find-password')
  }

  const parsed = loginSchema.safeParse(values)
  if (!parsed.success)
    return data<LoginActionData>({ intent: 'login', errors: fieldErrors(parsed.error) }, { status: 400 })
  const result = await members.login(parsed.data, info)
  if (result.ok) {
    const headers = new Headers()
    for (const cookie of sessionCookiesFor(context, result.token)) headers.append('Set-Cookie', cookie)
    throw redirect(nextPath(values.next) ?? '/', { headers })
  }
  switch (result.reason) {
    case 'id':
      return data<LoginActionData>(
        { intent: 'login', errors: { username: 'member.error.idMismatch' } },
        { status: 401 },
      )
    case 'password':
      return data<LoginActionData>(
        { intent: 'login', errors: { password: 'member.error.passwordMismatch' } },
        { status: 401 },
      )
    case 'unverified':
      return data<LoginActionData>(
        { intent: 'login', errors: {}, message: { key: 'member.error.notVerified' } },
        { status: 403 },
      )
    case 'limited':
      return data<LoginActionData>(
        {
          intent: 'login',
          errors: {},
          message: { key: 'member.error.tooManyAttemptsWait', vars: { minutes: minutes(result.retryAfterSec) } },
        },
        { status: 429, headers: { 'Retry-After': String(result.retryAfterSec) } },
      )
  }
}

/** The login form's schema, for the browser's check once the page is interactive. */
const loadLoginSchema = () => import('#shared/member-fields.ts').then((m) => m.loginSchema)

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const result = actionData?.intent === 'login' ? actionData : undefined
  const { errorFor, onSubmit, onInput } = useFormErrors(useLazySchema(loadLoginSchema), result?.errors)
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'login'
  const [dialog, setDialog] = useState<'find-id' | 'find-password' | null>(null)
  const message = result?.message

  return (
    <SubPage section="member" title={t('login.title')}>
      <div className="member-card">
        <Form
          method="post"
          noValidate
          className="member-form"
          onSubmit={onSubmit}
          onInput={onInput}
          aria-describedby={message ? 'login-message' : undefined}
        >
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="flag" value="N" />
          {loaderData.next ? <input type="hidden" name="next" value={loaderData.next} /> : null}
          <UsernameInput placeholder error={errorFor('username')} />
          <TextInput
            label={t('member.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={MEMBER_LIMITS.passwordMax}
            required
            error={errorFor('password')}
          />
          <FormAlert id="login-message" message={message} />
          <SubmitButton busy={busy} busyLabel={t('login.pending')}>
            {t('login.submit')}
          </SubmitButton>
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
