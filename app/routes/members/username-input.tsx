import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'

type Props = {
  error: string | undefined
  /** 'username' to log in with it, 'email' when it is being registered. */
  autoComplete?: 'username' | 'email'
  placeholder?: boolean
  hint?: string | undefined
  onBlur?: (value: string) => void
  onInput?: () => void
}

/** The ID field: the member's e-mail address (login, sign-up, find password). */
export function UsernameInput({ error, autoComplete = 'username', placeholder = false, hint, onBlur, onInput }: Props) {
  const t = useT()
  return (
    <TextInput
      label={t('member.username')}
      name="username"
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      placeholder={placeholder ? t('member.usernamePlaceholder') : undefined}
      maxLength={MEMBER_LIMITS.username}
      required
      error={error}
      hint={hint}
      onBlur={onBlur ? (event) => onBlur(event.currentTarget.value) : undefined}
      onInput={onInput}
    />
  )
}
