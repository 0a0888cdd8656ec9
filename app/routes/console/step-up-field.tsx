import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'

/**
 * The authenticator code of a sensitive action, inside its form: required when the session's last
 * code is older than five minutes, optional (and said so) while it is fresh.
 */
export function StepUpField({ fresh, error }: { fresh: boolean; error: string | undefined }) {
  const t = useT()
  return (
    <TextInput
      label={t('console.login.code')}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      required={!fresh}
      hint={t(fresh ? 'console.stepUp.freshHint' : 'console.stepUp.hint')}
      error={error}
      className="console-code-field"
    />
  )
}
