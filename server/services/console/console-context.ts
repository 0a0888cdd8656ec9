import { eq, inArray } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { consoleSessions, staffAccounts, users } from '#server/db/schema.ts'
import type { MailService } from '#server/services/mail/index.ts'
import { randomToken, sha256 } from '#server/services/members/crypto.ts'
import { createRateLimiter } from '#server/services/members/rate-limit.ts'
import type { Lang } from '#shared/locales.ts'
import { CONSOLE_LIMITS, type StaffRole } from '#shared/staff-rules.ts'
import { createSecretBox } from './secret-box.ts'
import { verifyTotp } from './totp.ts'

/**
 * What every part of the console service shares: the dependencies, the secret box of the TOTP
 * secrets, the rate limiter, the conditions finding active staff, a code checked against the
 * authenticator, and a new console session. Internal to `server/services/console/`; callers use
 * the composed service of `index.ts`.
 */

export type ConsoleDeps = {
  db: Db
  config: Pick<Config, 'SITE_URL' | 'consoleKey' | 'consolePreviousKeys'>
  clock: () => Date
  mail: MailService
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Where a console request came from: the client address (limits, audit) and the page language. */
export type ConsoleRequest = { ip: string; lang: Lang }

/** The signed-in staff member and the state of the session, as the guards hand them to the pages. */
export type StaffSession = {
  user: { id: number; username: string; name: string; role: StaffRole }
  sessionId: number
  /** When the session ends if nothing else happens (idle limit or absolute limit, the earlier). */
  endsAt: Date
  /** How long until `endsAt`, by the service's clock. */
  remainingMs: number
  /** A TOTP code was given within the last five minutes. */
  stepUpFresh: boolean
}

export type Limited = { ok: false; reason: 'limited'; retryAfterSec: number }

export type ConsoleContext = ReturnType<typeof createConsoleContext>

export function createConsoleContext(deps: ConsoleDeps) {
  const { db, clock, mail } = deps
  // The sealing key first, then any that only open (a rotation under way: key-rotation.ts).
  let keys = deps.config.consoleKey ? [deps.config.consoleKey, ...deps.config.consolePreviousKeys] : null
  let box = keys ? createSecretBox(keys) : null
  const limiter = createRateLimiter({ db, clock })
  const site = deps.config.SITE_URL.replace(/\/$/, '')
  const later = (ms: number) => new Date(clock().getTime() + ms)

  function requireBox() {
    if (!box) throw new Error('CONSOLE_KEY is not set: the console is off in production')
    return box
  }

  return {
    db,
    clock,
    mail,
    limiter,
    site,
    later,
    /** Whether the console can run (production needs CONSOLE_KEY, or the key file of the embedded database). */
    enabled: box !== null,
    requireBox,
    /** The keys the secret box holds, the sealing one first; null when the console is off. */
    currentKeys: (): readonly Buffer[] | null => keys,
    /** Replaces the secret box's keys (a key rotation: docs/decisions/046-console-key.md). */
    useKeys(next: readonly Buffer[]): void {
      if (!box) throw new Error('the console is off: it has no key to replace')
      box = createSecretBox(next)
      keys = [...next]
    },
    /** The condition every lookup of an account carries: withdrawn accounts are gone. */
    active: eq(users.delete_yn, 'N'),
    /** The condition of a staff account (roles admin, editor, viewer). */
    isStaff: inArray(users.role, ['admin', 'editor', 'viewer']),

    limited: (retryAfterSec: number): Limited => ({ ok: false, reason: 'limited', retryAfterSec }),

    /**
     * Checks a code against the account's secret and refuses a step already used (replay). On
     * success records the step in the caller's transaction.
     */
    async acceptTotp(tx: Tx, userId: number, code: string): Promise<boolean> {
      const [account] = await tx
        .select()
        .from(staffAccounts)
        .where(eq(staffAccounts.user_id, userId))
        .limit(1)
        .for('update')
      if (!account?.totp_secret) return false
      const step = await verifyTotp(requireBox().open(account.totp_secret), code)
      if (step === null || (account.totp_last_step !== null && step <= account.totp_last_step)) return false
      await tx.update(staffAccounts).set({ totp_last_step: step }).where(eq(staffAccounts.user_id, userId))
      return true
    },

    /** A new console session in the caller's transaction: `pending` between the sign-in's two steps, then `active`. */
    async startSession(tx: Tx, userId: number, stage: 'pending' | 'active', totpGiven = false): Promise<string> {
      const token = randomToken()
      const now = clock()
      await tx.insert(consoleSessions).values({
        token_hash: sha256(token),
        user_id: userId,
        stage,
        created_at: now,
        last_seen_at: now,
        expires_at: later(stage === 'pending' ? CONSOLE_LIMITS.pendingMs : CONSOLE_LIMITS.absoluteMs),
        // A recovery code signs in but is no fresh TOTP code for step-up.
        step_up_at: stage === 'active' && totpGiven ? now : null,
      })
      return token
    },
  }
}
