import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { emailTokens, users, type User } from '#server/db/schema.ts'
import type { MailService } from '#server/services/mail/index.ts'
import { verificationMail } from '#server/services/mail/templates.ts'
import type { PublicUser } from '#shared/api-schemas/members.ts'
import type { Lang } from '#shared/locales.ts'
import { randomToken, sha256 } from './crypto.ts'
import {
  createRateLimiter,
  KNOWN_ADDRESS_DAYS,
  KNOWN_ADDRESS_SCOPE,
  MAIL_RECIPIENT_SCOPE,
  mailRecipientRule,
} from './rate-limit.ts'

/**
 * What every part of the members service shares: the dependencies, the rate limiter, the
 * e-mailed codes (issue, lock, the verification mail) and the lookup of an active member.
 * Internal to `server/services/members/`; callers use the composed service of `index.ts`.
 */

export type MemberDeps = {
  db: Db
  config: Pick<Config, 'SITE_URL' | 'MAIL_RECIPIENT_DAILY_LIMIT'>
  clock: () => Date
  mail: MailService
}

/** How long the e-mailed codes work. */
export const CODE_TTL = {
  verify: 24 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
} as const

export type { PublicUser }

/** Where a request came from: the client address (rate limits) and the visitor's language. */
export type RequestInfo = { ip: string; lang: Lang }

/** Past a limit; `cause: 'recipient'`: the address has had its member e-mails for the day (ADR 008, addendum). */
export type Limited = { ok: false; reason: 'limited'; retryAfterSec: number; cause?: 'recipient' }

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Runs inside the transaction of a change the company makes to an account (the console), with the
 * row before and after: the console writes its audit entry there, so it exists exactly when the
 * change does.
 */
export type OnAccountChange = (tx: Tx, change: { before: User; after: User; lock?: LoginLock }) => Promise<void>

/** The failed-login counter of an ID: failures in the current window, and until when the login is refused (null: not locked). */
export type LoginLock = { failures: number; lockedUntil: Date | null }

/** An account named by ID (the e-mail, as the command line does) or a member by id (the console: role 'member' only). */
export type AccountRef = string | { memberId: number }

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

export type MemberContext = ReturnType<typeof createMemberContext>

export function createMemberContext(deps: MemberDeps) {
  const { db, clock, mail } = deps
  const limiter = createRateLimiter({ db, clock })
  const site = deps.config.SITE_URL.replace(/\/$/, '')
  const langParam = (lang: Lang) => (lang === 'en' ? '&lang=en' : '')
  const later = (ms: number) => new Date(clock().getTime() + ms)
  /** The condition every lookup of a member carries: withdrawn accounts are gone. */
  const active = eq(users.delete_yn, 'N')
  const recipientRule = mailRecipientRule(deps.config.MAIL_RECIPIENT_DAILY_LIMIT)
  /** One ID at one client address (the ID as typed at login: trimmed and lower-cased by the schema). */
  const idAt = (username: string, ip: string) => `${username}\n${ip}`

  async function issueCode(tx: Tx, userId: number, purpose: 'verify' | 'reset'): Promise<string> {
    // Only the newest code of a purpose works.
    await tx
      .delete(emailTokens)
      .where(and(eq(emailTokens.user_id, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.used_at)))
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

  return {
    db,
    clock,
    mail,
    limiter,
    site,
    langParam,
    later,
    active,
    issueCode,

    /** A new verification code and its e-mail, queued in the caller's transaction. */
    async enqueueVerification(tx: Tx, user: { id: number; username: string; name: string }, lang: Lang): Promise<void> {
      const code = await issueCode(tx, user.id, 'verify')
      const link = `${site}/confirm?username=${encodeURIComponent(user.username)}&email_regist_code=${code}${langParam(lang)}`
      await mail.enqueue(tx, { to: user.username, lang, ...verificationMail(lang, user.name, link) })
    },

    /** Locks the valid, unused code row for update; null when the code is unknown, used or expired. */
    async lockCode(tx: Tx, code: string, purpose: 'verify' | 'reset') {
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
    },

    /** The condition finding an active account by reference (see AccountRef). */
    accountWhere(ref: AccountRef) {
      return typeof ref === 'string'
        ? and(eq(users.username, ref.trim().toLowerCase()), active)
        : and(eq(users.id, ref.memberId), eq(users.role, 'member'), active)
    },

    async activeUser(id: number): Promise<User | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), active))
        .limit(1)
      return row ?? null
    },

    limited: (retryAfterSec: number): Limited => ({ ok: false, reason: 'limited', retryAfterSec }),

    /** The failed-login counter of one ID at one client address. */
    loginPairKey: (username: string, ip: string) => limiter.keyOf('login:pair', idAt(username, ip)),

    /** Whether the ID has signed in (or reset its password) from this client address lately. */
    isKnownAddress: (username: string, ip: string) =>
      limiter.marked(limiter.keyOf(KNOWN_ADDRESS_SCOPE, idAt(username, ip)), KNOWN_ADDRESS_DAYS),

    /** Remembers that the ID signed in from this client address (a login, a password reset). */
    markKnownAddress: (username: string, ip: string) =>
      limiter.mark(limiter.keyOf(KNOWN_ADDRESS_SCOPE, idAt(username, ip))),

    /**
     * Counts one member e-mail to `address` against its daily cap (`MAIL_RECIPIENT_DAILY_LIMIT`,
     * whichever client asks); past it, the mail is not sent. A refused attempt is not counted.
     */
    async mayMail(address: string): Promise<{ ok: true; key: string } | Limited> {
      const key = limiter.keyOf(MAIL_RECIPIENT_SCOPE, address)
      const rate = await limiter.consume(key, recipientRule)
      if (rate.allowed) return { ok: true, key }
      return { ok: false, reason: 'limited', retryAfterSec: rate.retryAfterSec, cause: 'recipient' }
    },
  }
}
