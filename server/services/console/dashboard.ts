import { and, count, desc, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mailOutbox, restrictedAccessLog } from '#server/db/schema.ts'
import { createRequestFigures } from './request-figures.ts'

/**
 * What the console's dashboard reads besides the audit trail and the content editor's lists
 * (issue 33): the outbox's state and the restricted area's access by day, for administrators.
 */
export function createDashboardQueries(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps
  return {
    /** The service requests' 3Q figures (request-figures.ts). */
    requests: createRequestFigures({ db, clock }),
    /** Mails waiting to be sent and given up, with the newest failure's error. */
    async outbox(): Promise<{ waiting: number; failed: number; lastError: { at: Date; error: string } | null }> {
      const rows = await db
        .select({ status: mailOutbox.status, n: count() })
        .from(mailOutbox)
        .where(sql`${mailOutbox.status} in ('pending', 'failed')`)
        .groupBy(mailOutbox.status)
      const [last] = await db
        .select({ at: mailOutbox.next_attempt_at, error: mailOutbox.last_error })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'failed'))
        .orderBy(desc(mailOutbox.id))
        .limit(1)
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0
      return {
        waiting: of('pending'),
        failed: of('failed'),
        lastError: last ? { at: last.at, error: last.error ?? '' } : null,
      }
    },

    /** Views of the restricted area per day (Korean calendar days) of the last `days`, newest first, with the people. */
    async restrictedAccess(days: number): Promise<{ day: string; views: number; people: number }[]> {
      const since = new Date(clock().getTime() - days * 86_400_000)
      const day = sql<string>`to_char(${restrictedAccessLog.created_at} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`
      const rows = await db
        .select({
          day,
          views: count(),
          people: sql<number>`count(distinct ${restrictedAccessLog.user_id})::int`,
        })
        .from(restrictedAccessLog)
        .where(and(gte(restrictedAccessLog.created_at, since)))
        .groupBy(day)
        .orderBy(desc(day))
      return rows.map((row) => ({ day: row.day, views: Number(row.views), people: Number(row.people) }))
    },
  }
}

export type DashboardQueries = ReturnType<typeof createDashboardQueries>
