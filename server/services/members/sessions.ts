import { and, eq, gt } from 'drizzle-orm'
import { sessions, users, type User } from '#server/db/schema.ts'
import { SESSION_LIFETIME_SEC } from '#shared/session-cookies.ts'
import { dummyHash, randomToken, sha256, verifyPassword } from './crypto.ts'
import { toPublicUser, type Limited, type MemberContext, type PublicUser, type RequestInfo } from './member-context.ts'
import { LOGIN_ACCOUNT_SCOPE, RATE_LIMITS, type Rule } from './rate-limit.ts'

export type LoginResult =
  { ok: true; token: string; user: PublicUser } | { ok: false; reason: 'id' | 'password' | 'unverified' } | Limited

/**
 * Login sessions: an opaque random token for the client, only its sha256 in the database, so a
 * leaked table opens no session. How the token travels (cookie or Bearer) is the HTTP edge's
 * business (`server/http/session-cookie.ts`).
 */
export function createSessions(ctx: MemberContext) {
  const { db, clock, mail, limiter, active, limited } = ctx
  // Computed now, so the first login with an unknown ID is not slower than the ones after it.
  void dummyHash()

  /** A new session, and the login recorded on the account (the console lists the last one). */
  async function createSession(userId: number): Promise<string> {
    const token = randomToken()
    const now = clock()
    await db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        token_hash: sha256(token),
        user_id: userId,
        created_at: now,
        expires_at: ctx.later(SESSION_LIFETIME_SEC * 1000),
      })
      await tx.update(users).set({ last_login_at: now }).where(eq(users.id, userId))
    })
    return token
  }

  return {
    /** The member behind a session token (cookie or Bearer), or null. */
    async authenticate(token: string | undefined): Promise<User | null> {
      if (!token) return null
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(
          and(
            eq(sessions.token_hash, sha256(token)),
            gt(sessions.expires_at, clock()),
            active,
            eq(users.role, 'member'),
          ),
        )
        .limit(1)
      return row?.user ?? null
    },

    /**
     * Checks ID and password. An unknown ID still costs one argon2 verification (of a dummy hash).
     * Attempts count per ID and address, per address, and per ID only from addresses where it has
     * never signed in (ADR 008, addendum): a stranger slows down his own addresses but never locks
     * the member out of an address the member has used. A correct password gives its attempts back
     * and makes the address known. An unverified member with the right password gets a fresh
     * verification e-mail (at most one per 10 minutes) and no session.
     */
    async login(input: { username: string; password: string }, req: RequestInfo): Promise<LoginResult> {
      const pairKey = ctx.loginPairKey(input.username, req.ip)
      const addressKey = limiter.keyOf('login:ip', req.ip)
      const accountKey = limiter.keyOf(LOGIN_ACCOUNT_SCOPE, input.username)
      const known = await ctx.isKnownAddress(input.username, req.ip)
      const entries: [string, Rule][] = [
        [pairKey, RATE_LIMITS.loginPair],
        [addressKey, RATE_LIMITS.loginAddress],
      ]
      if (!known) entries.push([accountKey, RATE_LIMITS.loginAccount])
      const decisions = await limiter.consumeAll(entries)
      const refused = decisions.filter((d) => !d.allowed)
      if (refused.length > 0) return limited(Math.max(...refused.map((d) => d.retryAfterSec)))
      const keys = entries.map(([key]) => key)
      // Staff accounts (roles admin, editor, viewer) sign in only at the console, with their second factor.
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.username, input.username), active, eq(users.role, 'member')))
        .limit(1)
      if (!user) {
        await verifyPassword(await dummyHash(), input.password)
        return { ok: false, reason: 'id' }
      }
      if (!(await verifyPassword(user.password_hash, input.password))) return { ok: false, reason: 'password' }
      await limiter.refund(...keys)
      if (!user.email_verified_at) {
        const resend = await limiter.consume(
          limiter.keyOf('verify-resend', String(user.id)),
          RATE_LIMITS.verificationResend,
        )
        // Past the recipient's daily cap the login answers the same, without a mail.
        if (resend.allowed && (await ctx.mayMail(user.username)).ok) {
          await db.transaction((tx) => ctx.enqueueVerification(tx, user, user.lang === 'en' ? 'en' : 'ko'))
          mail.kick()
        }
        return { ok: false, reason: 'unverified' }
      }
      await ctx.markKnownAddress(user.username, req.ip)
      return { ok: true, token: await createSession(user.id), user: toPublicUser(user) }
    },

    /** Ends one session (logout). */
    async logout(token: string | undefined): Promise<void> {
      if (token) await db.delete(sessions).where(eq(sessions.token_hash, sha256(token)))
    },
  }
}
