import type { MessageKey } from './i18n/messages.ts'

/**
 * A form's browser-side check without zod (docs/decisions/024-javascript-budget.md): public pages
 * would otherwise load zod (≈ 25 KB compressed) to tell a visitor a field is empty. It answers
 * like a zod schema's `safeParse` (the form kit takes either), and each rule names the same
 * catalogue key as the server's schema, which stays the authority (a test keeps the two equal).
 */
export type CheckIssue = { path: readonly PropertyKey[]; message: string }
export type CheckResult = { success: true } | { success: false; error: { issues: CheckIssue[] } }

/** What `useFormErrors` takes: a zod schema, or a `formCheck`. */
export type FormCheck<Field extends string = string> = {
  safeParse(values: Record<string, unknown>): CheckResult
  /** Type-only: the checked field names. */
  readonly fields?: Field
}

/** One field's rule: the message key of the first thing wrong with `value`, or null. */
export type FieldRule = (value: unknown) => MessageKey | null

/** A check of the named fields, each by its rule, in the order given (the first invalid field gets the focus). */
export function formCheck<Field extends string>(rules: Record<Field, FieldRule>): FormCheck<Field> {
  return {
    safeParse(values) {
      const issues: CheckIssue[] = []
      for (const [field, rule] of Object.entries(rules) as [Field, FieldRule][]) {
        const message = rule(values[field])
        if (message) issues.push({ path: [field], message })
      }
      return issues.length ? { success: false, error: { issues } } : { success: true }
    },
  }
}
