import { and, eq } from 'drizzle-orm'
import { users } from '#server/db/schema.ts'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { audit } from '../console/audit.ts'
import type { Reader } from '../search/sources.ts'
import type { Conflict } from '../save-result.ts'

/** Who makes a change, for the audit trail and the record's `updated_by`. */
export type Actor = { userId: number; ip: string }

/** What every versioned (editable) row carries. */
export type VersionedRow = Record<string, unknown> & {
  id: number
  version: number
  updated_at: Date
  updated_by: number | null
}

/** A table with the editing columns of docs/decisions/015-content-publishing.md. */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn }

/** What a change does to a loaded record: the columns, its audit entry, whether the public sees a difference. */
export type ChangePlan = {
  set: Record<string, unknown>
  action: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  announce: boolean
  /** False for a change that continues one already audited (an autosave after an autosave). */
  audited?: boolean
}

/** Who saved a record last, by name (null: nobody known, or a removed account). */
export async function staffName(reader: Reader, userId: number | null): Promise<string | null> {
  if (userId === null) return null
  const [row] = await reader.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1)
  return row?.name ?? null
}

/** A save refused because `current` is no longer the version the editor loaded: who saved it, when, and its version. */
export async function conflictOf(
  reader: Reader,
  current: Pick<VersionedRow, 'version' | 'updated_at' | 'updated_by'>,
): Promise<Conflict> {
  return {
    ok: false,
    reason: 'conflict',
    by: await staffName(reader, current.updated_by),
    at: current.updated_at,
    version: current.version,
  }
}

export type ChangeOutcome<R> =
  { ok: true; row: R; updated: R } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'stale'; row: R }

/**
 * One versioned change inside the caller's transaction (the sequence every console editor shares):
 * the record as loaded, refused when unknown or when its version is no longer `version` (also when
 * another save lands between read and write); the guarded update with the next version, who and
 * when; `also` (further writes of the same change, after the update succeeded); the audit entry;
 * and, when the public sees a difference, `announce` (search index, change notice).
 */
export async function versionedChange<R extends VersionedRow>(
  tx: Reader,
  args: {
    table: VersionedTable
    recordType: string
    id: number
    version: number
    actor: Actor
    now: Date
    plan: (row: R) => ChangePlan
    also?: (updated: R, row: R) => Promise<void>
    announce: (rows: R[]) => Promise<void>
  },
): Promise<ChangeOutcome<R>> {
  const { table, id, version, actor, now } = args
  const load = async () => ((await tx.select().from(table).where(eq(table.id, id)).limit(1)) as R[])[0]
  const row = await load()
  if (!row) return { ok: false, reason: 'not-found' }
  if (row.version !== version) return { ok: false, reason: 'stale', row }
  const { set, action, before, after, announce, audited = true } = args.plan(row)
  const [updated] = (await tx
    .update(table)
    .set({ ...set, version: row.version + 1, updated_at: now, updated_by: actor.userId })
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning()) as R[]
  if (!updated) return { ok: false, reason: 'stale', row: (await load())! }
  await args.also?.(updated, row)
  if (audited)
    await audit(
      tx,
      {
        userId: actor.userId,
        action,
        recordType: args.recordType,
        recordId: id,
        before: before ?? null,
        after: after ?? null,
        ip: actor.ip,
      },
      now,
    )
  if (announce) await args.announce([row, updated])
  return { ok: true, row, updated }
}
