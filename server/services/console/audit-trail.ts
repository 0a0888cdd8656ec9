import { and, asc } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { audit, auditTypes, listAudit, type AuditEntry, type AuditFilter, type AuditScope } from './audit.ts'
import type { ConsoleContext, Tx } from './console-context.ts'

/**
 * The audit trail as the console service offers it: an entry written with the service's clock,
 * and what /admin/audit reads (the list, the record types and the staff of its filter). The
 * writer and the queries themselves are in audit.ts, which other services call directly.
 */
export function createAuditTrail(ctx: ConsoleContext) {
  const { db, clock, active, isStaff } = ctx
  return {
    /** Writes an audit entry in the caller's transaction (see audit.ts). */
    audit: (tx: Tx | Db, entry: AuditEntry) => audit(tx, entry, clock()),
    listAudit: (filter: AuditFilter) => listAudit(db, filter),
    auditTypes: (scope?: AuditScope | null) => auditTypes(db, scope),
    /** The staff who can appear in the audit filter. */
    async auditPeople(): Promise<{ id: number; name: string; username: string }[]> {
      return db
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(and(active, isStaff))
        .orderBy(asc(users.name))
    },
  }
}
