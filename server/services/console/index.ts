import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { consoleSessions, staffAccounts, staffInvites, staffRecoveryCodes, users, type User } from '#server/db/schema.ts'
import type { MailService } from '#server/services/mail/index.ts'
import { staffInviteMail } from '#server/services/mail/templates.ts'
import { dummyHash, hashPassword, randomToken, sha256, verifyPassword } from '#server/services/members/crypto.ts'
import { createRateLimiter, RATE_LIMITS } from '#server/services/members/rate-limit.ts'
import type { Lang } from '#shared/locales.ts'
import { CONSOLE_LIMITS, isStaffRole, roleAtLeast, type StaffRole } from '#shared/staff-rules.ts'
import { audit, auditTypes, listAudit, type AuditEntry, type AuditFilter } from './audit.ts'
import { recoveryCode, recoveryHash } from './recovery-codes.ts'
import { createSecretBox } from './secret-box.ts'
import { groupSecret, newTotpSecret, totpUri, verifyTotp } from './totp.ts'

export { audit, type AuditEntry } from './audit.ts'

export type ConsoleDeps = { db: Db; config: Pick<Config, 'SITE_URL' | 'consoleKey'>; clock: () => Date; mail: MailService }

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

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

/** The staff list of the console. */
export type StaffRow = { id: number; username: string; name: string; role: StaffRole; enrolled: boolean; disabled: boolean; lastSignInAt: Date | null }

const limited = (retryAfterSec: number): Limited => ({ ok: false, reason: 'limited', retryAfterSec })

/**
 * The console's accounts and sessions (docs/decisions/014-console-staff-sign-in.md): setup links,
 * password and TOTP enrolment, recovery codes, two-step sign-in, sessions with an idle and an
 * absolute end, step-up for sensitive actions, the staff list and roles, and the audit trail.
 * No HTTP here: the console's routes carry the session token in their own cookie.
 */
