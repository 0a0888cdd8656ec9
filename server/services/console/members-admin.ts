import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rateLimits, restrictedAccessLog, termsVersions, userConsents, users, type User } from '#server/db/schema.ts'
import type { MembersService, OnAccountChange } from '#server/services/members/index.ts'
import { keySql, LOGIN_ACCOUNT_SCOPE, RATE_LIMITS } from '#server/services/members/rate-limit.ts'
import { orderTableOf } from '#server/services/restricted/order-row.ts'
import { countOf, readPage, wordsCondition } from '#server/services/console-lists.ts'
import type { ListQuery } from '#shared/console-lists.ts'
import {
  MEMBER_ADMIN_LIMITS,
  memberFilterOf,
  type MemberFilterFields,
  type MemberSort,
  type MemberState,
} from '#shared/member-admin-rules.ts'
import { ORD_NUMBER_PATTERN, type OrderSystem } from '#shared/order-rules.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import { audit } from './audit.ts'
import type { ConsoleRequest, StaffSession } from './index.ts'
import { koreaDateTime, membersCsv, type MemberCsvRow } from './members-csv.ts'

export type MembersAdminDeps = { db: Db; clock: () => Date; members: MembersService }

export type MemberListRow = MemberCsvRow

export type MemberDetail = MemberListRow & {
  nickname: string | null
  lang: string
  emailVerifiedAt: Date | null
  withdrawnAt: Date | null
  /** Wrong passwords counted in the current 15 minutes, and until when the login is refused. */
  failedLogins: number
  lockedUntil: Date | null
  consents: MemberConsent[]
}

/**
 * A consent as the console shows it: the terms version it was given to (its number, the version's
 * record and effective date; null when no version was published then) and when it was given and
 * withdrawn.
 */
export type MemberConsent = {
  kind: string
  termsVersion: { number: string; id: number | null; effectiveAt: Date | null } | null
  grantedAt: Date
  withdrawnAt: Date | null
}

export type AccessLogRow = {
  id: number
  at: Date
  system: string
  action: string
  workNo: string | null
  query: { name?: string; ord?: string; page: number } | null
  ip: string
  member: { id: number; name: string; company: string; username: string; withdrawn: boolean } | null
}

type Denied = { ok: false; reason: 'forbidden' | 'step-up' | 'not-found' }

/** A member's state from the row and the lock, in the order the list's filter uses. */
export function memberState(user: Pick<User, 'delete_yn' | 'email_verified_at'>, locked: boolean): MemberState {
  if (user.delete_yn === 'Y') return 'withdrawn'
  if (locked) return 'locked'
  return user.email_verified_at ? 'active' : 'unverified'
}

/**
 * The console's member administration (issue 12, docs/decisions/016-console-members-and-access.md):
 * search, details, consents and the restricted-area access log (per member and per order), and
 * what an administrator does to an account: a new verification mail, lifting the login lock,
 * granting or revoking the restricted area (the same `setRestrictedAccess` as `manage
 * grant-access`; a fresh second factor first), withdrawal, the CSV export (a fresh second factor).
 * Each change is the members service's own, with the audit entry written in its transaction.
 */
