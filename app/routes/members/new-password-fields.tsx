import { TextInput } from '#app/components/ui/text-input.tsx'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { MEMBER_LIMITS } from '#shared/member-rules.ts'

/** A new password and its confirmation, with the password rule as hint (sign-up, my page, reset). */
export function NewPasswordFields({
  name,
  confirmName,
  labelKey,
  confirmLabelKey,
  error,
}: {
  name: string
  confirmName: string
  labelKey: MessageKey
  confirmLabelKey: MessageKey
  error: (field: string) => string | undefined
}) {
  const t = useT()
  return (
    <>
      <TextInput
        label={t(labelKey)}
        name={name}
        type="password"
        autoComplete="new-password"
        maxLength={MEMBER_LIMITS.passwordMax}
        required
        hint={t('member.passwordHint')}
        error={error(name)}
      />
      <TextInput
        label={t(confirmLabelKey)}
        name={confirmName}
        type="password"
        autoComplete="new-password"
        maxLength={MEMBER_LIMITS.passwordMax}
        required
        error={error(confirmName)}
      />
    </>
  )
}
