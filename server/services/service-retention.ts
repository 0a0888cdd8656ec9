import { and, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { serviceRequestFiles, serviceRequests } from '#server/db/schema.ts'
import { audit } from './console/audit.ts'
import type { Storage } from './files/storage.ts'

/** The advisory lock key of the retention job: one node at a time deletes (any constant unique in the app). */
export const RETENTION_LOCK_KEY = 71_065_035

/** Requests deleted per transaction; the job loops until none is left. */
const BATCH = 200

export type RetentionOutcome = { requests: number; files: number; skipped: boolean }

/**
 * Deletes service requests past `retain_until` (the consent's period from acceptance, or the 48 h
 * expiry of an unconfirmed one) with their thread, file rows and stored files
 * (docs/decisions/071-service-routing.md). Each batch runs in one transaction holding a PostgreSQL
 * transaction-level advisory lock, so two nodes never delete at once (the second skips the run).
 * The stored files go after the commit, through the storage interface. The audit keeps only counts.
 */
export function createServiceRetention(deps: { db: Db; storage: Pick<Storage, 'remove'>; clock: () => Date }) {
  const { db, storage, clock } = deps
  return {
    async purgeExpired(): Promise<RetentionOutcome> {
      const now = clock()
      let requests = 0
      let files = 0
      let skipped = false
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`)
          const [lock] = (result as unknown as { rows: { locked: boolean }[] }).rows
          if (!lock?.locked) return null
          const due = await tx
            .select({ id: serviceRequests.id })
            .from(serviceRequests)
            .where(lt(serviceRequests.retain_until, now))
            .orderBy(serviceRequests.retain_until)
            .limit(BATCH)
            .for('update', { skipLocked: true })
          if (due.length === 0) return { ids: 0, keys: [] as string[] }
          const ids = due.map((d) => d.id)
          const keys = await tx
            .select({ key: serviceRequestFiles.storage_key })
            .from(serviceRequestFiles)
            .where(inArray(serviceRequestFiles.request_id, ids))
          // The thread, its messages and the file rows go with the request (foreign keys cascade).
          await tx.delete(serviceRequests).where(and(inArray(serviceRequests.id, ids)))
          await audit(
            tx,
            {
              userId: null,
              action: 'service-requests.purge',
              recordType: 'service_requests',
              after: { requests: ids.length, files: keys.length },
            },
            now,
          )
          return { ids: ids.length, keys: keys.map((k) => k.key) }
        })
        if (batch === null) {
          skipped = true
          break
        }
        for (const key of batch.keys) await storage.remove(key).catch(() => {})
        requests += batch.ids
        files += batch.keys.length
        if (batch.ids < BATCH) break
      }
      return { requests, files, skipped }
    },
  }
}

export type ServiceRetention = ReturnType<typeof createServiceRetention>
