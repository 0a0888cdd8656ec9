import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { emailTokens, mailOutbox, sessions, terms, userConsents, users, type User } from '#server/db/schema.ts'
import type { MailService } from '#server/services/mail/index.ts'
import { passwordResetMail, verificationMail } from '#server/services/mail/templates.ts'
import { maskUsername } from '#shared/member-rules.ts'
import type { Lang } from '#shared/locales.ts'
import { clearSessionCookie, SESSION_MAX_AGE, sessionCookie } from './cookie.ts'
import { dummyHash, hashPassword, randomToken, sha256, verifyPassword } from './crypto.ts'
import { createRateLimiter, RATE_LIMITS, type RateDecision } from './rate-limit.ts'

/** How long the e-mailed codes work. */
export const CODE_TTL = {
  verify: 24 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
} as const

/** Retention of the privacy policy (article 3 and 5). */
export const RETENTION = {
  unverifiedAccountMs: 7 * 24 * 60 * 60 * 1000,
  sentMailMs: 30 * 24 * 60 * 60 * 1000,
} as const

/** What a member sees of their own account (never the password hash). */
export type PublicUser = {
  id: number
  username: string
  company: string
  division: string
  name: string
  nickname: string | null
  role: string
  access_yn: 'Y' | 'N'
  type: string
  social_key: string | null
  delete_yn: 'Y' | 'N'
  created_at: string
  updated_at: string
}

export function toPublicUser(u: User): PublicUser {
  return {
    id: u.id,
    username: u.username,
    company: u.company,
    division: u.division,
    name: u.name,
    nickname: u.nickname,
    role: u.role,
    access_yn: u.access_yn === 'Y' ? 'Y' : 'N',
    type: u.type,
    social_key: u.social_key,
    delete_yn: u.delete_yn === 'Y' ? 'Y' : 'N',
    created_at: new Date(u.created_at).toISOString(),
    updated_at: new Date(u.updated_at).toISOString(),
  }
}

/** Where a request came from: the client address (rate limits) and the visitor's language. */
export type RequestInfo = { ip: string; lang: Lang }

type Limited = { ok: false; reason: 'limited'; retryAfterSec: number }

export type SignUpInput = {
  company: string
  division: string
  name: string
  username: string
  password: string
  lang?: Lang | undefined
}

export type LoginResult =
  | { ok: true; token: string; user: PublicUser }
  | { ok: false; reason: 'id' | 'password' | 'unverified' }
  | Limited

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type MembersService = ReturnType<typeof createMembersService>

/**
 * Member accounts: sign-up with e-mail verification, login sessions, find ID, password reset
 * and change, withdrawal. No HTTP here: the API and the page actions both call these.
 */
