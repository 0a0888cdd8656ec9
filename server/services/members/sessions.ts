import { and, eq, gt } from 'drizzle-orm'
import { sessions, users, type User } from '#server/db/schema.ts'
import { SESSION_LIFETIME_SEC } from '#shared/session-cookies.ts'
import { dummyHash, randomToken, sha256, verifyPassword } from './crypto.ts'
import { toPublicUser, type Limited, type MemberContext, type PublicUser, type RequestInfo } from './member-context.ts'
import { LOGIN_ACCOUNT_SCOPE, RATE_LIMITS, type RateDecision } from './rate-limit.ts'

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
     * Attempts count per account and per address; a correct password gives its attempt back.
     * An unverified member with the right password gets a fresh verification e-mail (at most one
     * per 10 minutes) and no session.
     */
    async login(input: { username: string; password: string }, req: RequestInfo): Promise<LoginResult> {
      const accountKey = limiter.keyOf(LOGIN_ACCOUNT_SCOPE, input.username)
      const addressKey = limiter.keyOf('login:ip', req.ip)
      const [account, address] = (await limiter.consumeAll([
        [accountKey, RATE_LIMITS.loginAccount],
        [addressKey, RATE_LIMITS.loginAddress],
      ])) as [RateDecision, RateDecision]
      if (!account.allowed || !address.allowed) {
        const waits = [account, address].filter((d) => !d.allowed).map((d) => d.retryAfterSec)
        return limited(Math.max(...waits))
      }
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
      await limiter.refund(accountKey, addressKey)
      if (!user.email_verified_at) {
        const resend = await limiter.consume(
          limiter.keyOf('verify-resend', String(user.id)),
          RATE_LIMITS.verificationResend,
        )
        if (resend.allowed) {
          await db.transaction((tx) => ctx.enqueueVerification(tx, user, user.lang === 'en' ? 'en' : 'ko'))
          mail.kick()
        }
        return { ok: false, reason: 'unverified' }
      }
      return { ok: true, token: await createSession(user.id), user: toPublicUser(user) }
    },

    /** Ends one session (logout). */
    async logout(token: string | undefined): Promise<void> {
      if (token) await db.delete(sessions).where(eq(sessions.token_hash, sha256(token)))
    },
  }
}
