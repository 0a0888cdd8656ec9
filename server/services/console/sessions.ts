import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import { consoleSessions, staffAccounts, staffInvites, users } from '#server/db/schema.ts'
import { sha256 } from '#server/services/members/crypto.ts'
import { RATE_LIMITS } from '#server/services/members/rate-limit.ts'
import { CONSOLE_LIMITS, isStaffRole } from '#shared/staff-rules.ts'
import { audit } from './audit.ts'
import type { ConsoleContext, ConsoleRequest, Limited, StaffSession } from './console-context.ts'

/**
 * Console sessions once signed in: the staff member behind a token (30 minutes idle, 12 hours at
 * most, sliding), step-up (a fresh authenticator code for sensitive actions), sign-out, and the
 * purge of ended sessions and old links. Only hashes of tokens are stored.
 */
export function createSessions(ctx: ConsoleContext) {
  const { db, clock, limiter, active, isStaff } = ctx

  const stepUpFresh = (stepUpAt: Date | string | null) =>
    stepUpAt !== null && clock().getTime() - new Date(stepUpAt).getTime() <= CONSOLE_LIMITS.stepUpMs

  return {
    /**
     * The staff member behind a console session token, or null: the session must be active, seen
     * within 30 minutes and younger than 12 hours, the account staff, enrolled and not disabled.
     * Each call moves the idle end forward (sliding).
     */
    async authenticate(token: string | undefined): Promise<StaffSession | null> {
      if (!token) return null
      const now = clock()
      const idleCutoff = new Date(now.getTime() - CONSOLE_LIMITS.idleMs)
      const [row] = await db
        .select({ session: consoleSessions, user: users, account: staffAccounts })
        .from(consoleSessions)
        .innerJoin(users, eq(users.id, consoleSessions.user_id))
        .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
        .where(
          and(
            eq(consoleSessions.token_hash, sha256(token)),
            eq(consoleSessions.stage, 'active'),
            gt(consoleSessions.expires_at, now),
            gt(consoleSessions.last_seen_at, idleCutoff),
            active,
            isStaff,
            isNull(staffAccounts.disabled_at),
          ),
        )
        .limit(1)
      if (!row || !isStaffRole(row.user.role)) return null
      await db.update(consoleSessions).set({ last_seen_at: now }).where(eq(consoleSessions.id, row.session.id))
      const endsAt = Math.min(now.getTime() + CONSOLE_LIMITS.idleMs, new Date(row.session.expires_at).getTime())
      return {
        user: { id: row.user.id, username: row.user.username, name: row.user.name, role: row.user.role },
        sessionId: row.session.id,
        endsAt: new Date(endsAt),
        remainingMs: endsAt - now.getTime(),
        stepUpFresh: stepUpFresh(row.session.step_up_at),
      }
    },

    /**
     * Whether a console token that no longer signs in belongs to an account an administrator
     * disabled (or took the staff role from): the console says so instead of "session ended".
     */
    async disabledBehind(token: string | undefined): Promise<boolean> {
      if (!token) return false
      const [row] = await db
        .select({ stage: consoleSessions.stage, role: users.role, disabledAt: staffAccounts.disabled_at })
        .from(consoleSessions)
        .innerJoin(users, eq(users.id, consoleSessions.user_id))
        .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
        .where(eq(consoleSessions.token_hash, sha256(token)))
        .limit(1)
      return Boolean(row && (row.stage === 'disabled' || row.disabledAt !== null || !isStaffRole(row.role)))
    },

    /** Step-up: a current authenticator code makes the session's second factor fresh for five minutes. */
    async stepUp(
      session: StaffSession,
      code: string,
      req: ConsoleRequest,
    ): Promise<{ ok: true } | { ok: false; reason: 'code' } | Limited> {
      const key = limiter.keyOf('console-2fa:acct', String(session.user.id))
      const rate = await limiter.consume(key, RATE_LIMITS.loginAccount)
      if (!rate.allowed) return ctx.limited(rate.retryAfterSec)
      const now = clock()
      const ok = await db.transaction(async (tx) => {
        if (!(await ctx.acceptTotp(tx, session.user.id, code))) return false
        await tx.update(consoleSessions).set({ step_up_at: now }).where(eq(consoleSessions.id, session.sessionId))
        return true
      })
      if (!ok) {
        await audit(
          db,
          {
            userId: session.user.id,
            action: 'auth.step-up-failed',
            recordType: 'staff',
            recordId: session.user.id,
            ip: req.ip,
          },
          now,
        )
        return { ok: false, reason: 'code' }
      }
      await limiter.refund(key)
      session.stepUpFresh = true
      return { ok: true }
    },

    /** Sign-out: ends the session on the server (a pending one too) and records it. */
    async signOut(token: string | undefined, req: ConsoleRequest): Promise<void> {
      if (!token) return
      await db.transaction(async (tx) => {
        const [ended] = await tx
          .delete(consoleSessions)
          .where(eq(consoleSessions.token_hash, sha256(token)))
          .returning()
        if (ended?.stage === 'active')
          await audit(
            tx,
            {
              userId: ended.user_id,
              action: 'auth.sign-out',
              recordType: 'staff',
              recordId: ended.user_id,
              ip: req.ip,
            },
            clock(),
          )
      })
    },

    /** Run with the member purge: ended console sessions and old links. */
    async purgeExpired(): Promise<void> {
      const now = clock()
      await db
        .delete(consoleSessions)
        .where(
          or(
            lt(consoleSessions.expires_at, now),
            lt(consoleSessions.last_seen_at, new Date(now.getTime() - CONSOLE_LIMITS.idleMs)),
          ),
        )
      await db
        .delete(staffInvites)
        .where(lt(staffInvites.expires_at, new Date(now.getTime() - CONSOLE_LIMITS.inviteMs)))
    },
  }
}
