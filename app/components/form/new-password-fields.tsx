import { TextInput } from '#app/components/form/text-input.tsx'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'

/**
 * A new password and its confirmation, with the password rule as hint: the members' rule (sign-up,
 * my page, reset) unless a form passes its own (the console's staff rule).
 */
export function NewPasswordFields<Field extends string>({
  name,
  confirmName,
  labelKey,
  confirmLabelKey,
  error,
  hintKey = 'member.passwordHint',
  maxLength = MEMBER_LIMITS.passwordMax,
}: {
  name: Field
  confirmName: Field
  labelKey: MessageKey
  confirmLabelKey: MessageKey
  error: (field: Field) => string | undefined
  hintKey?: MessageKey
  maxLength?: number
}) {
  const t = useT()
  const fields = [
    { field: name, label: labelKey, hint: t(hintKey) },
    { field: confirmName, label: confirmLabelKey, hint: undefined },
  ]
  return fields.map(({ field, label, hint }) => (
    <TextInput
      key={field}
      label={t(label)}
      name={field}
      type="password"
      autoComplete="new-password"
      maxLength={maxLength}
      required
      hint={hint}
      error={error(field)}
    />
  ))
}
