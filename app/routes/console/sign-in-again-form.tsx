import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'
import type { SignInAgain } from './session.ts'

/**
 * Signing in again without leaving the page (the save guard's dialog): e-mail, password and code
 * in one step, posted to `/admin/session`; `onSignedIn` then sends the save that waited.
 */
export function SignInAgainForm({ username, onSignedIn }: { username: string; onSignedIn: () => void }) {
  const t = useT()
  const fetcher = useFetcher<SignInAgain>()
  const answer = fetcher.data
  const done = useRef(onSignedIn)
  done.current = onSignedIn
  useEffect(() => {
    if (fetcher.state === 'idle' && answer?.ok) done.current()
  }, [fetcher.state, answer])
  const errors = answer && !answer.ok ? answer.errors : {}
  const error = (name: string) => (errors[name] ? t(errors[name]) : undefined)
  return (
    <fetcher.Form method="post" action="/admin/session" noValidate data-no-save-guard className="console-form">
      <p>{t('console.guard.endedBody')}</p>
      <TextInput
        label={t('console.login.email')}
        name="username"
        type="email"
        autoComplete="username"
        defaultValue={username}
        maxLength={MEMBER_LIMITS.username}
        required
        error={error('username')}
      />
      <TextInput
        label={t('member.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={128}
        required
        error={error('password')}
      />
      <TextInput
        label={t('console.login.code')}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={24}
        required
        hint={t('console.login.codeHint')}
        error={error('code')}
      />
      <FormAlert message={answer && !answer.ok ? answer.message : undefined} />
      <SubmitButton busy={fetcher.state !== 'idle'}>{t('console.guard.signInSave')}</SubmitButton>
    </fetcher.Form>
  )
}
