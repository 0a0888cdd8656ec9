import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { consoleSessions, staffAccounts, users, type User } from '#server/db/schema.ts'
import { countOf, readPage, wordsCondition } from '#server/services/console-lists.ts'
import type { ListQuery } from '#shared/console-lists.ts'
import type { StaffSort, StaffState } from '#shared/staff-list.ts'
import { roleAtLeast, type StaffRole } from '#shared/staff-rules.ts'
import { audit } from './audit.ts'
import type { ConsoleContext, ConsoleRequest, StaffSession, Tx } from './console-context.ts'

/** The staff list of the console. */
export type StaffRow = {
  id: number
  username: string
  name: string
  role: StaffRole
  enrolled: boolean
  disabled: boolean
  lastSignInAt: Date | null
}

class LastAdminError extends Error {}

/**
 * The staff page (/admin/staff, admins only): the list, role changes (with a fresh second factor,
 * never leaving no administrator), disabling and enabling, each audited in its transaction; and
 * the command line's lookup of a staff account.
 */
export function createStaffAdmin(ctx: ConsoleContext) {
  const { db, clock, active, isStaff } = ctx

  async function countAdmins(tx: Tx): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
      .where(and(eq(users.role, 'admin'), active, isNull(staffAccounts.disabled_at)))
    return row?.n ?? 0
  }

  return {
    /**
     * One page of the staff list (docs/decisions/054-console-lists.md): searched by name and ID,
     * filtered by role and state, sorted and paged in SQL. Accounts never signed in come last either way.
     */
    async listStaff(query: ListQuery<StaffSort>, pageSize: number) {
      const where: (SQL | undefined)[] = [active, isStaff, wordsCondition(query.q, [users.name, users.username])]
      if (query.filters.role) where.push(eq(users.role, query.filters.role))
      const state = query.filters.state as StaffState | ''
      if (state === 'disabled') where.push(isNotNull(staffAccounts.disabled_at))
      if (state === 'active' || state === 'invited')
        where.push(
          isNull(staffAccounts.disabled_at),
          state === 'active' ? isNotNull(staffAccounts.enrolled_at) : isNull(staffAccounts.enrolled_at),
        )
      const column = {
        role: sql`case ${users.role} when 'admin' then 0 when 'editor' then 1 else 2 end`,
        name: users.name,
        email: users.username,
        lastSignIn: staffAccounts.last_sign_in_at,
      }[query.sort]
      const dir = query.dir === 'desc' ? sql`desc` : sql`asc`
      const page = await readPage({
        where: and(...where),
        page: query.page,
        pageSize,
        count: (condition, limit) =>
          countOf(
            db,
            db
              .select({ one: sql`1` })
              .from(users)
              .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
              .where(condition)
              .limit(limit)
              .as('counted'),
          ),
        rows: (condition, limit, offset) =>
          db
            .select({ user: users, account: staffAccounts })
            .from(users)
            .innerJoin(staffAccounts, eq(staffAccounts.user_id, users.id))
            .where(condition)
            .orderBy(sql`${column} ${dir} nulls last`, asc(users.name), asc(users.id))
            .limit(limit)
            .offset(offset),
      })
      return {
        ...page,
        rows: page.rows.map(({ user, account }): StaffRow => ({
          id: user.id,
          username: user.username,
          name: user.name,
          role: user.role as StaffRole,
          enrolled: account.enrolled_at !== null,
          disabled: account.disabled_at !== null,
          lastSignInAt: account.last_sign_in_at ? new Date(account.last_sign_in_at) : null,
        })),
      }
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
      return db
        .transaction(async (tx) => {
          const [target] = await tx
            .select()
            .from(users)
            .where(and(eq(users.id, input.userId), active, isStaff))
            .limit(1)
            .for('update')
          if (!target) return { ok: false as const, reason: 'not-found' as const }
          if (target.role === input.role) return { ok: true as const }
          const now = clock()
          await tx.update(users).set({ role: input.role, updated_at: now }).where(eq(users.id, target.id))
          if (target.role === 'admin' && (await countAdmins(tx)) === 0) throw new LastAdminError()
          await audit(
            tx,
            {
              userId: actor.user.id,
              action: 'staff.role',
              recordType: 'staff',
              recordId: target.id,
              before: { role: target.role },
              after: { role: input.role },
              ip: req.ip,
            },
            now,
          )
          return { ok: true as const }
        })
        .catch((error: unknown) => {
          if (error instanceof LastAdminError) return { ok: false as const, reason: 'last-admin' as const }
          throw error
        })
    },

    /** Disables (or enables again) a staff account: no sign-in, its sessions end at once. Admins only, never oneself. */
    async setDisabled(
      actor: StaffSession,
      input: { userId: number; disabled: boolean },
      req: ConsoleRequest,
    ): Promise<{ ok: true } | { ok: false; reason: 'forbidden' | 'self' | 'not-found' }> {
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
        await tx
          .update(staffAccounts)
          .set({ disabled_at: input.disabled ? now : null })
          .where(eq(staffAccounts.user_id, target.id))
        // Its sessions end, and are kept as disabled so that the console can tell its owner why.
        if (input.disabled)
          await tx.update(consoleSessions).set({ stage: 'disabled' }).where(eq(consoleSessions.user_id, target.id))
        await audit(
          tx,
          {
            userId: actor.user.id,
            action: input.disabled ? 'staff.disable' : 'staff.enable',
            recordType: 'staff',
            recordId: target.id,
            before: { disabled: target.disabled_at !== null },
            after: { disabled: input.disabled },
            ip: req.ip,
          },
          now,
        )
        return { ok: true as const }
      })
    },

    /** For the command line: the staff account of an e-mail. */
    async findStaff(username: string): Promise<User | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.username, username), active))
        .orderBy(desc(users.id))
        .limit(1)
      return row ?? null
    },
  }
}
