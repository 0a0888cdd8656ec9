/**
 * What the form kit's `useFormErrors` takes besides a classic zod schema: anything with zod's
 * `safeParse`, such as the zod-mini schemas of the public pages (shared/member-fields.ts).
 * Only a type: the rules themselves are the shared zod schemas.
 */
export type CheckIssue = { path: readonly PropertyKey[]; message: string }
export type CheckResult = { success: true } | { success: false; error: { issues: CheckIssue[] } }

export type FormCheck<Field extends string = string> = {
  safeParse(values: Record<string, unknown>): CheckResult
  /** Type-only: the checked field names. */
  readonly fields?: Field
}
