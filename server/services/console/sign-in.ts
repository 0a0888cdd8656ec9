import { and, eq, gt } from 'drizzle-orm'
import { consoleSessions, staffAccounts, users } from '#server/db/schema.ts'
import { dummyHash, sha256, verifyPassword } from '#server/services/members/crypto.ts'
import { RATE_LIMITS } from '#server/services/members/rate-limit.ts'
import { audit } from './audit.ts'
import type { ConsoleContext, ConsoleRequest, Limited } from './console-context.ts'
import { consumeRecoveryCode } from './recovery-codes.ts'

/**
 * The two-step sign-in at /admin/login: e-mail and password (a pending token for five minutes),
 * then the authenticator code or one recovery code (a new active session). Both steps count
 * failures per account and per address with the members' limits, and audit every failure.
 */
export function createSignIn(ctx: ConsoleContext) {
  const { db, clock, limiter, active, isStaff } = ctx

  /** Counts a sign-in attempt against the account and the address: the refusal once either limit is reached. */
  async function countAttempt(accountKey: string, addressKey: string): Promise<Limited | null> {
    const decisions = await limiter.consumeAll([
      [accountKey, RATE_LIMITS.loginAccount],
      [addressKey, RATE_LIMITS.loginAddress],
    ])
    const refused = decisions.filter((d) => !d.allowed)
    return refused.length > 0 ? ctx.limited(Math.max(...refused.map((d) => d.retryAfterSec))) : null
  }

  return {
    /**
     * Sign-in, first step: e-mail and password. Failures count per account and per address (the
     * member limits); every failure gives the same answer and writes an audit entry. Success
     * answers a pending token that only the second step accepts, for five minutes.
     */
    async signInPassword(
      input: { username: string; password: string },
      req: ConsoleRequest,
    ): Promise<{ ok: true; pendingToken: string } | { ok: false; reason: 'credentials' } | Limited> {
      const accountKey = limiter.keyOf('console-login:acct', input.username)
      const addressKey = limiter.keyOf('console-login:ip', req.ip)
      const refused = await countAttempt(accountKey, addressKey)
      if (refused) return refused
      const [row] = await db
        .select({ user: users, account: staffAccounts })
        .from(users)
        .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
        .where(and(eq(users.username, input.username), active, isStaff))
        .limit(1)
      const usable = row && row.account.enrolled_at && !row.account.disabled_at
      const passwordOk = usable
        ? await verifyPassword(row.user.password_hash, input.password)
        : (await verifyPassword(await dummyHash(), input.password), false)
      const now = clock()
      if (!passwordOk || !row) {
        await audit(
          db,
          {
            userId: null,
            action: 'auth.sign-in-failed',
            recordType: 'staff',
            recordId: row?.user.id ?? null,
            after: { step: 'password' },
            ip: req.ip,
          },
          now,
        )
        return { ok: false, reason: 'credentials' }
      }
      // A right password gives its attempt back; the code step counts its own failures.
      await limiter.refund(accountKey, addressKey)
      const pendingToken = await db.transaction((tx) => ctx.startSession(tx, row.user.id, 'pending'))
      return { ok: true, pendingToken }
    },

    /**
     * Sign-in, second step: the authenticator code, or one recovery code (used up). Failures count
     * against the account and the address like wrong passwords. Success replaces the pending
     * token with a new session token.
     */
    async signInSecondFactor(
      pendingToken: string | undefined,
      code: string,
      req: ConsoleRequest,
    ): Promise<{ ok: true; sessionToken: string } | { ok: false; reason: 'expired' | 'code' } | Limited> {
      if (!pendingToken) return { ok: false, reason: 'expired' }
      const [pending] = await db
        .select()
        .from(consoleSessions)
        .where(
          and(
            eq(consoleSessions.token_hash, sha256(pendingToken)),
            eq(consoleSessions.stage, 'pending'),
            gt(consoleSessions.expires_at, clock()),
          ),
        )
        .limit(1)
      if (!pending) return { ok: false, reason: 'expired' }
      const accountKey = limiter.keyOf('console-2fa:acct', String(pending.user_id))
      const addressKey = limiter.keyOf('console-login:ip', req.ip)
      const refused = await countAttempt(accountKey, addressKey)
      if (refused) return refused
      const now = clock()
      const method = /^\d{6}$/.test(code) ? 'totp' : 'recovery'
      const result = await db.transaction(async (tx) => {
        const ok =
          method === 'totp'
            ? await ctx.acceptTotp(tx, pending.user_id, code)
            : await consumeRecoveryCode(tx, pending.user_id, code, clock())
        if (!ok) return null
        await tx.delete(consoleSessions).where(eq(consoleSessions.id, pending.id))
        await tx.update(staffAccounts).set({ last_sign_in_at: now }).where(eq(staffAccounts.user_id, pending.user_id))
        const sessionToken = await ctx.startSession(tx, pending.user_id, 'active', method === 'totp')
        await audit(
          tx,
          {
            userId: pending.user_id,
            action: 'auth.sign-in',
            recordType: 'staff',
            recordId: pending.user_id,
            after: { method },
            ip: req.ip,
          },
          now,
        )
        return sessionToken
      })
      if (!result) {
        await audit(
          db,
          {
            userId: null,
            action: 'auth.sign-in-failed',
            recordType: 'staff',
            recordId: pending.user_id,
            after: { step: method },
            ip: req.ip,
          },
          now,
        )
        return { ok: false, reason: 'code' }
      }
      await limiter.refund(accountKey, addressKey)
      return { ok: true, sessionToken: result }
    },
  }
}