export function createMembersAdminService({ db, clock, members }: MembersAdminDeps) {
  const rule = RATE_LIMITS.loginAccount
  /** The failed-login counter of the row's ID, joined only while it locks the login. */
  const lockJoin = () =>
    and(
      eq(rateLimits.key, keySql(LOGIN_ACCOUNT_SCOPE, users.username)),
      gt(rateLimits.window_start, new Date(clock().getTime() - rule.windowSec * 1000)),
      gte(rateLimits.count, rule.limit),
    )
  const locked = isNotNull(rateLimits.key)
  const stateSql = sql<MemberState>`case when ${users.delete_yn} = 'Y' then 'withdrawn' when ${locked} then 'locked' when ${users.email_verified_at} is null then 'unverified' else 'active' end`

  function where(filter: MemberFilterFields): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(users.role, 'member')]
    const current = eq(users.delete_yn, 'N')
    switch (filter.state) {
      case '':
        conditions.push(current)
        break
      case 'withdrawn':
        conditions.push(ne(users.delete_yn, 'N'))
        break
      case 'locked':
        conditions.push(current, locked)
        break
      case 'unverified':
        conditions.push(current, isNull(rateLimits.key), isNull(users.email_verified_at))
        break
      case 'active':
        conditions.push(current, isNull(rateLimits.key), isNotNull(users.email_verified_at))
    }
    if (filter.access) conditions.push(eq(users.access_yn, filter.access))
    conditions.push(wordsCondition(filter.q, [users.company, users.division, users.name, users.username]))
    return and(...conditions)
  }

  const listColumns = {
    id: users.id,
    company: users.company,
    division: users.division,
    name: users.name,
    username: users.username,
    state: stateSql,
    access_yn: users.access_yn,
    created_at: users.created_at,
    last_login_at: users.last_login_at,
  }
  type ListRecord = {
    id: number
    company: string
    division: string
    name: string
    username: string
    state: MemberState
    access_yn: string
    created_at: Date | string
    last_login_at: Date | string | null
  }
  const toRow = (r: ListRecord): MemberListRow => ({
    id: r.id,
    company: r.company,
    division: r.division,
    name: r.name,
    username: r.username,
    state: r.state,
    access: r.access_yn === 'Y',
    createdAt: new Date(r.created_at),
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at) : null,
  })

  /** Writes the audit entry of a member change in the change's own transaction. */
  const audited =
    (
      actor: StaffSession,
      req: ConsoleRequest,
      action: string,
      fields: (change: Parameters<OnAccountChange>[1]) => {
        before: Record<string, unknown>
        after: Record<string, unknown>
      },
    ): OnAccountChange =>
    (tx, change) =>
      audit(
        tx,
        {
          userId: actor.user.id,
          action,
          recordType: 'member',
          recordId: change.after.id,
          ...fields(change),
          ip: req.ip,
        },
        clock(),
      )

  const isAdmin = (actor: StaffSession) => roleAtLeast(actor.user.role, 'admin')

  return {
    /**
     * One page of the member list (docs/decisions/054-console-lists.md), searched, filtered, sorted and
     * paged in SQL; the count stops at the lists' cap. Members never signed in come last either way.
     */
    async list(query: ListQuery<MemberSort>, pageSize: number) {
      const column = {
        joined: users.created_at,
        company: users.company,
        name: users.name,
        email: users.username,
        lastLogin: users.last_login_at,
      }[query.sort]
      const dir = query.dir === 'desc' ? sql`desc` : sql`asc`
      const page = await readPage({
        where: where(memberFilterOf(query)),
        page: query.page,
        pageSize,
        count: (condition, limit) =>
          countOf(
            db,
            db
              .select({ one: sql`1` })
              .from(users)
              .leftJoin(rateLimits, lockJoin())
              .where(condition)
              .limit(limit)
              .as('counted'),
          ),
        rows: (condition, limit, offset) =>
          db
            .select(listColumns)
            .from(users)
            .leftJoin(rateLimits, lockJoin())
            .where(condition)
            .orderBy(sql`${column} ${dir} nulls last`, sql`${users.id} ${dir}`)
            .limit(limit)
            .offset(offset),
      })
      return { ...page, rows: page.rows.map(toRow) }
    },

    /** A member (withdrawn ones too: their row stays, anonymised) with consents and login lock; null for anything else. */
    async get(id: number): Promise<MemberDetail | null> {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'member')))
        .limit(1)
      if (!user) return null
      const [consents, lock] = await Promise.all([
        db
          .select({
            kind: userConsents.kind,
            terms_version: userConsents.terms_version,
            terms_version_id: userConsents.terms_version_id,
            granted_at: userConsents.granted_at,
            withdrawn_at: userConsents.withdrawn_at,
            version: termsVersions.version,
            effective_at: termsVersions.effective_at,
          })
          .from(userConsents)
          .leftJoin(termsVersions, eq(termsVersions.id, userConsents.terms_version_id))
          .where(eq(userConsents.user_id, id))
          .orderBy(asc(userConsents.granted_at), asc(userConsents.id)),
        user.delete_yn === 'N' ? members.loginLock(user.username) : Promise.resolve({ failures: 0, lockedUntil: null }),
      ])
      const state = memberState(user, lock.lockedUntil !== null)
      return {
        ...toRow({ ...user, state }),
        nickname: user.nickname,
        lang: user.lang,
        emailVerifiedAt: user.email_verified_at ? new Date(user.email_verified_at) : null,
        withdrawnAt: user.deleted_at ? new Date(user.deleted_at) : null,
        failedLogins: lock.failures,
        lockedUntil: lock.lockedUntil,
        consents: consents.map((c) => {
          // The number the consent recorded; the version's own when the record has one.
          const number = c.version !== null ? String(c.version) : c.terms_version
          return {
            kind: c.kind,
            termsVersion: number
              ? {
                  number,
                  id: c.terms_version_id,
                  effectiveAt: c.effective_at ? new Date(c.effective_at) : null,
                }
              : null,
            grantedAt: new Date(c.granted_at),
            withdrawnAt: c.withdrawn_at ? new Date(c.withdrawn_at) : null,
          }
        }),
      }
    },

    /** A member's restricted-area lists and details, newest first. */
    async memberAccessLog(userId: number, page: number): Promise<{ rows: AccessLogRow[]; total: number }> {
      return accessLog(eq(restrictedAccessLog.user_id, userId), page, MEMBER_ADMIN_LIMITS.logPageSize)
    },

    /**
     * Who looked up an order: the views of its detail and downloads of its package (by work number) and the ORD-number searches
     * that found it (a search for `25` or `25-01` finds `25-0100`). `number` is a work number or an
     * ORD number; the orders it names are returned too. Project-name searches are not matched (the
     * log keeps the words, not the results).
     */
    async orderAccessLog(system: OrderSystem, number: string, page: number) {
      const table = orderTableOf(system)
      const orders = await db
        .select({ work_no: table.work_no, ord_no: table.ord_no, project_name: table.project_name })
        .from(table)
        .where(or(eq(table.work_no, number), eq(table.ord_no, number)))
        .orderBy(asc(table.work_no))
        .limit(100)
      const workNos = [...new Set([number, ...orders.map((o) => o.work_no)])]
      const ords = [...new Set([...orders.map((o) => o.ord_no), number])].filter(
        (o): o is string => o !== null && ORD_NUMBER_PATTERN.test(o),
      )
      const searched = sql`${restrictedAccessLog.query}->>'ord'`
      const condition = and(
        eq(restrictedAccessLog.system, system),
        or(
          and(
            inArray(restrictedAccessLog.action, ['detail', 'package']),
            inArray(restrictedAccessLog.work_no, workNos),
          ),
          ...ords.map((ord) =>
            and(
              eq(restrictedAccessLog.action, 'list'),
              sql`length(${searched}) > 0 and left(${ord}, length(${searched})) = ${searched}`,
            ),
          ),
        ),
      )
      return { orders, ...(await accessLog(condition, page, MEMBER_ADMIN_LIMITS.orderLogPageSize)) }
    },

    /** A new verification e-mail for an unverified member (admins). */
    async resendVerification(
      actor: StaffSession,
      id: number,
      req: ConsoleRequest,
    ): Promise<{ ok: true } | Denied | { ok: false; reason: 'verified' }> {
      if (!isAdmin(actor)) return { ok: false, reason: 'forbidden' }
      return members.resendVerification(
        id,
        audited(actor, req, 'member.verification-resend', () => ({
          before: { email_verified: false },
          after: { verification_mail: 'queued' },
        })),
      )
    },

    /** Lifts the login lock of a member (admins). */
    async unlock(
      actor: StaffSession,
      id: number,
      req: ConsoleRequest,
    ): Promise<{ ok: true } | Denied | { ok: false; reason: 'not-locked' }> {
      if (!isAdmin(actor)) return { ok: false, reason: 'forbidden' }
      const result = await members.unlockLogin(
        id,
        audited(actor, req, 'member.unlock', ({ lock }) => ({
          before: { locked_until: lock?.lockedUntil?.toISOString() ?? null, failed_logins: lock?.failures ?? 0 },
          after: { locked_until: null, failed_logins: 0 },
        })),
      )
      return result.ok ? { ok: true } : result
    },

    /**
     * Grants or revokes the restricted area (admins, with a TOTP code given within five minutes):
     * `setRestrictedAccess`, as `manage grant-access` does, audited with access_yn before and after.
     */
    async setAccess(
      actor: StaffSession,
      id: number,
      granted: boolean,
      req: ConsoleRequest,
    ): Promise<{ ok: true; changed: boolean } | Denied> {
      if (!isAdmin(actor)) return { ok: false, reason: 'forbidden' }
      if (!actor.stepUpFresh) return { ok: false, reason: 'step-up' }
      const result = await members.setRestrictedAccess(
        { memberId: id },
        granted,
        audited(actor, req, granted ? 'member.access-grant' : 'member.access-revoke', ({ before, after }) => ({
          before: { access_yn: before.access_yn },
          after: { access_yn: after.access_yn },
        })),
      )
      return result ? { ok: true, changed: result.changed } : { ok: false, reason: 'not-found' }
    },

    /**
     * Withdraws a member as their own withdrawal does (personal data destroyed at once). The audit
     * entry keeps the id and the states only: no name or e-mail outlives the withdrawal there.
     */
    async withdraw(actor: StaffSession, id: number, req: ConsoleRequest): Promise<{ ok: true } | Denied> {
      if (!isAdmin(actor)) return { ok: false, reason: 'forbidden' }
      const done = await members.withdraw(
        id,
        audited(actor, req, 'member.withdraw', ({ before, after }) => ({
          before: { delete_yn: before.delete_yn, access_yn: before.access_yn },
          after: { delete_yn: after.delete_yn, access_yn: after.access_yn },
        })),
      )
      return done ? { ok: true } : { ok: false, reason: 'not-found' }
    },

    /**
     * The members matching the filter as CSV (admins, with a fresh second factor), at most
     * `exportMax` rows; the export is audited with the filter and the row count in the same
     * transaction that reads the rows.
     */
    async exportCsv(
      actor: StaffSession,
      filter: MemberFilterFields,
      req: ConsoleRequest,
    ): Promise<{ ok: true; csv: string; fileName: string; rows: number; truncated: boolean } | Denied> {
      if (!isAdmin(actor)) return { ok: false, reason: 'forbidden' }
      if (!actor.stepUpFresh) return { ok: false, reason: 'step-up' }
      return db.transaction(async (tx) => {
        const records = await tx
          .select(listColumns)
          .from(users)
          .leftJoin(rateLimits, lockJoin())
          .where(where(filter))
          .orderBy(desc(users.created_at), desc(users.id))
          .limit(MEMBER_ADMIN_LIMITS.exportMax + 1)
        const truncated = records.length > MEMBER_ADMIN_LIMITS.exportMax
        const rows = records.slice(0, MEMBER_ADMIN_LIMITS.exportMax).map(toRow)
        const now = clock()
        await audit(
          tx,
          {
            userId: actor.user.id,
            action: 'member.export',
            recordType: 'member',
            after: { filter: { ...filter }, rows: rows.length, truncated },
            ip: req.ip,
          },
          now,
        )
        // members-20261123-1205.csv, in Korean time like the dates inside.
        const fileName = `members-${koreaDateTime(now).replace(/[-:]/g, '').replace(' ', '-')}.csv`
        return { ok: true as const, csv: membersCsv(rows), fileName, rows: rows.length, truncated }
      })
    },
  }

  async function accessLog(
    condition: SQL | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ rows: AccessLogRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select({
          entry: restrictedAccessLog,
          member: {
            id: users.id,
            name: users.name,
            company: users.company,
            username: users.username,
            delete_yn: users.delete_yn,
          },
        })
        .from(restrictedAccessLog)
        .leftJoin(users, eq(users.id, restrictedAccessLog.user_id))
        .where(condition)
        .orderBy(desc(restrictedAccessLog.created_at), desc(restrictedAccessLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(restrictedAccessLog).where(condition),
    ])
    return {
      total: total?.n ?? 0,
      rows: rows.map(({ entry, member }) => ({
        id: entry.id,
        at: new Date(entry.created_at),
        system: entry.system,
        action: entry.action,
        workNo: entry.work_no,
        query: entry.query,
        ip: entry.ip,
        member: member
          ? {
              id: member.id,
              name: member.name,
              company: member.company,
              username: member.username,
              withdrawn: member.delete_yn === 'Y',
            }
          : null,
      })),
    }
  }
}

export type MembersAdminService = ReturnType<typeof createMembersAdminService>
