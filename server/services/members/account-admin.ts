import { and, eq, gt } from 'drizzle-orm'
import { rateLimits, users } from '#server/db/schema.ts'
import type { LoginLock, MemberContext, OnAccountChange } from './member-context.ts'
import { LOGIN_ACCOUNT_SCOPE, RATE_LIMITS } from './rate-limit.ts'

/**
 * What the company does to a member's account from the console, beside restricted-area access
 * (accounts.ts) and withdrawal (housekeeping.ts): a new verification mail, and the login lock
 * that 10 wrong passwords set for 15 minutes (sessions.ts). Each change runs `onChange` in its
 * transaction (the console's audit entry).
 */
export function createAccountAdmin(ctx: MemberContext) {
  const { db, clock, mail, limiter } = ctx
  const rule = RATE_LIMITS.loginAccount
  const windowStart = () => new Date(clock().getTime() - rule.windowSec * 1000)
  const lockOf = (row: { count: number; window_start: Date | string } | undefined): LoginLock => {
    if (!row) return { failures: 0, lockedUntil: null }
    const ends = new Date(new Date(row.window_start).getTime() + rule.windowSec * 1000)
    return { failures: row.count, lockedUntil: row.count >= rule.limit ? ends : null }
  }

  return {
    /** The login lock of an ID (the e-mail): the member login refuses it while `lockedUntil` is ahead. */
    async loginLock(username: string): Promise<LoginLock> {
      const [row] = await db
        .select()
        .from(rateLimits)
        .where(
          and(
            eq(rateLimits.key, limiter.keyOf(LOGIN_ACCOUNT_SCOPE, username)),
            gt(rateLimits.window_start, windowStart()),
          ),
        )
        .limit(1)
      return lockOf(row)
    },

    /**
     * Lifts a member's login lock (and forgets the failures counted so far). `not-locked` when the
     * ID is not locked: nothing changes.
     */
    async unlockLogin(
      memberId: number,
      onChange?: OnAccountChange,
    ): Promise<{ ok: true; lock: LoginLock } | { ok: false; reason: 'not-found' | 'not-locked' }> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(ctx.accountWhere({ memberId })).limit(1).for('update')
        if (!user) return { ok: false as const, reason: 'not-found' as const }
        const key = limiter.keyOf(LOGIN_ACCOUNT_SCOPE, user.username)
        const [row] = await tx
          .select()
          .from(rateLimits)
          .where(and(eq(rateLimits.key, key), gt(rateLimits.window_start, windowStart())))
          .limit(1)
          .for('update')
        const lock = lockOf(row)
        if (!lock.lockedUntil) return { ok: false as const, reason: 'not-locked' as const }
        await tx.delete(rateLimits).where(eq(rateLimits.key, key))
        await onChange?.(tx, { before: user, after: user, lock })
        return { ok: true as const, lock }
      })
    },

    /**
     * A new verification e-mail for a member who has not confirmed the address yet (the older
     * link stops working), queued through the outbox in the transaction of `onChange`.
     */
    async resendVerification(
      memberId: number,
      onChange?: OnAccountChange,
    ): Promise<{ ok: true } | { ok: false; reason: 'not-found' | 'verified' }> {
      const result = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(ctx.accountWhere({ memberId })).limit(1).for('update')
        if (!user) return { ok: false as const, reason: 'not-found' as const }
        if (user.email_verified_at) return { ok: false as const, reason: 'verified' as const }
        await ctx.enqueueVerification(tx, user, user.lang === 'en' ? 'en' : 'ko')
        await onChange?.(tx, { before: user, after: user })
        return { ok: true as const }
      })
      if (result.ok) mail.kick()
      return result
    },
  }
}
