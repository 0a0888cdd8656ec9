import { createAccountAdmin } from './account-admin.ts'
import { createAccounts } from './accounts.ts'
import { createHousekeeping } from './housekeeping.ts'
import { createMemberContext, type MemberDeps } from './member-context.ts'
import { createRecovery } from './recovery.ts'
import { createSessions } from './sessions.ts'

export type { SignUpInput } from './accounts.ts'
export { RETENTION } from './housekeeping.ts'
export {
  CODE_TTL,
  toPublicUser,
  type LoginLock,
  type OnAccountChange,
  type PublicUser,
  type RequestInfo,
} from './member-context.ts'
export type { LoginResult } from './sessions.ts'

export type MembersService = ReturnType<typeof createMembersService>

/**
 * Member accounts: sign-up with e-mail verification, login sessions, find ID, password reset
 * and change, withdrawal, and what the company does to an account (access, login lock, a new
 * verification mail). No HTTP here: the API and the page actions both call these, and
 * carry the session token in cookies themselves (`server/http/session-cookie.ts`).
 * Each concern is its own module; they share one context (limiter, e-mailed codes).
 */
export function createMembersService(deps: MemberDeps) {
  const ctx = createMemberContext(deps)
  return {
    ...createSessions(ctx),
    ...createAccounts(ctx),
    ...createRecovery(ctx),
    ...createHousekeeping(ctx),
    ...createAccountAdmin(ctx),
  }
}
