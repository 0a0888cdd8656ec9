import { and, eq, gte, inArray, like, lt, notLike, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { auditLog, users } from '#server/db/schema.ts'
import { countUpTo, orderOf, readPage, wordsCondition } from '#server/services/console-lists.ts'
import type { AuditSort } from '#shared/audit-list.ts'
import type { SortDir } from '#shared/console-lists.ts'

/**
 * The audit trail (`audit_log`): the writer every service calls in the transaction of its change,
 * and the queries of /admin/audit. The console service offers them through audit-trail.ts.
 */

export type Executor = Pick<Db, 'insert'>

/** One audit entry: who did what to which record, the fields before and after, from where. */
export type AuditEntry = {
  /** The staff member; null when nobody is signed in (a failed sign-in, the command line). */
  userId: number | null
  action: string
  recordType: string
  recordId?: string | number | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  ip?: string | null
}

/**
 * Writes an audit entry with the caller's executor: pass the transaction of the change, so the
 * entry exists exactly when the change does (a rolled-back change leaves no entry).
 */
export async function audit(tx: Executor, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
    user_id: entry.userId,
    at,
    action: entry.action,
    record_type: entry.recordType,
    record_id: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  })
}

/** Which record types a reader may see (an editor: the records the console lets editors change). */
export type AuditScope = { types: readonly string[]; prefixes: readonly string[] }

const inScope = (scope: AuditScope): SQL =>
  or(
    inArray(auditLog.record_type, [...scope.types]),
    ...scope.prefixes.map((prefix) => like(auditLog.record_type, `${prefix}%`)),
  )!

export type AuditFilter = {
  userId?: number | undefined
  recordType?: string | undefined
  /** Only these types (null or absent: every type). */
  scope?: AuditScope | null
  /** Leave out the actions starting so (`auth.`: sign-ins, for lists of changes). */
  skipActions?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
  /** Search words: each in the action, the record's type or id, or the person's name or ID. */
  words?: string | undefined
  /** The order (default: newest first). */
  sort?: AuditSort | undefined
  dir?: SortDir | undefined
  page: number
  pageSize: number
}

/**
 * A page of the audit list (docs/decisions/054-console-lists.md), filtered by person, record type,
 * date range (`to` exclusive) and search words, sorted (newest first unless asked) and paged in SQL;
 * the count stops at the lists' cap.
 */
export async function listAudit(db: Db, filter: AuditFilter) {
  const where: (SQL | undefined)[] = []
  if (filter.userId) where.push(eq(auditLog.user_id, filter.userId))
  if (filter.recordType) where.push(eq(auditLog.record_type, filter.recordType))
  if (filter.scope) where.push(inScope(filter.scope))
  if (filter.skipActions) where.push(notLike(auditLog.action, `${filter.skipActions}%`))
  if (filter.from) where.push(gte(auditLog.at, filter.from))
  if (filter.to) where.push(lt(auditLog.at, filter.to))
  const person = sql`(select ${users.name} || ' ' || ${users.username} from ${users} where ${users.id} = ${auditLog.user_id})`
  where.push(wordsCondition(filter.words ?? '', [auditLog.action, auditLog.record_type, auditLog.record_id, person]))
  const column = { when: auditLog.at, action: auditLog.action, type: auditLog.record_type }[filter.sort ?? 'when']
  return readPage({
    where: and(...where),
    page: filter.page,
    pageSize: filter.pageSize,
    count: (condition, limit) => countUpTo(db, auditLog, condition, limit),
    rows: (condition, limit, offset) =>
      db
        .select({ entry: auditLog, username: users.username, name: users.name })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.user_id))
        .where(condition)
        .orderBy(...orderOf(column, filter.dir ?? 'desc', auditLog.id))
        .limit(limit)
        .offset(offset),
  })
}

/** The record types that occur, for the filter. */
export async function auditTypes(db: Db, scope?: AuditScope | null): Promise<string[]> {
  const rows = await db
    .selectDistinct({ t: auditLog.record_type })
    .from(auditLog)
    .where(scope ? inScope(scope) : undefined)
    .orderBy(auditLog.record_type)
  return rows.map((r) => r.t)
}
