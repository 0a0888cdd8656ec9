import type { MessageKey } from './i18n/messages.ts'

/**
 * Validation messages are catalogue keys, so the browser and the server show the same rule in
 * the visitor's language. `messageKey()` is how a schema names one: the compiler checks the key,
 * and `fieldErrors()` recognises it (anything else zod says becomes `api.badRequest`).
 */
const ruleKeys = new Set<string>()

export function messageKey(key: MessageKey): MessageKey {
  ruleKeys.add(key)
  return key
}

/** Whether a validation message is a catalogue key a schema named (rather than zod's own text). */
export const isRuleKey = (message: string): message is MessageKey => ruleKeys.has(message)

/** The first message per field, as the forms show them under each input. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, MessageKey>>

/** The first message key per field of a failed parse (`{ username: 'member.error.emailInvalid' }`). */
export function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_')
    if (!(field in out)) out[field] = isRuleKey(issue.message) ? issue.message : 'api.badRequest'
  }
  return out
}

/** A form read by its schema: the parsed values, or the first message per field. */
export function checkForm<T>(
  schema: {
    safeParse(input: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] }
  },
  form: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(form)
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) }
}
