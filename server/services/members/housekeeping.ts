import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import { emailTokens, mailOutbox, sessions, userConsents, users } from '#server/db/schema.ts'
import type { MemberContext, OnAccountChange } from './member-context.ts'

/** Retention of the privacy policy (article 3 and 5). */
export const RETENTION = {
  unverifiedAccountMs: 7 * 24 * 60 * 60 * 1000,
  sentMailMs: 30 * 24 * 60 * 60 * 1000,
} as const

/**
 * Destroying personal data: at once when a member withdraws, and on schedule for whatever has
 * outlived its purpose (privacy policy, articles 3 and 6).
 */
export function createHousekeeping(ctx: MemberContext) {
  const { db, clock, limiter, active } = ctx

  return {
    /**
     * user/withdraw: marks the account deleted and destroys its personal data at once (privacy
     * policy, article 6): ID, name, company, department, nickname and password hash are blanked,
     * sessions, codes and queued mail removed, consents marked withdrawn. The row stays, with
     * nothing that identifies the person, so ids in other records keep pointing somewhere.
     * From the console (`onChange`, a member by id), in the same transaction as its audit entry.
     */
    async withdraw(userId: number, onChange?: OnAccountChange): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Members only (a member session is never staff's): staff accounts are disabled at /admin/staff, not withdrawn.
        const [user] = await tx
          .select()
          .from(users)
          .where(ctx.accountWhere({ memberId: userId }))
          .limit(1)
          .for('update')
        if (!user) return false
        const now = clock()
        const [after] = await tx
          .update(users)
          .set({
            username: `withdrawn-${user.id}@deleted.invalid`,
            password_hash: '',
            company: '',
            division: '',
            name: '',
            nickname: null,
            social_key: null,
            access_yn: 'N',
            delete_yn: 'Y',
            deleted_at: now,
            updated_at: now,
          })
          .where(eq(users.id, user.id))
          .returning()
        await tx.delete(sessions).where(eq(sessions.user_id, user.id))
        await tx.delete(emailTokens).where(eq(emailTokens.user_id, user.id))
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.username))
        await tx
          .update(userConsents)
          .set({ withdrawn_at: now })
          .where(and(eq(userConsents.user_id, user.id), isNull(userConsents.withdrawn_at)))
        await onChange?.(tx, { before: user, after: after! })
        return true
      })
    },

    /**
     * Run by the sender loop: expired sessions and codes, old counters, sent mail after 30 days,
     * and sign-ups never verified within 7 days (privacy policy, article 3).
     */
    async purgeExpired(): Promise<void> {
      const now = clock()
      await db.delete(sessions).where(lt(sessions.expires_at, now))
      await db.delete(emailTokens).where(lt(emailTokens.expires_at, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
      await limiter.purge(new Date(now.getTime() - 24 * 60 * 60 * 1000))
      await db
        .delete(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.status, ['sent', 'failed']),
            lt(mailOutbox.created_at, new Date(now.getTime() - RETENTION.sentMailMs)),
          ),
        )
      const stale = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          and(
            active,
            isNull(users.email_verified_at),
            lt(users.created_at, new Date(now.getTime() - RETENTION.unverifiedAccountMs)),
          ),
        )
      if (stale.length > 0) {
        await db.transaction(async (tx) => {
          await tx.delete(mailOutbox).where(
            inArray(
              mailOutbox.to,
              stale.map((s) => s.username),
            ),
          )
          await tx.delete(users).where(
            inArray(
              users.id,
              stale.map((s) => s.id),
            ),
          )
        })
      }
    },
  }
}
