import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { audit } from '../console/audit.ts'
import {
  conflictOf,
  versionedChange,
  type Actor,
  type VersionedRow,
  type VersionedTable,
} from '../console-content/versioned-change.ts'
import type { Reader } from '../search/sources.ts'
import type { SaveResult } from '../save-result.ts'

export type PublishedHook = (tx: Reader, topics: readonly string[]) => Promise<void>

/**
 * Create, versioned save, publish and delete of one table's records (service options and their
 * groups, circuit serials, investor categories and notices): each change audited and, when the
 * public sees it, announced (search index and change notice) in its transaction. `after` runs
 * further writes of the same change (files, tags) once the row is written.
 */
export function recordEditor<R extends VersionedRow & { published: boolean }>(deps: {
  db: Db
  clock: () => Date
  table: VersionedTable
  recordType: string
  /** The search entries and change notice of a change the public sees. */
  announce: (tx: Reader, rows: R[]) => Promise<void>
  /** Keeps the version a change made (docs/decisions/042-record-history.md), in its transaction. */
  keep?: (tx: Reader, row: R, action: string, actor: Actor) => Promise<void>
}) {
  const { db, clock, table, recordType } = deps

  async function run(
    actor: Actor,
    id: number,
    version: number,
    plan: (row: R) => { set: Record<string, unknown>; action: string; after?: Record<string, unknown> },
    after?: (tx: Reader, updated: R) => Promise<void>,
  ): Promise<SaveResult> {
    let action = ''
    return db.transaction(async (tx) => {
      const result = await versionedChange<R>(tx, {
        table,
        recordType,
        id,
        version,
        actor,
        now: clock(),
        plan: (row) => {
          const p = plan(row)
          action = p.action
          const before = Object.fromEntries(Object.keys(p.set).map((k) => [k, row[k]]))
          return { set: p.set, action: p.action, before, after: p.after ?? p.set, announce: true }
        },
        ...(after ? { also: (updated: R) => after(tx, updated) } : {}),
        announce: (rows) => deps.announce(tx, rows),
      })
      if (result.ok) {
        await deps.keep?.(tx, result.updated, action, actor)
        return { ok: true as const, id, version: result.updated.version }
      }
      if (result.reason === 'not-found') return result
      return conflictOf(tx, result.row)
    })
  }

  return {
    async create(
      actor: Actor,
      values: Record<string, unknown>,
      after?: (tx: Reader, row: R) => Promise<void>,
    ): Promise<SaveResult> {
      const now = clock()
      return db.transaction(async (tx) => {
        const [row] = (await tx
          .insert(table)
          .values({ ...values, updated_at: now, updated_by: actor.userId })
          .returning()) as R[]
        await after?.(tx, row!)
        await audit(
          tx,
          {
            userId: actor.userId,
            action: `${recordType}.create`,
            recordType,
            recordId: row!.id,
            after: values,
            ip: actor.ip,
          },
          now,
        )
        if (row!.published) await deps.announce(tx, [row!])
        await deps.keep?.(tx, row!, `${recordType}.create`, actor)
        return { ok: true as const, id: row!.id, version: row!.version }
      })
    },

    save: (
      actor: Actor,
      id: number,
      version: number,
      values: Record<string, unknown>,
      after?: (tx: Reader, row: R) => Promise<void>,
      /** The audit action of a restore (the values are a kept version's), instead of the save's own. */
      action = `${recordType}.save`,
    ) => run(actor, id, version, () => ({ set: values, action }), after),

    setPublished: (actor: Actor, id: number, version: number, publish: boolean) =>
      run(actor, id, version, () => ({
        set: { published: publish },
        action: `${recordType}.${publish ? 'publish' : 'unpublish'}`,
      })),

    /** Deletes the record at `version` (what references it goes with it); the audit entry keeps its values. */
    async remove(
      actor: Actor,
      id: number,
      version: number,
      before?: (tx: Reader) => Promise<void>,
    ): Promise<SaveResult> {
      const now = clock()
      return db.transaction(async (tx) => {
        const [row] = (await tx.select().from(table).where(eq(table.id, id))) as R[]
        if (!row) return { ok: false as const, reason: 'not-found' as const }
        if (row.version !== version) return conflictOf(tx, row)
        await before?.(tx)
        await tx.delete(table).where(and(eq(table.id, id), eq(table.version, version)))
        await audit(
          tx,
          {
            userId: actor.userId,
            action: `${recordType}.delete`,
            recordType,
            recordId: id,
            before: { ...row, draft: undefined },
            ip: actor.ip,
          },
          now,
        )
        await deps.announce(tx, [row])
        return { ok: true as const, id, version: row.version }
      })
    },
  }
}
