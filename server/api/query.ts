import type { z } from 'zod'
import { isRuleKey } from '#shared/field-errors.ts'
import { ApiError } from './errors.ts'

export type IssueDetail = { path: string; code: string; message: string }

/**
 * Validates a query (or path parameters) against one schema from `shared/api-schemas/`.
 * Empty values (`?id=`) count as absent so defaults apply; repeated keys arrive as arrays and
 * fail the string schemas. Failures become a 400 envelope listing each issue; its message is the
 * first issue's own catalogue message when the schema names one (`messageKey`), else the generic one.
 */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const values =
    input && typeof input === 'object'
      ? Object.fromEntries(Object.entries(input as Record<string, unknown>).filter(([, v]) => v !== ''))
      : {}
  const result = schema.safeParse(values)
  if (!result.success) {
    const issues: IssueDetail[] = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      code: issue.code,
      message: issue.message,
    }))
    const named = result.error.issues.map((issue) => issue.message).find(isRuleKey)
    throw new ApiError(400, 'BAD_REQUEST', named ?? 'api.badRequest', { issues })
  }
  return result.data
}

/** The success envelope. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data }
}
