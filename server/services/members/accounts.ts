import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm'
import { emailTokens, sessions, userConsents, users } from '#server/db/schema.ts'
import { versionInForce } from '#server/services/terms-query.ts'
import type { Lang } from '#shared/locales.ts'
import { maskUsername } from '#shared/member-rules.ts'
import { hashPassword } from './crypto.ts'
import {
  toPublicUser,
  type AccountRef,
  type Limited,
  type MemberContext,
  type OnAccountChange,
  type PublicUser,
  type RequestInfo,
  type Tx,
} from './member-context.ts'
import { RATE_LIMITS } from './rate-limit.ts'
import { TERMS_TYPE, type TermsType } from '#shared/type-codes.ts'

export type SignUpInput = {
  company: string
  division: string
  name: string
  username: string
  password: string
  lang?: Lang | undefined
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** The account itself: sign-up, e-mail verification, ID availability, find ID, read and update. */
export function createAccounts(ctx: MemberContext) {
  const { db, clock, mail, limiter, active, limited } = ctx

  return {
    async getUser(id: number): Promise<PublicUser | null> {
      const user = await ctx.activeUser(id)
      return user ? toPublicUser(user) : null
    },

    /**
     * Creates an unverified account, records both consents with the version of the terms shown,
     * and queues the verification e-mail, all in one transaction. The password is hashed first
     * either way, so "already registered" takes as long as a new account.
     *
     * An unverified registration of the address is replaced (data, password, consents, codes): only
     * the address's owner can use the fresh link, so a stranger's sign-up never blocks the owner.
     * "Already registered" is for a verified member only. A console staff address answers as a new
     * one does and nothing is created or sent (ADR 008, addendum: staff addresses are not revealed).
     * Every mail counts against the address's daily cap; past it, 429 and nothing changes.
     */
    async signUp(
      input: SignUpInput,
      req: RequestInfo,
    ): Promise<{ ok: true } | { ok: false; reason: 'exists' } | Limited> {
      const rate = await limiter.consume(limiter.keyOf('sign:ip', req.ip), RATE_LIMITS.signUpAddress)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const passwordHash = await hashPassword(input.password)
      const lang = input.lang ?? req.lang
      const now = clock()
      const findExisting = (tx: Tx | typeof db) =>
        tx
          .select({ id: users.id, role: users.role, verified: users.email_verified_at })
          .from(users)
          .where(and(eq(users.username, input.username), active))
          .limit(1)
      const [seen] = await findExisting(db)
      if (seen && seen.role !== 'member') return { ok: true }
      if (seen?.verified) return { ok: false, reason: 'exists' }
      const mailing = await ctx.mayMail(input.username)
      if (!mailing.ok) return mailing
      let outcome: 'created' | 'exists' | 'staff'
      try {
        outcome = await db.transaction(async (tx) => {
          const [existing] = await findExisting(tx).for('update')
          if (existing && existing.role !== 'member') return 'staff'
          if (existing?.verified) return 'exists'
          const values = {
            username: input.username,
            password_hash: passwordHash,
            company: input.company,
            division: input.division,
            name: input.name,
            nickname: null,
            lang,
            created_at: now,
            updated_at: now,
          }
          let user: { id: number; username: string; name: string } | undefined
          if (existing) {
            // The pending registration is replaced as a whole: its consents, codes and sessions go.
            ;[user] = await tx
              .update(users)
              .set(values)
              .where(eq(users.id, existing.id))
              .returning({ id: users.id, username: users.username, name: users.name })
            await tx.delete(userConsents).where(eq(userConsents.user_id, existing.id))
            await tx.delete(emailTokens).where(eq(emailTokens.user_id, existing.id))
            await tx.delete(sessions).where(eq(sessions.user_id, existing.id))
          } else {
            ;[user] = await tx
              .insert(users)
              .values(values)
              .returning({ id: users.id, username: users.username, name: users.name })
          }
          if (!user) throw new Error('insert returned no row')
          // The versions in force now: what the sign-up page linked to.
          const consent = async (kind: 'service' | 'privacy', type: TermsType) => {
            const version = await versionInForce(tx, type, now)
            return {
              user_id: user.id,
              kind,
              terms_version: version?.version ? String(version.version) : '',
              terms_version_id: version?.id ?? null,
              granted_at: now,
            }
          }
          await tx
            .insert(userConsents)
            .values([await consent('service', TERMS_TYPE.service), await consent('privacy', TERMS_TYPE.privacy)])
          await ctx.enqueueVerification(tx, user, lang)
          return 'created'
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        outcome = 'exists'
      }
      if (outcome !== 'created') {
        await limiter.refund(mailing.key)
        return outcome === 'staff' ? { ok: true } : { ok: false, reason: 'exists' }
      }
      mail.kick()
      return { ok: true }
    },

    /**
     * ID availability (check/nickname): free when no active, verified member uses it as ID or
     * nickname. Console staff are not members here (their addresses are never revealed), and a
     * pending registration does not take the ID (signing up again replaces it).
     */
    async checkAvailability(value: string, req: RequestInfo): Promise<{ ok: true; available: boolean } | Limited> {
      const rate = await limiter.consume(limiter.keyOf('avail:ip', req.ip), RATE_LIMITS.availabilityAddress)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            active,
            eq(users.role, 'member'),
            isNotNull(users.email_verified_at),
            or(eq(users.username, value.toLowerCase()), eq(users.nickname, value)),
          ),
        )
        .limit(1)
      return { ok: true, available: !row }
    },

    /** email/regist: consumes the verification code; `username`, when given, must be its account's. */
    async verifyEmail(
      input: { username?: string | undefined; code: string },
      req: RequestInfo,
    ): Promise<{ ok: boolean; limited?: number }> {
      const rate = await limiter.consume(limiter.keyOf('code:ip', req.ip), RATE_LIMITS.codeAddress)
      if (!rate.allowed) return { ok: false, limited: rate.retryAfterSec }
      const ok = await db.transaction(async (tx) => {
        const row = await ctx.lockCode(tx, input.code, 'verify')
        if (!row || (input.username !== undefined && row.username !== input.username)) return false
        const now = clock()
        await tx.update(emailTokens).set({ used_at: now }).where(eq(emailTokens.id, row.id))
        await tx
          .update(users)
          .set({
            email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)`,
            updated_at: now,
          })
          .where(eq(users.id, row.user_id))
        return true
      })
      return { ok }
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
            eq(users.role, 'member'),
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

    /** user/update: the nickname and the e-mail language; nothing else is the member's to change. */
    async updateUser(
      userId: number,
      patch: { nickname?: string | undefined; lang?: Lang | undefined },
    ): Promise<PublicUser | null> {
      const set: Partial<typeof users.$inferInsert> = { updated_at: clock() }
      if (patch.nickname !== undefined) set.nickname = patch.nickname === '' ? null : patch.nickname
      if (patch.lang !== undefined) set.lang = patch.lang
      const [row] = await db
        .update(users)
        .set(set)
        .where(and(eq(users.id, userId), active))
        .returning()
      return row ? toPublicUser(row) : null
    },

    /**
     * The company grants or withdraws the restricted area (`npm run manage -- grant-access`, and the
     * console's member page): sets access_yn of the active account with this ID (the e-mail,
     * compared as the login does: trimmed, lower-case) or of the member with this id. Null when
     * there is no such account (unknown, or withdrawn). `changed` is false when it already had that
     * state; `onChange` runs in the transaction of a change. Sessions carry no copy of access_yn
     * (`authenticate` reads the row on every request), so the next request sees the change.
     */
    async setRestrictedAccess(
      account: AccountRef,
      granted: boolean,
      onChange?: OnAccountChange,
    ): Promise<{ user: PublicUser; changed: boolean } | null> {
      const wanted = granted ? 'Y' : 'N'
      return db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(ctx.accountWhere(account)).limit(1).for('update')
        if (!user) return null
        if (user.access_yn === wanted) return { user: toPublicUser(user), changed: false }
        const [row] = await tx
          .update(users)
          .set({ access_yn: wanted, updated_at: clock() })
          .where(eq(users.id, user.id))
          .returning()
        if (!row) throw new Error('update returned no row')
        await onChange?.(tx, { before: user, after: row })
        return { user: toPublicUser(row), changed: true }
      })
    },
  }
}
