import { createAuditTrail } from './audit-trail.ts'
import { createConsoleContext, type ConsoleDeps } from './console-context.ts'
import { createKeyRotation } from './key-rotation.ts'
import { createSessions } from './sessions.ts'
import { createSetupLinks } from './setup-links.ts'
import { createSignIn } from './sign-in.ts'
import { createStaffAdmin } from './staff-admin.ts'

export type { ConsoleDeps, ConsoleRequest, StaffSession } from './console-context.ts'

export type ConsoleService = ReturnType<typeof createConsoleService>

/**
 * The console's accounts and sessions (docs/decisions/014-console-staff-sign-in.md): setup links,
 * password and TOTP enrolment, recovery codes, two-step sign-in, sessions with an idle and an
 * absolute end, step-up for sensitive actions, the staff list and roles, and the audit trail.
 * No HTTP here: the console's routes carry the session token in their own cookie.
 * Each concern is its own module; they share one context (secret box, limiter, sessions).
 */
export function createConsoleService(deps: ConsoleDeps) {
  const ctx = createConsoleContext(deps)
  return {
    /** Whether the console can run (production needs CONSOLE_KEY, or the embedded database's key file). */
    enabled: ctx.enabled,
    ...createKeyRotation(ctx),
    ...createSetupLinks(ctx),
    ...createSignIn(ctx),
    ...createSessions(ctx),
    ...createStaffAdmin(ctx),
    ...createAuditTrail(ctx),
  }
}
