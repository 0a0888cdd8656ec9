import { TextInput } from '#app/components/form/text-input.tsx'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'

/** A new password and its confirmation, with the password rule as hint (sign-up, my page, reset). */
export function NewPasswordFields<Field extends string>({
  name,
  confirmName,
  labelKey,
  confirmLabelKey,
  error,
}: {
  name: Field
  confirmName: Field
  labelKey: MessageKey
  confirmLabelKey: MessageKey
  error: (field: Field) => string | undefined
}) {
  const t = useT()
  const fields = [
    { field: name, label: labelKey, hint: t('member.passwordHint') },
    { field: confirmName, label: confirmLabelKey, hint: undefined },
  ]
  return fields.map(({ field, label, hint }) => (
    <TextInput
      key={field}
      label={t(label)}
      name={field}
      type="password"
      autoComplete="new-password"
      maxLength={MEMBER_LIMITS.passwordMax}
      required
      hint={hint}
      error={error(field)}
    />
  ))
}
