import { and, eq, gt, isNull } from 'drizzle-orm'
import { consoleSessions, staffAccounts, staffInvites, users } from '#server/db/schema.ts'
import { staffInviteMail } from '#server/services/mail/templates.ts'
import { hashPassword, randomToken, sha256 } from '#server/services/members/crypto.ts'
import { RATE_LIMITS } from '#server/services/members/rate-limit.ts'
import type { Lang } from '#shared/locales.ts'
import { CONSOLE_LIMITS, isStaffRole, type StaffRole } from '#shared/staff-rules.ts'
import { audit } from './audit.ts'
import type { ConsoleContext, ConsoleRequest, Limited } from './console-context.ts'
import { newRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.ts'
import { groupSecret, newTotpSecret, totpUri, verifyTotp } from './totp.ts'

/**
 * Invitations and setup links: a staff account (or a new link for one) from the command line or
 * the staff page, and the link's page: the password, then the TOTP enrolment that completes it
 * (recovery codes, a first console session).
 */
export function createSetupLinks(ctx: ConsoleContext) {
  const { db, clock, mail, limiter, active, isStaff } = ctx

  /** The link's invite and account while the link works (unknown, used or expired: null). */
  async function loadInvite(token: string) {
    const [row] = await db
      .select({ invite: staffInvites, user: users })
      .from(staffInvites)
      .innerJoin(users, eq(users.id, staffInvites.user_id))
      .where(
        and(
          eq(staffInvites.token_hash, sha256(token)),
          isNull(staffInvites.used_at),
          gt(staffInvites.expires_at, clock()),
          active,
          isStaff,
        ),
      )
      .limit(1)
    return row ?? null
  }

  return {
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
      ctx.requireBox()
      const now = clock()
      const result = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(users)
          .where(and(eq(users.username, input.username), active))
          .limit(1)
          .for('update')
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
            .values({
              username: input.username,
              password_hash: '',
              company: '',
              division: '',
              name: input.name,
              role: input.role,
              lang: options.lang,
              created_at: now,
              updated_at: now,
            })
            .returning({ id: users.id })
          userId = user!.id
          await tx.insert(staffAccounts).values({ user_id: userId, invited_by: options.actorId, created_at: now })
        }
        // Only the newest link works.
        await tx.delete(staffInvites).where(and(eq(staffInvites.user_id, userId), isNull(staffInvites.used_at)))
        const token = randomToken()
        await tx.insert(staffInvites).values({
          user_id: userId,
          token_hash: sha256(token),
          created_at: now,
          expires_at: ctx.later(CONSOLE_LIMITS.inviteMs),
        })
        const link = `${ctx.site}/admin/setup?token=${token}`
        if (options.sendMail)
          await mail.enqueue(tx, {
            to: input.username,
            lang: options.lang,
            ...staffInviteMail(options.lang, input.name, link),
          })
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
    async getSetup(
      token: string,
    ): Promise<
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
          .where(
            and(
              eq(staffInvites.token_hash, sha256(token)),
              gt(staffInvites.used_at, new Date(clock().getTime() - 10 * 60 * 1000)),
            ),
          )
          .limit(1)
        return used ? { stage: 'done', ...used } : null
      }
      const { invite, user } = row
      if (!invite.pending_password_hash || !invite.pending_totp_secret)
        return { stage: 'password', username: user.username, name: user.name }
      const secret = ctx.requireBox().open(invite.pending_totp_secret)
      return {
        stage: 'totp',
        username: user.username,
        name: user.name,
        secret,
        secretGrouped: groupSecret(secret),
        uri: totpUri(secret, user.username),
      }
    },

    /** The setup's first step: keeps the chosen password's hash and a new TOTP secret with the link. */
    async setupPassword(token: string, password: string): Promise<boolean> {
      const row = await loadInvite(token)
      if (!row) return false
      const passwordHash = await hashPassword(password)
      const secret = ctx.requireBox().seal(await newTotpSecret())
      await db
        .update(staffInvites)
        .set({ pending_password_hash: passwordHash, pending_totp_secret: secret })
        .where(eq(staffInvites.id, row.invite.id))
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
    ): Promise<
      { ok: true; sessionToken: string; recoveryCodes: string[] } | { ok: false; reason: 'link' | 'code' } | Limited
    > {
      const rate = await limiter.consume(limiter.keyOf('console-code:ip', req.ip), RATE_LIMITS.codeAddress)
      if (!rate.allowed) return ctx.limited(rate.retryAfterSec)
      const row = await loadInvite(token)
      if (!row?.invite.pending_totp_secret || !row.invite.pending_password_hash) return { ok: false, reason: 'link' }
      const secret = ctx.requireBox().open(row.invite.pending_totp_secret)
      const step = await verifyTotp(secret, code)
      if (step === null) return { ok: false, reason: 'code' }
      const codes = newRecoveryCodes()
      const now = clock()
      return db.transaction(async (tx) => {
        const used = await tx
          .update(staffInvites)
          .set({ used_at: now })
          .where(and(eq(staffInvites.id, row.invite.id), isNull(staffInvites.used_at)))
          // The secret as sealed now, not as read before: a key rotation may have sealed it anew since.
          .returning({ id: staffInvites.id, sealedSecret: staffInvites.pending_totp_secret })
        if (used.length === 0) return { ok: false as const, reason: 'link' as const }
        const userId = row.user.id
        await tx
          .update(users)
          .set({ password_hash: row.invite.pending_password_hash!, email_verified_at: now, updated_at: now })
          .where(eq(users.id, userId))
        await tx
          .update(staffAccounts)
          // A completed new link also re-enables a disabled account (the administrator sent it).
          .set({
            totp_secret: used[0]!.sealedSecret,
            totp_last_step: step,
            enrolled_at: now,
            last_sign_in_at: now,
            disabled_at: null,
          })
          .where(eq(staffAccounts.user_id, userId))
        await replaceRecoveryCodes(tx, userId, codes)
        await tx.delete(consoleSessions).where(eq(consoleSessions.user_id, userId))
        const sessionToken = await ctx.startSession(tx, userId, 'active', true)
        await audit(
          tx,
          {
            userId,
            action: 'staff.enrol',
            recordType: 'staff',
            recordId: userId,
            after: { role: row.user.role },
            ip: req.ip,
          },
          now,
        )
        return { ok: true as const, sessionToken, recoveryCodes: codes }
      })
    },
  }
}