export function createConsoleService(deps: ConsoleDeps) {
  const { db, clock, mail } = deps
  const box = deps.config.consoleKey ? createSecretBox(deps.config.consoleKey) : null
  const limiter = createRateLimiter({ db, clock })
  const site = deps.config.SITE_URL.replace(/\/$/, '')
  const later = (ms: number) => new Date(clock().getTime() + ms)
  const active = eq(users.delete_yn, 'N')
  const isStaff = inArray(users.role, ['admin', 'editor', 'viewer'])

  function requireBox() {
    if (!box) throw new Error('CONSOLE_KEY is not set: the console is off in production')
    return box
  }

  async function loadInvite(token: string) {
    const [row] = await db
      .select({ invite: staffInvites, user: users })
      .from(staffInvites)
      .innerJoin(users, eq(users.id, staffInvites.user_id))
      .where(and(eq(staffInvites.token_hash, sha256(token)), isNull(staffInvites.used_at), gt(staffInvites.expires_at, clock()), active, isStaff))
      .limit(1)
    return row ?? null
  }

  /**
   * Checks a code against the account's secret and refuses a step already used (replay). On
   * success records the step in the caller's transaction.
   */
  async function acceptTotp(tx: Tx, userId: number, code: string): Promise<boolean> {
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.user_id, userId)).limit(1).for('update')
    if (!account?.totp_secret) return false
    const step = await verifyTotp(requireBox().open(account.totp_secret), code)
    if (step === null || (account.totp_last_step !== null && step <= account.totp_last_step)) return false
    await tx.update(staffAccounts).set({ totp_last_step: step }).where(eq(staffAccounts.user_id, userId))
    return true
  }

  /** Uses up one recovery code of the account; false when none matches. */
  async function acceptRecoveryCode(tx: Tx, userId: number, code: string): Promise<boolean> {
    const used = await tx
      .update(staffRecoveryCodes)
      .set({ used_at: clock() })
      .where(and(eq(staffRecoveryCodes.user_id, userId), eq(staffRecoveryCodes.code_hash, recoveryHash(code)), isNull(staffRecoveryCodes.used_at)))
      .returning({ id: staffRecoveryCodes.id })
    return used.length > 0
  }

  async function startSession(tx: Tx, userId: number, stage: 'pending' | 'active', totpGiven = false): Promise<string> {
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
  }

  async function countAdmins(tx: Tx): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
      .where(and(eq(users.role, 'admin'), active, isNull(staffAccounts.disabled_at)))
    return row?.n ?? 0
  }

  const stepUpFresh = (stepUpAt: Date | string | null) => stepUpAt !== null && clock().getTime() - new Date(stepUpAt).getTime() <= CONSOLE_LIMITS.stepUpMs

  /** Counts a sign-in attempt against the account and the address: the refusal once either limit is reached. */
  async function countAttempt(accountKey: string, addressKey: string): Promise<Limited | null> {
    const decisions = await limiter.consumeAll([
      [accountKey, RATE_LIMITS.loginAccount],
      [addressKey, RATE_LIMITS.loginAddress],
    ])
    const refused = decisions.filter((d) => !d.allowed)
    return refused.length > 0 ? limited(Math.max(...refused.map((d) => d.retryAfterSec))) : null
  }

  return {
    /** Whether the console can run (production needs CONSOLE_KEY). */
    enabled: box !== null,

    /**
     * Creates a staff account without a password (or, for an existing staff account, a new link:
     * re-invite, which enables the account again only once completed) and returns its one-time
     * setup link (24 h). `actorId` null: the command line.
     * An e-mail that belongs to a member is refused: staff accounts are separate.
     * From the console (`sendMail`), the link is also e-mailed through the outbox.
     */
    async inviteStaff(
      input: { username: string; name: string; role: StaffRole },
      options: { actorId: number | null; ip: string | null; lang: Lang; sendMail: boolean },
    ): Promise<{ ok: true; link: string; userId: number; reinvited: boolean } | { ok: false; reason: 'member' }> {
      requireBox()
      const now = clock()
      const result = await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(users).where(and(eq(users.username, input.username), active)).limit(1).for('update')
        if (existing && !isStaffRole(existing.role)) return { ok: false as const, reason: 'member' as const }
        let userId: number
        let before: Record<string, unknown> | null = null
        // A new link for existing staff changes nothing else from the console (roles change only
        // through changeRole, with its checks); from the command line it also makes them admin.
        const role = existing && options.actorId !== null ? (existing.role as StaffRole) : input.role
        if (existing) {
          userId = existing.id
          before = { role: existing.role, name: existing.name }
          if (role !== existing.role) await tx.update(users).set({ role, updated_at: now }).where(eq(users.id, userId))
        } else {
          const [user] = await tx
            .insert(users)
            .values({ username: input.username, password_hash: '', company: '', division: '', name: input.name, role: input.role, lang: options.lang, created_at: now, updated_at: now })
            .returning({ id: users.id })
          userId = user!.id
          await tx.insert(staffAccounts).values({ user_id: userId, invited_by: options.actorId, created_at: now })
        }
        // Only the newest link works.
        await tx.delete(staffInvites).where(and(eq(staffInvites.user_id, userId), isNull(staffInvites.used_at)))
        const token = randomToken()
        await tx.insert(staffInvites).values({ user_id: userId, token_hash: sha256(token), created_at: now, expires_at: later(CONSOLE_LIMITS.inviteMs) })
        const link = `${site}/admin/setup?token=${token}`
        if (options.sendMail) await mail.enqueue(tx, { to: input.username, lang: options.lang, ...staffInviteMail(options.lang, input.name, link) })
        await audit(
          tx,
          {
            userId: options.actorId,
            action: existing ? 'staff.reinvite' : 'staff.invite',
            recordType: 'staff',
            recordId: userId,
            before,
            after: { username: input.username, name: existing ? existing.name : input.name, role },
            ip: options.ip,
          },
          now,
        )
        return { ok: true as const, link, userId, reinvited: Boolean(existing) }
      })
      if (result.ok && options.sendMail) mail.kick()
      return result
    },

    /**
     * What the setup page shows for a link: nothing when the link is unknown, used or expired;
     * the password step; or, once a password was chosen, the TOTP step with the secret.
     */
    async getSetup(token: string): Promise<
      | null
      | { stage: 'done'; username: string; name: string }
      | { stage: 'password'; username: string; name: string }
      | { stage: 'totp'; username: string; name: string; secret: string; secretGrouped: string; uri: string }
    > {
      const row = await loadInvite(token)
      if (!row) {
        // Used within the last 10 minutes: the page that just completed it (its recovery codes come from the action).
        const [used] = await db
          .select({ username: users.username, name: users.name })
          .from(staffInvites)
          .innerJoin(users, eq(users.id, staffInvites.user_id))
          .where(and(eq(staffInvites.token_hash, sha256(token)), gt(staffInvites.used_at, new Date(clock().getTime() - 10 * 60 * 1000))))
          .limit(1)
        return used ? { stage: 'done', ...used } : null
      }
      const { invite, user } = row
      if (!invite.pending_password_hash || !invite.pending_totp_secret) return { stage: 'password', username: user.username, name: user.name }
      const secret = requireBox().open(invite.pending_totp_secret)
      return { stage: 'totp', username: user.username, name: user.name, secret, secretGrouped: groupSecret(secret), uri: totpUri(secret, user.username) }
    },

    /** The setup's first step: keeps the chosen password's hash and a new TOTP secret with the link. */
    async setupPassword(token: string, password: string): Promise<boolean> {
      const row = await loadInvite(token)
      if (!row) return false
      const passwordHash = await hashPassword(password)
      const secret = requireBox().seal(await newTotpSecret())
      await db.update(staffInvites).set({ pending_password_hash: passwordHash, pending_totp_secret: secret }).where(eq(staffInvites.id, row.invite.id))
      return true
    },

    /**
     * The setup's last step: a current code from the new authenticator proves the enrolment.
     * In one transaction: the link is used up, password and secret become the account's, ten
     * new recovery codes replace any older ones, other sessions end, a console session starts.
     * The recovery codes are returned once, never stored in the clear.
     */
    async completeSetup(
      token: string,
      code: string,
      req: ConsoleRequest,
    ): Promise<{ ok: true; sessionToken: string; recoveryCodes: string[] } | { ok: false; reason: 'link' | 'code' } | Limited> {
      const rate = await limiter.consume(limiter.keyOf('console-code:ip', req.ip), RATE_LIMITS.codeAddress)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const row = await loadInvite(token)
      if (!row?.invite.pending_totp_secret || !row.invite.pending_password_hash) return { ok: false, reason: 'link' }
      const secret = requireBox().open(row.invite.pending_totp_secret)
      const step = await verifyTotp(secret, code)
      if (step === null) return { ok: false, reason: 'code' }
      const codes = Array.from({ length: CONSOLE_LIMITS.recoveryCodes }, recoveryCode)
      const now = clock()
      return db.transaction(async (tx) => {
        const used = await tx
          .update(staffInvites)
          .set({ used_at: now })
          .where(and(eq(staffInvites.id, row.invite.id), isNull(staffInvites.used_at)))
          .returning({ id: staffInvites.id })
        if (used.length === 0) return { ok: false as const, reason: 'link' as const }
        const userId = row.user.id
        await tx.update(users).set({ password_hash: row.invite.pending_password_hash!, email_verified_at: now, updated_at: now }).where(eq(users.id, userId))
        await tx
          .update(staffAccounts)
          // A completed new link also re-enables a disabled account (the administrator sent it).
          .set({ totp_secret: row.invite.pending_totp_secret, totp_last_step: step, enrolled_at: now, last_sign_in_at: now, disabled_at: null })
          .where(eq(staffAccounts.user_id, userId))
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.user_id, userId))
        await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ user_id: userId, code_hash: recoveryHash(c) })))
        await tx.delete(consoleSessions).where(eq(consoleSessions.user_id, userId))
        const sessionToken = await startSession(tx, userId, 'active', true)
        await audit(tx, { userId, action: 'staff.enrol', recordType: 'staff', recordId: userId, after: { role: row.user.role }, ip: req.ip }, now)
        return { ok: true as const, sessionToken, recoveryCodes: codes }
      })
    },

    /**
     * Sign-in, first step: e-mail and password. Failures count per account and per address (the
     * member limits); every failure gives the same answer and writes an audit entry. Success
     * answers a pending token that only the second step accepts, for five minutes.
     */
    async signInPassword(input: { username: string; password: string }, req: ConsoleRequest): Promise<{ ok: true; pendingToken: string } | { ok: false; reason: 'credentials' } | Limited> {
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
      const passwordOk = usable ? await verifyPassword(row.user.password_hash, input.password) : (await verifyPassword(await dummyHash(), input.password), false)
      const now = clock()
      if (!passwordOk || !row) {
        await audit(db, { userId: null, action: 'auth.sign-in-failed', recordType: 'staff', recordId: row?.user.id ?? null, after: { step: 'password' }, ip: req.ip }, now)
        return { ok: false, reason: 'credentials' }
      }
      // A right password gives its attempt back; the code step counts its own failures.
      await limiter.refund(accountKey, addressKey)
      const pendingToken = await db.transaction((tx) => startSession(tx, row.user.id, 'pending'))
      return { ok: true, pendingToken }
    },

    /**
     * Sign-in, second step: the authenticator code, or one recovery code (used up). Failures count
     * against the account and the address like wrong passwords. Success replaces the pending
     * token with a new session token.
     */
    async signInSecondFactor(pendingToken: string | undefined, code: string, req: ConsoleRequest): Promise<{ ok: true; sessionToken: string } | { ok: false; reason: 'expired' | 'code' } | Limited> {
      if (!pendingToken) return { ok: false, reason: 'expired' }
      const [pending] = await db
        .select()
        .from(consoleSessions)
        .where(and(eq(consoleSessions.token_hash, sha256(pendingToken)), eq(consoleSessions.stage, 'pending'), gt(consoleSessions.expires_at, clock())))
        .limit(1)
      if (!pending) return { ok: false, reason: 'expired' }
      const accountKey = limiter.keyOf('console-2fa:acct', String(pending.user_id))
      const addressKey = limiter.keyOf('console-login:ip', req.ip)
      const refused = await countAttempt(accountKey, addressKey)
      if (refused) return refused
      const now = clock()
      const method = /^\d{6}$/.test(code) ? 'totp' : 'recovery'
      const result = await db.transaction(async (tx) => {
        const ok = method === 'totp' ? await acceptTotp(tx, pending.user_id, code) : await acceptRecoveryCode(tx, pending.user_id, code)
        if (!ok) return null
        await tx.delete(consoleSessions).where(eq(consoleSessions.id, pending.id))
        await tx.update(staffAccounts).set({ last_sign_in_at: now }).where(eq(staffAccounts.user_id, pending.user_id))
        const sessionToken = await startSession(tx, pending.user_id, 'active', method === 'totp')
        await audit(tx, { userId: pending.user_id, action: 'auth.sign-in', recordType: 'staff', recordId: pending.user_id, after: { method }, ip: req.ip }, now)
        return sessionToken
      })
      if (!result) {
        await audit(db, { userId: null, action: 'auth.sign-in-failed', recordType: 'staff', recordId: pending.user_id, after: { step: method }, ip: req.ip }, now)
        return { ok: false, reason: 'code' }
      }
      await limiter.refund(accountKey, addressKey)
      return { ok: true, sessionToken: result }
    },

    /**
     * The staff member behind a console session token, or null: the session must be active, seen
     * within 30 minutes and younger than 12 hours, the account staff, enrolled and not disabled.
     * Each call moves the idle end forward (sliding).
     */
    async authenticate(token: string | undefined): Promise<StaffSession | null> {
      if (!token) return null
      const now = clock()
      const idleCutoff = new Date(now.getTime() - CONSOLE_LIMITS.idleMs)
      const [row] = await db
        .select({ session: consoleSessions, user: users, account: staffAccounts })
        .from(consoleSessions)
        .innerJoin(users, eq(users.id, consoleSessions.user_id))
        .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
        .where(
          and(
            eq(consoleSessions.token_hash, sha256(token)),
            eq(consoleSessions.stage, 'active'),
            gt(consoleSessions.expires_at, now),
            gt(consoleSessions.last_seen_at, idleCutoff),
            active,
            isStaff,
            isNull(staffAccounts.disabled_at),
          ),
        )
        .limit(1)
      if (!row || !isStaffRole(row.user.role)) return null
      await db.update(consoleSessions).set({ last_seen_at: now }).where(eq(consoleSessions.id, row.session.id))
      const endsAt = Math.min(now.getTime() + CONSOLE_LIMITS.idleMs, new Date(row.session.expires_at).getTime())
      return {
        user: { id: row.user.id, username: row.user.username, name: row.user.name, role: row.user.role },
        sessionId: row.session.id,
        endsAt: new Date(endsAt),
        remainingMs: endsAt - now.getTime(),
        stepUpFresh: stepUpFresh(row.session.step_up_at),
      }
    },

    /** Step-up: a current authenticator code makes the session's second factor fresh for five minutes. */
    async stepUp(session: StaffSession, code: string, req: ConsoleRequest): Promise<{ ok: true } | { ok: false; reason: 'code' } | Limited> {
      const key = limiter.keyOf('console-2fa:acct', String(session.user.id))
      const rate = await limiter.consume(key, RATE_LIMITS.loginAccount)
      if (!rate.allowed) return limited(rate.retryAfterSec)
      const now = clock()
      const ok = await db.transaction(async (tx) => {
        if (!(await acceptTotp(tx, session.user.id, code))) return false
        await tx.update(consoleSessions).set({ step_up_at: now }).where(eq(consoleSessions.id, session.sessionId))
        return true
      })
      if (!ok) {
        await audit(db, { userId: session.user.id, action: 'auth.step-up-failed', recordType: 'staff', recordId: session.user.id, ip: req.ip }, now)
        return { ok: false, reason: 'code' }
      }
      await limiter.refund(key)
      session.stepUpFresh = true
      return { ok: true }
    },

    /** Sign-out: ends the session on the server (a pending one too) and records it. */
    async signOut(token: string | undefined, req: ConsoleRequest): Promise<void> {
      if (!token) return
      await db.transaction(async (tx) => {
        const [ended] = await tx.delete(consoleSessions).where(eq(consoleSessions.token_hash, sha256(token))).returning()
        if (ended?.stage === 'active') await audit(tx, { userId: ended.user_id, action: 'auth.sign-out', recordType: 'staff', recordId: ended.user_id, ip: req.ip }, clock())
      })
    },

    /** Every staff account, admins first, then by name. */
    async listStaff(): Promise<StaffRow[]> {
      const rows = await db
        .select({ user: users, account: staffAccounts })
        .from(users)
        .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
        .where(and(active, isStaff))
        .orderBy(sql`case ${users.role} when 'admin' then 0 when 'editor' then 1 else 2 end`, asc(users.name), asc(users.id))
      return rows.map(({ user, account }) => ({
        id: user.id,
        username: user.username,
        name: user.name,
        role: user.role as StaffRole,
        enrolled: account.enrolled_at !== null,
        disabled: account.disabled_at !== null,
        lastSignInAt: account.last_sign_in_at ? new Date(account.last_sign_in_at) : null,
      }))
    },

    /**
     * Changes a staff member's role (admins only, with a fresh second factor). Refused for
     * oneself and when it would leave no enabled administrator. Audited in the same transaction.
     */
    async changeRole(
      actor: StaffSession,
      input: { userId: number; role: StaffRole },
      req: ConsoleRequest,
    ): Promise<{ ok: true } | { ok: false; reason: 'forbidden' | 'step-up' | 'self' | 'not-found' | 'last-admin' }> {
      if (!roleAtLeast(actor.user.role, 'admin')) return { ok: false, reason: 'forbidden' }
      if (!actor.stepUpFresh) return { ok: false, reason: 'step-up' }
      if (input.userId === actor.user.id) return { ok: false, reason: 'self' }
      return db.transaction(async (tx) => {
        const [target] = await tx.select().from(users).where(and(eq(users.id, input.userId), active, isStaff)).limit(1).for('update')
        if (!target) return { ok: false as const, reason: 'not-found' as const }
        if (target.role === input.role) return { ok: true as const }
        const now = clock()
        await tx.update(users).set({ role: input.role, updated_at: now }).where(eq(users.id, target.id))
        if (target.role === 'admin' && (await countAdmins(tx)) === 0) throw new LastAdminError()
        await audit(tx, { userId: actor.user.id, action: 'staff.role', recordType: 'staff', recordId: target.id, before: { role: target.role }, after: { role: input.role }, ip: req.ip }, now)
        return { ok: true as const }
      }).catch((error: unknown) => {
        if (error instanceof LastAdminError) return { ok: false as const, reason: 'last-admin' as const }
        throw error
      })
    },

    /** Disables (or enables again) a staff account: no sign-in, its sessions end at once. Admins only, never oneself. */
    async setDisabled(actor: StaffSession, input: { userId: number; disabled: boolean }, req: ConsoleRequest): Promise<{ ok: true } | { ok: false; reason: 'forbidden' | 'self' | 'not-found' }> {
      if (!roleAtLeast(actor.user.role, 'admin')) return { ok: false, reason: 'forbidden' }
      if (input.userId === actor.user.id) return { ok: false, reason: 'self' }
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ id: users.id, disabled_at: staffAccounts.disabled_at })
          .from(users)
          .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
          .where(and(eq(users.id, input.userId), active, isStaff))
          .limit(1)
          .for('update')
        if (!target) return { ok: false as const, reason: 'not-found' as const }
        const now = clock()
        await tx.update(staffAccounts).set({ disabled_at: input.disabled ? now : null }).where(eq(staffAccounts.user_id, target.id))
        if (input.disabled) await tx.delete(consoleSessions).where(eq(consoleSessions.user_id, target.id))
        await audit(
          tx,
          { userId: actor.user.id, action: input.disabled ? 'staff.disable' : 'staff.enable', recordType: 'staff', recordId: target.id, before: { disabled: target.disabled_at !== null }, after: { disabled: input.disabled }, ip: req.ip },
          now,
        )
        return { ok: true as const }
      })
    },

    /** Writes an audit entry in the caller's transaction (see audit.ts). */
    audit: (tx: Tx | Db, entry: AuditEntry) => audit(tx, entry, clock()),
    listAudit: (filter: AuditFilter) => listAudit(db, filter),
    auditTypes: () => auditTypes(db),
    /** The staff who can appear in the audit filter. */
    async auditPeople(): Promise<{ id: number; name: string; username: string }[]> {
      return db.select({ id: users.id, name: users.name, username: users.username }).from(users).where(and(active, isStaff)).orderBy(asc(users.name))
    },

    /** Run with the member purge: ended console sessions and old links. */
    async purgeExpired(): Promise<void> {
      const now = clock()
      await db.delete(consoleSessions).where(or(lt(consoleSessions.expires_at, now), lt(consoleSessions.last_seen_at, new Date(now.getTime() - CONSOLE_LIMITS.idleMs))))
      await db.delete(staffInvites).where(lt(staffInvites.expires_at, new Date(now.getTime() - CONSOLE_LIMITS.inviteMs)))
    },

    /** For the command line: the staff account of an e-mail. */
    async findStaff(username: string): Promise<User | null> {
      const [row] = await db.select().from(users).where(and(eq(users.username, username), active)).orderBy(desc(users.id)).limit(1)
      return row ?? null
    },
  }
}

class LastAdminError extends Error {}

export type ConsoleService = ReturnType<typeof createConsoleService>
