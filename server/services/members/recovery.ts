import { and, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { emailTokens, sessions, users } from '#server/db/schema.ts'
import { passwordResetMail } from '#server/services/mail/templates.ts'
import { hashPassword, sha256, verifyPassword } from './crypto.ts'
import type { Limited, MemberContext, RequestInfo } from './member-context.ts'
import { RATE_LIMITS } from './rate-limit.ts'

/**
 * Passwords after sign-up: the reset by e-mailed link (request, check, use) and the change on my
 * page. Each new password ends every session of the member, so a stolen session dies with it.
 */
export function createRecovery(ctx: MemberContext) {
  const { db, clock, mail, limiter, active, limited } = ctx

  return {
    /**
     * pwd/reset: when ID, company and name match an active member, e-mails a single-use link
     * (30 minutes) to set a new password. At most 3 such e-mails per account and hour; past that
     * the answer is the same but no mail goes out. A pending (unverified) registration of the ID
     * gets the link whatever company and name say: someone else may have registered the address,
     * and the link reaches only its owner (using it verifies the address). Console staff are not
     * members here. Each mail counts against the address's daily cap (429 past it).
     */
    async requestPasswordReset(
      input: { username: string; company: string; name: string },
      req: RequestInfo,
    ): Promise<{ ok: true } | { ok: false; reason: 'noMatch' } | Limited> {
      const rate = await limiter.consume(limiter.keyOf('find:ip', req.ip), RATE_LIMITS.findAddress)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const [user] = await db
        .select()
        .from(users)
        .where(
          and(
            active,
            eq(users.role, 'member'),
            eq(users.username, input.username),
            or(
              isNull(users.email_verified_at),
              and(
                sql`lower(${users.company}) = lower(${input.company})`,
                sql`lower(${users.name}) = lower(${input.name})`,
              ),
            ),
          ),
        )
        .limit(1)
      if (!user) return { ok: false, reason: 'noMatch' }
      const mails = await limiter.consume(limiter.keyOf('reset-mail', String(user.id)), RATE_LIMITS.resetMailAccount)
      if (!mails.allowed) return { ok: true }
      const mailing = await ctx.mayMail(user.username)
      if (!mailing.ok) {
        await limiter.refund(limiter.keyOf('reset-mail', String(user.id)))
        return mailing
      }
      await db.transaction(async (tx) => {
        const code = await ctx.issueCode(tx, user.id, 'reset')
        const link = `${ctx.site}/reset-password?token=${code}${ctx.langParam(req.lang)}`
        await mail.enqueue(tx, { to: user.username, lang: req.lang, ...passwordResetMail(req.lang, user.name, link) })
      })
      mail.kick()
      return { ok: true }
    },

    /** Whether a reset code is still usable (the page shows the form or the failure). Does not consume it. */
    async checkResetCode(code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.user_id))
        .where(
          and(
            eq(emailTokens.code_hash, sha256(code)),
            eq(emailTokens.purpose, 'reset'),
            isNull(emailTokens.used_at),
            gt(emailTokens.expires_at, clock()),
            active,
          ),
        )
        .limit(1)
      return Boolean(row)
    },

    /**
     * Sets a new password from a reset code: consumes the code, ends every session of the member.
     * Following the e-mailed link also proves the address, so an unverified account is verified.
     */
    async resetPassword(
      input: { code: string; password: string },
      req: RequestInfo,
    ): Promise<{ ok: boolean; limited?: number }> {
      const rate = await limiter.consume(limiter.keyOf('code:ip', req.ip), RATE_LIMITS.codeAddress)
      if (!rate.allowed) return { ok: false, limited: rate.retryAfterSec }
      const passwordHash = await hashPassword(input.password)
      const username = await db.transaction(async (tx) => {
        const row = await ctx.lockCode(tx, input.code, 'reset')
        if (!row) return null
        const now = clock()
        await tx.update(emailTokens).set({ used_at: now }).where(eq(emailTokens.id, row.id))
        await tx
          .update(users)
          .set({
            password_hash: passwordHash,
            updated_at: now,
            email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)`,
          })
          .where(eq(users.id, row.user_id))
        await tx.delete(sessions).where(eq(sessions.user_id, row.user_id))
        return row.username
      })
      if (username === null) return { ok: false }
      // The mailed link proved the owner: this address is now one the member has signed in from,
      // so strangers' failed logins elsewhere never refuse it (ADR 008, addendum).
      await ctx.markKnownAddress(username, req.ip)
      return { ok: true }
    },

    /** pwd/change: checks the current password, sets the new one and ends every session of the member. */
    async changePassword(
      userId: number,
      input: { old_password: string; new_password: string },
    ): Promise<{ ok: true } | { ok: false; reason: 'password' | 'gone' } | Limited> {
      const key = limiter.keyOf('pwchange:acct', String(userId))
      const rate = await limiter.consume(key, RATE_LIMITS.passwordChangeAccount)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const user = await ctx.activeUser(userId)
      if (!user) return { ok: false, reason: 'gone' }
      if (!(await verifyPassword(user.password_hash, input.old_password))) return { ok: false, reason: 'password' }
      await limiter.refund(key)
      const passwordHash = await hashPassword(input.new_password)
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash: passwordHash, updated_at: clock() }).where(eq(users.id, userId))
        await tx.delete(sessions).where(eq(sessions.user_id, userId))
        await tx.delete(emailTokens).where(and(eq(emailTokens.user_id, userId), eq(emailTokens.purpose, 'reset')))
      })
      return { ok: true }
    },
  }
}