export function createMembersService(deps: { db: Db; config: Pick<Config, 'SITE_URL'>; clock: () => Date; mail: MailService }) {
  const { db, clock, mail } = deps
  const limiter = createRateLimiter({ db, clock })
  const secure = deps.config.SITE_URL.startsWith('https:')
  const site = deps.config.SITE_URL.replace(/\/$/, '')
  const langParam = (lang: Lang) => (lang === 'en' ? '&lang=en' : '')
  const later = (ms: number) => new Date(clock().getTime() + ms)
  const active = eq(users.delete_yn, 'N')
  // Computed now, so the first login with an unknown ID is not slower than the ones after it.
  void dummyHash()

  async function issueCode(tx: Tx, userId: number, purpose: 'verify' | 'reset'): Promise<string> {
    // Only the newest code of a purpose works.
    await tx.delete(emailTokens).where(and(eq(emailTokens.user_id, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.used_at)))
    const code = randomToken()
    await tx.insert(emailTokens).values({
      user_id: userId,
      purpose,
      code_hash: sha256(code),
      created_at: clock(),
      expires_at: later(CODE_TTL[purpose]),
    })
    return code
  }

  async function enqueueVerification(tx: Tx, user: { id: number; username: string; name: string }, lang: Lang) {
    const code = await issueCode(tx, user.id, 'verify')
    const link = `${site}/confirm?username=${encodeURIComponent(user.username)}&email_regist_code=${code}${langParam(lang)}`
    await mail.enqueue(tx, { to: user.username, lang, ...verificationMail(lang, user.name, link) })
  }

  /** Locks the valid, unused code row for update; null when the code is unknown, used or expired. */
  async function lockCode(tx: Tx, code: string, purpose: 'verify' | 'reset') {
    const [row] = await tx
      .select({ id: emailTokens.id, user_id: emailTokens.user_id, username: users.username })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.user_id))
      .where(
        and(
          eq(emailTokens.code_hash, sha256(code)),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.used_at),
          gt(emailTokens.expires_at, clock()),
          active,
        ),
      )
      .limit(1)
      .for('update')
    return row ?? null
  }

  async function createSession(userId: number): Promise<string> {
    const token = randomToken()
    await db.insert(sessions).values({ token_hash: sha256(token), user_id: userId, created_at: clock(), expires_at: later(SESSION_MAX_AGE * 1000) })
    return token
  }

  async function activeUser(id: number): Promise<User | null> {
    const [row] = await db.select().from(users).where(and(eq(users.id, id), active)).limit(1)
    return row ?? null
  }

  const limited = (retryAfterSec: number): Limited => ({ ok: false, reason: 'limited', retryAfterSec })

  return {
    limits: RATE_LIMITS,
    cookies: {
      set: (token: string) => sessionCookie(token, secure),
      clear: () => clearSessionCookie(secure),
    },

    /** The member behind a session token (cookie or Bearer), or null. */
    async authenticate(token: string | undefined): Promise<User | null> {
      if (!token) return null
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(and(eq(sessions.token_hash, sha256(token)), gt(sessions.expires_at, clock()), active))
        .limit(1)
      return row?.user ?? null
    },

    async getUser(id: number): Promise<PublicUser | null> {
      const user = await activeUser(id)
      return user ? toPublicUser(user) : null
    },

    /**
     * Creates an unverified account, records both consents with the version of the terms shown,
     * and queues the verification e-mail, all in one transaction. The password is hashed first
     * either way, so "already registered" takes as long as a new account.
     */
    async signUp(input: SignUpInput, req: RequestInfo): Promise<{ ok: true } | { ok: false; reason: 'exists' } | Limited> {
      const rate = await limiter.consume(limiter.keyOf('sign:ip', req.ip), RATE_LIMITS.signUpAddress)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const passwordHash = await hashPassword(input.password)
      const lang = input.lang ?? req.lang
      const now = clock()
      try {
        const created = await db.transaction(async (tx) => {
          const [existing] = await tx.select({ id: users.id }).from(users).where(and(eq(users.username, input.username), active)).limit(1)
          if (existing) return false
          const [user] = await tx
            .insert(users)
            .values({
              username: input.username,
              password_hash: passwordHash,
              company: input.company,
              division: input.division,
              name: input.name,
              lang,
              created_at: now,
              updated_at: now,
            })
            .returning({ id: users.id, username: users.username, name: users.name })
          if (!user) throw new Error('insert returned no row')
          const versions = await tx.select({ type: terms.type, updated_at: terms.updated_at }).from(terms)
          const version = (type: number) => {
            const row = versions.find((v) => v.type === type)
            return row ? new Date(row.updated_at).toISOString() : ''
          }
          await tx.insert(userConsents).values([
            { user_id: user.id, kind: 'service', terms_version: version(1), granted_at: now },
            { user_id: user.id, kind: 'privacy', terms_version: version(2), granted_at: now },
          ])
          await enqueueVerification(tx, user, lang)
          return true
        })
        if (!created) return { ok: false, reason: 'exists' }
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'exists' }
        throw error
      }
      mail.kick()
      return { ok: true }
    },

    /** ID availability (check/nickname): free when no active member uses it as ID or nickname. */
    async checkAvailability(value: string, req: RequestInfo): Promise<{ ok: true; available: boolean } | Limited> {
      const rate = await limiter.consume(limiter.keyOf('avail:ip', req.ip), RATE_LIMITS.availabilityAddress)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(active, or(eq(users.username, value.toLowerCase()), eq(users.nickname, value))))
        .limit(1)
      return { ok: true, available: !row }
    },

    /** email/regist: consumes the verification code; `username`, when given, must be its account's. */
    async verifyEmail(input: { username?: string | undefined; code: string }, req: RequestInfo): Promise<{ ok: boolean; limited?: number }> {
      const rate = await limiter.consume(limiter.keyOf('code:ip', req.ip), RATE_LIMITS.codeAddress)
      if (!rate.allowed) return { ok: false, limited: rate.retryAfterSec }
      const ok = await db.transaction(async (tx) => {
        const row = await lockCode(tx, input.code, 'verify')
        if (!row || (input.username !== undefined && row.username !== input.username)) return false
        const now = clock()
        await tx.update(emailTokens).set({ used_at: now }).where(eq(emailTokens.id, row.id))
        await tx
          .update(users)
          .set({ email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)`, updated_at: now })
          .where(eq(users.id, row.user_id))
        return true
      })
      return { ok }
    },

    /**
     * Checks ID and password. An unknown ID still costs one argon2 verification (of a dummy hash).
     * Attempts count per account and per address; a correct password gives its attempt back.
     * An unverified member with the right password gets a fresh verification e-mail (at most one
     * per 10 minutes) and no session.
     */
    async login(input: { username: string; password: string }, req: RequestInfo): Promise<LoginResult> {
      const accountKey = limiter.keyOf('login:acct', input.username)
      const addressKey = limiter.keyOf('login:ip', req.ip)
      const [account, address] = (await limiter.consumeAll([
        [accountKey, RATE_LIMITS.loginAccount],
        [addressKey, RATE_LIMITS.loginAddress],
      ])) as [RateDecision, RateDecision]
      if (!account.allowed || !address.allowed) {
        const waits = [account, address].filter((d) => !d.allowed).map((d) => d.retryAfterSec)
        return limited(Math.max(...waits))
      }
      const [user] = await db.select().from(users).where(and(eq(users.username, input.username), active)).limit(1)
      if (!user) {
        await verifyPassword(await dummyHash(), input.password)
        return { ok: false, reason: 'id' }
      }
      if (!(await verifyPassword(user.password_hash, input.password))) return { ok: false, reason: 'password' }
      await limiter.refund(accountKey, addressKey)
      if (!user.email_verified_at) {
        const resend = await limiter.consume(limiter.keyOf('verify-resend', String(user.id)), RATE_LIMITS.verificationResend)
        if (resend.allowed) {
          await db.transaction((tx) => enqueueVerification(tx, user, user.lang === 'en' ? 'en' : 'ko'))
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

    /** find/username: the IDs (masked) of active members with this company, department and name. */
    async findUsername(
      input: { company: string; division: string; name: string },
      req: RequestInfo,
    ): Promise<{ ok: true; usernames: string[] } | { ok: false; reason: 'noMatch' } | Limited> {
      const rate = await limiter.consume(limiter.keyOf('find:ip', req.ip), RATE_LIMITS.findAddress)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const rows = await db
        .select({ username: users.username })
        .from(users)
        .where(
          and(
            active,
            sql`lower(${users.company}) = lower(${input.company})`,
            sql`lower(${users.division}) = lower(${input.division})`,
            sql`lower(${users.name}) = lower(${input.name})`,
          ),
        )
        .orderBy(asc(users.id))
        .limit(5)
      if (rows.length === 0) return { ok: false, reason: 'noMatch' }
      return { ok: true, usernames: rows.map((r) => maskUsername(r.username)) }
    },

    /**
     * pwd/reset: when ID, company and name match an active member, e-mails a single-use link
     * (30 minutes) to set a new password. At most 3 such e-mails per account and hour; past that
     * the answer is the same but no mail goes out.
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
            eq(users.username, input.username),
            sql`lower(${users.company}) = lower(${input.company})`,
            sql`lower(${users.name}) = lower(${input.name})`,
          ),
        )
        .limit(1)
      if (!user) return { ok: false, reason: 'noMatch' }
      const mails = await limiter.consume(limiter.keyOf('reset-mail', String(user.id)), RATE_LIMITS.resetMailAccount)
      if (!mails.allowed) return { ok: true }
      await db.transaction(async (tx) => {
        const code = await issueCode(tx, user.id, 'reset')
        const link = `${site}/reset-password?token=${code}${langParam(req.lang)}`
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
        .where(and(eq(emailTokens.code_hash, sha256(code)), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.used_at), gt(emailTokens.expires_at, clock()), active))
        .limit(1)
      return Boolean(row)
    },

    /**
     * Sets a new password from a reset code: consumes the code, ends every session of the member.
     * Following the e-mailed link also proves the address, so an unverified account is verified.
     */
    async resetPassword(input: { code: string; password: string }, req: RequestInfo): Promise<{ ok: boolean; limited?: number }> {
      const rate = await limiter.consume(limiter.keyOf('code:ip', req.ip), RATE_LIMITS.codeAddress)
      if (!rate.allowed) return { ok: false, limited: rate.retryAfterSec }
      const passwordHash = await hashPassword(input.password)
      const ok = await db.transaction(async (tx) => {
        const row = await lockCode(tx, input.code, 'reset')
        if (!row) return false
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
        return true
      })
      return { ok }
    },

    /** pwd/change: checks the current password, sets the new one and ends every session of the member. */
    async changePassword(
      userId: number,
      input: { old_password: string; new_password: string },
    ): Promise<{ ok: true } | { ok: false; reason: 'password' | 'gone' } | Limited> {
      const key = limiter.keyOf('pwchange:acct', String(userId))
      const rate = await limiter.consume(key, RATE_LIMITS.passwordChangeAccount)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const user = await activeUser(userId)
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

    /** user/update: the nickname and the e-mail language; nothing else is the member's to change. */
    async updateUser(userId: number, patch: { nickname?: string | undefined; lang?: Lang | undefined }): Promise<PublicUser | null> {
      const set: Partial<typeof users.$inferInsert> = { updated_at: clock() }
      if (patch.nickname !== undefined) set.nickname = patch.nickname === '' ? null : patch.nickname
      if (patch.lang !== undefined) set.lang = patch.lang
      const [row] = await db.update(users).set(set).where(and(eq(users.id, userId), active)).returning()
      return row ? toPublicUser(row) : null
    },

    /**
     * user/withdraw: marks the account deleted and destroys its personal data at once (privacy
     * policy, article 6): ID, name, company, department, nickname and password hash are blanked,
     * sessions, codes and queued mail removed, consents marked withdrawn. The row stays, with
     * nothing that identifies the person, so ids in other records keep pointing somewhere.
     */
    async withdraw(userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(and(eq(users.id, userId), active)).limit(1).for('update')
        if (!user) return false
        const now = clock()
        await tx
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
        await tx.delete(sessions).where(eq(sessions.user_id, user.id))
        await tx.delete(emailTokens).where(eq(emailTokens.user_id, user.id))
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.username))
        await tx.update(userConsents).set({ withdrawn_at: now }).where(and(eq(userConsents.user_id, user.id), isNull(userConsents.withdrawn_at)))
        return true
      })
    },

    /**
     * Housekeeping run by the sender loop: expired sessions and codes, old counters, sent mail
     * after 30 days, and sign-ups never verified within 7 days (privacy policy, article 3).
     */
    async purgeExpired(): Promise<void> {
      const now = clock()
      await db.delete(sessions).where(lt(sessions.expires_at, now))
      await db.delete(emailTokens).where(lt(emailTokens.expires_at, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
      await limiter.purge(new Date(now.getTime() - 24 * 60 * 60 * 1000))
      await db
        .delete(mailOutbox)
        .where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(mailOutbox.created_at, new Date(now.getTime() - RETENTION.sentMailMs))))
      const stale = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(active, isNull(users.email_verified_at), lt(users.created_at, new Date(now.getTime() - RETENTION.unverifiedAccountMs))))
      if (stale.length > 0) {
        await db.transaction(async (tx) => {
          await tx.delete(mailOutbox).where(inArray(mailOutbox.to, stale.map((s) => s.username)))
          await tx.delete(users).where(inArray(users.id, stale.map((s) => s.id)))
        })
      }
    },
  }
}
