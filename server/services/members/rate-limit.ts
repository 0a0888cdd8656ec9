import { and, eq, gt, inArray, like, lt, notLike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rateLimits } from '#server/db/schema.ts'
import { sha256 } from './crypto.ts'

export type Rule = { limit: number; windowSec: number }

/**
 * The limits (docs/decisions/008-member-accounts.md). Failed logins count per ID and address, per
 * address, and per ID from addresses it has never signed in from; a successful login gives its
 * attempt back, so only failures accumulate.
 */
export const RATE_LIMITS = {
  /**
   * Wrong passwords (or unknown IDs) for one ID from addresses where it has not signed in before
   * (the distributed guess); an address where it has (`KNOWN_ADDRESS_SCOPE`) is not counted nor refused.
   * Staff sign-in (server/services/console) uses it per ID as it stands.
   */
  loginAccount: { limit: 10, windowSec: 15 * 60 },
  /** Wrong passwords for one ID from one address: half the ID's limit, so one address alone never reaches it. */
  loginPair: { limit: 5, windowSec: 15 * 60 },
  /** Failed logins from one address, whatever the ID. */
  loginAddress: { limit: 30, windowSec: 15 * 60 },
  /** Sign-ups from one address. */
  signUpAddress: { limit: 20, windowSec: 60 * 60 },
  /** ID availability checks from one address. */
  availabilityAddress: { limit: 60, windowSec: 10 * 60 },
  /** Find-ID and password-reset requests from one address. */
  findAddress: { limit: 10, windowSec: 15 * 60 },
  /** Password-reset e-mails to one account. */
  resetMailAccount: { limit: 3, windowSec: 60 * 60 },
  /** Verification-code and reset-code submissions from one address. */
  codeAddress: { limit: 30, windowSec: 15 * 60 },
  /** Wrong current passwords in the password change of one account. */
  passwordChangeAccount: { limit: 5, windowSec: 15 * 60 },
  /** A new verification e-mail when an unverified member logs in. */
  verificationResend: { limit: 1, windowSec: 10 * 60 },
} as const satisfies Record<string, Rule>

/**
 * The scope of the failed-login counter of one ID (the member login): 10 failures from addresses
 * the ID has never signed in from refuse it to such addresses for the window (the console's "locked").
 */
export const LOGIN_ACCOUNT_SCOPE = 'login:acct'

/**
 * Addresses an ID has signed in from (a login or a password reset): a marker per ID and address,
 * its `window_start` the last time, kept `KNOWN_ADDRESS_DAYS` days. Hashed like every key.
 */
export const KNOWN_ADDRESS_SCOPE = 'login:known'
export const KNOWN_ADDRESS_DAYS = 90

/** Member e-mails to one recipient (any client address), per day: the limit is `MAIL_RECIPIENT_DAILY_LIMIT`. */
export const MAIL_RECIPIENT_SCOPE = 'mail:to'
export const mailRecipientRule = (limit: number): Rule => ({ limit, windowSec: 24 * 60 * 60 })

/** A counter's key as `keyOf` makes it, computed in SQL from a column (sha256 is built into PostgreSQL 11+). */
export const keySql = (scope: string, subject: AnyColumn | SQL) =>
  sql<string>`${`${scope}:`} || left(encode(sha256(convert_to(${subject}, 'UTF8')), 'hex'), 32)`

export type RateDecision = { allowed: boolean; count: number; retryAfterSec: number }

export type RateLimiter = ReturnType<typeof createRateLimiter>

/**
 * Fixed-window counters in the database (shared by every app node). `consume` counts first and
 * decides after, atomically, so parallel requests cannot slip past the limit; a refused attempt is
 * given back at once, so the count is the attempts made (or in progress). Keys are hashed: no
 * address or e-mail is stored.
 */
export function createRateLimiter({ db, clock }: { db: Db; clock: () => Date }) {
  const keyOf = (scope: string, subject: string) => `${scope}:${sha256(subject).slice(0, 32)}`
  /** Counts one attempt on each key in one statement; the decisions come back in the same order. */
  async function consumeAll(entries: [key: string, rule: Rule][]): Promise<RateDecision[]> {
    const now = clock()
    const nowIso = now.toISOString()
    // One window length per statement keeps the SQL simple; the member rules pair equal windows.
    const windowSec = entries[0]![1].windowSec
    if (entries.some(([, r]) => r.windowSec !== windowSec))
      throw new Error('consumeAll needs rules of one window length')
    const cutoff = new Date(now.getTime() - windowSec * 1000).toISOString()
    const rows = await db
      .insert(rateLimits)
      .values(entries.map(([key]) => ({ key, window_start: now, count: 1 })))
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.window_start} <= ${cutoff}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          window_start: sql`case when ${rateLimits.window_start} <= ${cutoff}::timestamptz then ${nowIso}::timestamptz else ${rateLimits.window_start} end`,
        },
      })
      .returning()
    const decisions = entries.map(([key, rule]) => {
      const row = rows.find((r) => r.key === key)
      const count = row?.count ?? 1
      const start = row ? new Date(row.window_start).getTime() : now.getTime()
      const retryAfterSec = Math.max(1, Math.ceil((start + rule.windowSec * 1000 - now.getTime()) / 1000))
      return { allowed: count <= rule.limit, count, retryAfterSec }
    })
    // A refused attempt tried nothing: it is given back on every key at once. Otherwise a burst of
    // parallel correct logins past the limit (each given back only after its check) would leave
    // the refused ones counted, and the next bursts would lock the account with no wrong password.
    if (decisions.some((d) => !d.allowed)) await refund(...entries.map(([key]) => key))
    return decisions
  }

  /** Gives one attempt back on each key. */
  async function refund(...keys: string[]): Promise<void> {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(inArray(rateLimits.key, keys))
  }

  return {
    keyOf,
    async consume(key: string, rule: Rule): Promise<RateDecision> {
      const [decision] = await consumeAll([[key, rule]])
      return decision!
    },
    consumeAll,
    /** Gives one attempt back on each key (a login that succeeded). */
    refund,
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key))
    },
    /** Records (or refreshes) a marker: `window_start` becomes now. */
    async mark(key: string): Promise<void> {
      const now = clock()
      await db
        .insert(rateLimits)
        .values({ key, window_start: now, count: 1 })
        .onConflictDoUpdate({ target: rateLimits.key, set: { window_start: now } })
    },
    /** Whether a marker was recorded within the last `days` days. */
    async marked(key: string, days: number): Promise<boolean> {
      const since = new Date(clock().getTime() - days * 24 * 60 * 60 * 1000)
      const [row] = await db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.window_start, since)))
        .limit(1)
      return Boolean(row)
    },
    /** Drops counters whose window ended long ago, and known-address markers older than their days. */
    async purge(before: Date): Promise<void> {
      const known = `${KNOWN_ADDRESS_SCOPE}:%`
      const knownBefore = new Date(clock().getTime() - KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000)
      await db
        .delete(rateLimits)
        .where(
          or(
            and(lt(rateLimits.window_start, before), notLike(rateLimits.key, known)),
            and(lt(rateLimits.window_start, knownBefore), like(rateLimits.key, known)),
          ),
        )
    },
  }
}
