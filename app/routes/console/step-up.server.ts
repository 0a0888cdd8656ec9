import type { AppLoadContext } from 'react-router'
import type { StaffSession } from '#server/services/console/index.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { FormMessage } from '#app/components/form/form-result.ts'
import { totpCodeField } from '#shared/staff-rules.ts'
import { consoleRequest } from './console.server.ts'

export type StepUpRefusal = { status: number; errors: FieldErrors; message?: FormMessage }

/**
 * The second factor of a sensitive action (granting access, exporting members), checked on the
 * server before the action: a code typed with the form is checked as a step-up (once, counted,
 * audited when wrong) and makes the session fresh for five minutes; without one, a session whose
 * last code is older than that is refused. Null when the action may go on.
 */
export async function checkStepUp(
  staff: StaffSession,
  code: string | undefined,
  context: AppLoadContext,
): Promise<StepUpRefusal | null> {
  if (!code?.trim()) return staff.stepUpFresh ? null : { status: 403, errors: { code: 'console.stepUp.required' } }
  const parsed = totpCodeField.safeParse(code)
  if (!parsed.success) return { status: 400, errors: { code: 'console.error.codeFormat' } }
  const result = await context.services.console.stepUp(staff, parsed.data, consoleRequest(context))
  if (result.ok) return null
  if (result.reason === 'limited')
    return {
      status: 429,
      errors: {},
      message: { key: 'console.error.tooMany', vars: { minutes: Math.ceil(result.retryAfterSec / 60) } },
    }
  return { status: 403, errors: { code: 'console.error.code' } }
}
