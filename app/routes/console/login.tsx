import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { SiteErrorPage } from '#app/components/layout/site-frame.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'
import { secondFactorSchema, staffLoginSchema } from '#shared/staff-rules.ts'
import type { Route } from './+types/login'
import { ConsoleAuthFrame } from './console-frame.tsx'
import { consoleMeta } from './console-meta.ts'
import {
  afterSignIn,
  consoleHeaders,
  nextQuery,
  consoleRequest,
  consoleToken,
  requireConsoleEnabled,
  sessionCookie,
} from './console.server.ts'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.login.title')
}

/**
 * Signed-in staff go to the console (or the console page that sent them here, `next`); the
 * `step=code` address shows the second step.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleEnabled(context)
  const params = new URL(request.url).searchParams
  const next = afterSignIn(params.get('next'))
  if (await context.services.console.authenticate(consoleToken(request)))
    throw redirect(next, { headers: consoleHeaders() })
  return {
    step: params.get('step') === 'code' ? ('code' as const) : ('password' as const),
    notice: params.has('disabled')
      ? ('console.login.disabled' as const)
      : params.has('ended')
        ? ('console.login.ended' as const)
        : params.has('signed-out')
          ? ('console.login.signedOut' as const)
          : null,
    next: next === '/admin' ? null : next,
  }
}

export const headers = consoleHeaders

type LoginResult = FormResult & { step: 'password' | 'code' }

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))
const fail = (
  step: LoginResult['step'],
  result: Omit<LoginResult, 'step'>,
  status: number,
  extra: Record<string, string> = {},
) => data<LoginResult>({ step, ...result }, { status, headers: { ...consoleHeaders(), ...extra } })

/**
 * Two posts: e-mail and password (a pending token in the cookie, then the code step), and the
 * code (the session). Every failure says only what the visitor can act on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleEnabled(context)
  const values = await formValues(request)
  const service = context.services.console
  const req = consoleRequest(context)

  if (values.intent === 'code') {
    const parsed = secondFactorSchema.safeParse(values)
    if (!parsed.success) return fail('code', { errors: fieldErrors(parsed.error) }, 400)
    const result = await service.signInSecondFactor(consoleToken(request), parsed.data.code, req)
    if (result.ok)
      throw redirect(afterSignIn(values.next), {
        headers: { ...consoleHeaders(), 'Set-Cookie': sessionCookie(context, result.sessionToken) },
      })
    if (result.reason === 'limited')
      return fail(
        'code',
        { errors: {}, message: { key: 'console.error.tooMany', vars: { minutes: minutes(result.retryAfterSec) } } },
        429,
        { 'Retry-After': String(result.retryAfterSec) },
      )
    if (result.reason === 'expired')
      return fail('password', { errors: {}, message: { key: 'console.error.pendingExpired' } }, 401)
    return fail('code', { errors: { code: 'console.error.code' } }, 401)
  }

  const parsed = staffLoginSchema.safeParse(values)
  if (!parsed.success) return fail('password', { errors: fieldErrors(parsed.error) }, 400)
  const result = await service.signInPassword(parsed.data, req)
  if (result.ok)
    throw redirect(`/admin/login?step=code${nextQuery(values.next)}`, {
      headers: { ...consoleHeaders(), 'Set-Cookie': sessionCookie(context, result.pendingToken) },
    })
  if (result.reason === 'limited')
    return fail(
      'password',
      { errors: {}, message: { key: 'console.error.tooMany', vars: { minutes: minutes(result.retryAfterSec) } } },
      429,
      { 'Retry-After': String(result.retryAfterSec) },
    )
  return fail('password', { errors: {}, message: { key: 'console.error.credentials' } }, 401)
}

function PasswordStep({ result, next }: { result: LoginResult | undefined; next: string | null }) {
  const t = useT()
  const { errorFor, onSubmit, onInput } = useFormErrors(staffLoginSchema, result?.errors)
  const busy = useNavigation().state !== 'idle'
  return (
    <Form method="post" action="/admin/login" noValidate onSubmit={onSubmit} onInput={onInput} className="console-form">
      <input type="hidden" name="intent" value="password" />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <TextInput
        label={t('console.login.email')}
        name="username"
        type="email"
        autoComplete="username"
        maxLength={MEMBER_LIMITS.username}
        required
        error={errorFor('username')}
      />
      <TextInput
        label={t('member.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={128}
        required
        error={errorFor('password')}
      />
      <FormAlert message={result?.message} />
      <SubmitButton busy={busy}>{t('console.login.next')}</SubmitButton>
    </Form>
  )
}

function CodeStep({ result, next }: { result: LoginResult | undefined; next: string | null }) {
  const t = useT()
  const { errorFor, onSubmit, onInput } = useFormErrors(secondFactorSchema, result?.errors)
  const busy = useNavigation().state !== 'idle'
  return (
    <>
      <h2>{t('console.login.codeTitle')}</h2>
      <Form
        method="post"
        action={`/admin/login?step=code${next ? `&next=${encodeURIComponent(next)}` : ''}`}
        noValidate
        onSubmit={onSubmit}
        onInput={onInput}
        className="console-form"
      >
        <input type="hidden" name="intent" value="code" />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <TextInput
          label={t('console.login.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={24}
          required
          hint={t('console.login.codeHint')}
          error={errorFor('code')}
        />
        <FormAlert message={result?.message} />
        <SubmitButton busy={busy}>{t('console.login.submit')}</SubmitButton>
      </Form>
      <p>
        <Link to="/admin/login" reloadDocument>
          {t('console.login.restart')}
        </Link>
      </p>
    </>
  )
}

export default function ConsoleLogin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const step = actionData?.step ?? loaderData.step
  return (
    <ConsoleAuthFrame title={t('console.login.title')}>
      {loaderData.notice && !actionData ? (
        <p className="console-notice" role="status">
          {t(loaderData.notice)}
        </p>
      ) : null}
      {step === 'code' ? (
        <CodeStep result={actionData} next={loaderData.next} />
      ) : (
        <PasswordStep result={actionData} next={loaderData.next} />
      )}
    </ConsoleAuthFrame>
  )
}

export function ErrorBoundary() {
  return <SiteErrorPage />
}
