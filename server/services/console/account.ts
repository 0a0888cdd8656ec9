import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { consoleSessions, users } from '#server/db/schema.ts'
import { hashPassword, verifyPassword } from '#server/services/members/crypto.ts'
import { createRateLimiter, RATE_LIMITS } from '#server/services/members/rate-limit.ts'
import { audit } from './audit.ts'
import type { ConsoleRequest, Limited, StaffSession } from './console-context.ts'
import type { ConsoleService } from './index.ts'
import { newRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.ts'

export type StaffAccountDeps = { db: Db; clock: () => Date; console: Pick<ConsoleService, 'stepUp'> }

/**
 * What every staff member does for their own account at /admin/account: a new password (the
 * current one first, the staff password rule of ADR 051) and a new set of recovery codes (a current TOTP
 * code first; the old codes stop working). Both audited in their transaction.
 */
export function createStaffAccountService({ db, clock, console: consoleService }: StaffAccountDeps) {
  const limiter = createRateLimiter({ db, clock })

  return {
    /**
     * Changes the signed-in staff member's password. Wrong current passwords count (5 per 15
     * minutes, as the members' change). Every other console session of the account ends; this one
     * goes on.
     */
    async changePassword(
      session: StaffSession,
      input: { old_password: string; new_password: string },
      req: ConsoleRequest,
    ): Promise<{ ok: true } | { ok: false; reason: 'password' } | Limited> {
      const key = limiter.keyOf('console-pwchange:acct', String(session.user.id))
      const rate = await limiter.consume(key, RATE_LIMITS.passwordChangeAccount)
      if (!rate.allowed) return { ok: false, reason: 'limited', retryAfterSec: rate.retryAfterSec }
      const [user] = await db
        .select({ password_hash: users.password_hash })
        .from(users)
        .where(eq(users.id, session.user.id))
        .limit(1)
      if (!user || !(await verifyPassword(user.password_hash, input.old_password))) {
        await audit(
          db,
          {
            userId: session.user.id,
            action: 'staff.password-failed',
            recordType: 'staff',
            recordId: session.user.id,
            ip: req.ip,
          },
          clock(),
        )
        return { ok: false, reason: 'password' }
      }
      await limiter.refund(key)
      const passwordHash = await hashPassword(input.new_password)
      const now = clock()
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ password_hash: passwordHash, updated_at: now })
          .where(eq(users.id, session.user.id))
        const ended = await tx
          .delete(consoleSessions)
          .where(and(eq(consoleSessions.user_id, session.user.id), ne(consoleSessions.id, session.sessionId)))
          .returning({ id: consoleSessions.id })
        await audit(
          tx,
          {
            userId: session.user.id,
            action: 'staff.password',
            recordType: 'staff',
            recordId: session.user.id,
            after: { password: 'changed', other_sessions_ended: ended.length },
            ip: req.ip,
          },
          now,
        )
      })
      return { ok: true }
    },

    /**
     * Ten new recovery codes after a current authenticator code (checked as a step-up: used once,
     * failures counted and audited). The old codes, used or not, stop working. The codes are
     * returned once and stored only as hashes.
     */
    async regenerateRecoveryCodes(
      session: StaffSession,
      code: string,
      req: ConsoleRequest,
    ): Promise<{ ok: true; codes: string[] } | { ok: false; reason: 'code' } | Limited> {
      const checked = await consoleService.stepUp(session, code, req)
      if (!checked.ok) return checked
      const codes = newRecoveryCodes()
      const now = clock()
      await db.transaction(async (tx) => {
        const old = await replaceRecoveryCodes(tx, session.user.id, codes)
        await audit(
          tx,
          {
            userId: session.user.id,
            action: 'staff.recovery-codes',
            recordType: 'staff',
            recordId: session.user.id,
            before: { unused_codes: old.filter((o) => o.used_at === null).length },
            after: { unused_codes: codes.length },
            ip: req.ip,
          },
          now,
        )
      })
      return { ok: true, codes }
    },
  }
}

export type StaffAccountService = ReturnType<typeof createStaffAccountService>
