import { data, Form, redirect, useNavigation } from 'react-router'
import { SiteErrorPage } from '#app/components/layout/site-frame.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { setupCodeSchema, setupPasswordSchema, STAFF_PASSWORD } from '#shared/staff-rules.ts'
import type { Route } from './+types/setup'
import { ConsoleAuthFrame } from './console-frame.tsx'
import { consoleMeta, notFoundMeta } from './console-meta.ts'
import { consoleHeaders, consoleRequest, notFound, requireConsoleEnabled, sessionCookie } from './console.server.ts'
import { RecoveryCodes } from './recovery-codes.tsx'
import { qrSvg } from './setup.server.ts'

/**
 * The address carries a single-use secret: sent on as a referrer only to this site (`same-origin`, so
 * its form also posts without JavaScript).
 */
const setupHeaders = () => ({ ...consoleHeaders(), 'Referrer-Policy': 'same-origin' })

export function meta({ matches, error }: Route.MetaArgs) {
  return error ? notFoundMeta(matches) : consoleMeta(matches, 'console.setup.title')
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? ''

/** An unknown, used or expired link is the site's 404; otherwise the password or the authenticator step. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleEnabled(context)
  const setup = await context.services.console.getSetup(tokenOf(request))
  if (!setup) throw notFound()
  if (setup.stage !== 'totp') return { stage: setup.stage, name: setup.name, username: setup.username }
  return {
    stage: 'totp' as const,
    name: setup.name,
    username: setup.username,
    secret: setup.secretGrouped,
    qr: await qrSvg(setup.uri),
  }
}

export const headers = setupHeaders

type SetupResult = FormResult & { recoveryCodes?: string[] }

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleEnabled(context)
  const token = tokenOf(request)
  const values = await formValues(request)
  const service = context.services.console
  const linkGone = () =>
    data<SetupResult>(
      { errors: {}, message: { key: 'console.error.linkExpired' } },
      { status: 410, headers: setupHeaders() },
    )

  if (values.intent === 'code') {
    const parsed = setupCodeSchema.safeParse(values)
    if (!parsed.success)
      return data<SetupResult>({ errors: fieldErrors(parsed.error) }, { status: 400, headers: setupHeaders() })
    const result = await service.completeSetup(token, parsed.data.code, consoleRequest(context))
    if (result.ok) {
      return data<SetupResult>(
        { errors: {}, recoveryCodes: result.recoveryCodes },
        { headers: { ...setupHeaders(), 'Set-Cookie': sessionCookie(context, result.sessionToken) } },
      )
    }
    if (result.reason === 'limited')
      return data<SetupResult>(
        {
          errors: {},
          message: { key: 'console.error.tooMany', vars: { minutes: Math.ceil(result.retryAfterSec / 60) } },
        },
        { status: 429, headers: setupHeaders() },
      )
    if (result.reason === 'link') return linkGone()
    return data<SetupResult>({ errors: { code: 'console.error.code' } }, { status: 400, headers: setupHeaders() })
  }

  const parsed = setupPasswordSchema.safeParse(values)
  if (!parsed.success)
    return data<SetupResult>({ errors: fieldErrors(parsed.error) }, { status: 400, headers: setupHeaders() })
  if (!(await service.setupPassword(token, parsed.data.password))) return linkGone()
  // The same address again (GET): now the authenticator step.
  throw redirect(`/admin/setup?token=${encodeURIComponent(token)}`, { headers: setupHeaders() })
}

function PasswordStep({ result }: { result: SetupResult | undefined }) {
  const t = useT()
  const { errorFor, onSubmit, onInput } = useFormErrors(setupPasswordSchema, result?.errors)
  const busy = useNavigation().state !== 'idle'
  return (
    <>
      <h2>{t('console.setup.passwordStep')}</h2>
      <Form method="post" noValidate onSubmit={onSubmit} onInput={onInput} className="console-form">
        <input type="hidden" name="intent" value="password" />
        <TextInput
          label={t('member.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={STAFF_PASSWORD.max}
          required
          hint={t('console.password.hint')}
          error={errorFor('password')}
        />
        <TextInput
          label={t('member.passwordConfirm')}
          name="password_confirm"
          type="password"
          autoComplete="new-password"
          maxLength={STAFF_PASSWORD.max}
          required
          error={errorFor('password_confirm')}
        />
        <FormAlert message={result?.message} />
        <SubmitButton busy={busy}>{t('console.setup.next')}</SubmitButton>
      </Form>
    </>
  )
}

function TotpStep({ qr, secret, result }: { qr: string; secret: string; result: SetupResult | undefined }) {
  const t = useT()
  const { errorFor, onSubmit, onInput } = useFormErrors(setupCodeSchema, result?.errors)
  const busy = useNavigation().state !== 'idle'
  return (
    <>
      <h2>{t('console.setup.totpStep')}</h2>
      <p>{t('console.setup.totpHelp')}</p>
      {/* Drawn on the server from the otpauth:// address (qrcode's SVG output: paths only). */}
      <div
        className="console-qr"
        role="img"
        aria-label={t('console.setup.qrLabel')}
        dangerouslySetInnerHTML={{ __html: qr }}
      />
      <p>
        {t('console.setup.secret')}:{' '}
        <code className="console-secret" data-testid="totp-secret">
          {secret}
        </code>
      </p>
      <Form method="post" noValidate onSubmit={onSubmit} onInput={onInput} className="console-form">
        <input type="hidden" name="intent" value="code" />
        <TextInput
          label={t('console.login.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          error={errorFor('code')}
        />
        <FormAlert message={result?.message} />
        <SubmitButton busy={busy}>{t('console.setup.confirm')}</SubmitButton>
      </Form>
    </>
  )
}

/** Shown once, from the action's answer: reloading never shows the codes again. */
function CodesStep({ codes, account }: { codes: string[]; account: string }) {
  const t = useT()
  return (
    <>
      <h2>{t('console.setup.codesStep')}</h2>
      <p>{t('console.setup.codesHelp')}</p>
      <RecoveryCodes codes={codes} account={account} />
      <form method="get" action="/admin" className="console-form">
        <label className="console-check">
          <input type="checkbox" name="saved" value="1" required />
          {t('console.setup.saved')}
        </label>
        <button type="submit" className="button button--primary">
          {t('console.setup.continue')}
        </button>
      </form>
    </>
  )
}

export default function ConsoleSetup({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  return (
    <ConsoleAuthFrame title={t('console.setup.title')}>
      <p>{t('console.setup.intro', { name: loaderData.name, email: loaderData.username })}</p>
      {actionData?.recoveryCodes ? (
        <CodesStep codes={actionData.recoveryCodes} account={loaderData.username} />
      ) : loaderData.stage === 'done' ? (
        <p className="form-alert" role="alert">
          {t('console.error.linkExpired')}
        </p>
      ) : loaderData.stage === 'totp' ? (
        <TotpStep qr={loaderData.qr} secret={loaderData.secret} result={actionData} />
      ) : (
        <PasswordStep result={actionData} />
      )}
    </ConsoleAuthFrame>
  )
}

export function ErrorBoundary() {
  return <SiteErrorPage />
}
