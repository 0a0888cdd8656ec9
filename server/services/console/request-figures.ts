import { and, asc, gte, inArray, isNotNull, lt, sql, type AnyColumn } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { serviceRequests, serviceTeams } from '#server/db/schema.ts'
import { OPEN_STATUSES } from '#shared/service-request-status.ts'
import { oneWorkingDayBefore } from '#shared/working-days.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export type TeamFigures = {
  /** null: requests of no team; the overall row has `overall` set. */
  teamId: number | null
  overall: boolean
  name: string | null
  nameEn: string | null
  accepted: number
  /** Milliseconds, null when no request of the group has the figure. */
  firstMedian: number | null
  firstP90: number | null
  resolvedMedian: number | null
  resolvedP90: number | null
}

/**
 * The 3Q figures of the console's dashboard (issue 35): time to first response and to resolution,
 * median and 90th percentile, of the requests accepted in the last `days`, per team and overall,
 * read in SQL (`percentile_cont`); and the open requests older than one working day.
 */
export function createRequestFigures(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps
  const seconds = (end: AnyColumn) => sql`extract(epoch from (${end} - ${serviceRequests.accepted_at}))`
  const percentile = (p: number, end: AnyColumn) =>
    sql<
      string | null
    >`percentile_cont(${sql.raw(String(p))}) within group (order by ${seconds(end)}) filter (where ${end} is not null)`
  return {
    async handlingTimes(days = 30): Promise<TeamFigures[]> {
      const since = new Date(clock().getTime() - days * DAY)
      const rows = await db
        .select({
          teamId: serviceRequests.team_id,
          overall: sql<number>`grouping(${serviceRequests.team_id})`,
          accepted: sql<number>`count(*)::int`,
          firstMedian: percentile(0.5, serviceRequests.first_response_at),
          firstP90: percentile(0.9, serviceRequests.first_response_at),
          resolvedMedian: percentile(0.5, serviceRequests.resolved_at),
          resolvedP90: percentile(0.9, serviceRequests.resolved_at),
        })
        .from(serviceRequests)
        .where(and(isNotNull(serviceRequests.accepted_at), gte(serviceRequests.accepted_at, since)))
        .groupBy(sql`grouping sets ((${serviceRequests.team_id}), ())`)
      const teams = await db.select().from(serviceTeams)
      const ms = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 1000))
      const out = rows.map((row) => {
        const team = teams.find((t) => t.id === row.teamId)
        const overall = Number(row.overall) === 1
        return {
          teamId: overall ? null : row.teamId,
          overall,
          name: team?.name ?? null,
          nameEn: team?.name_en ?? null,
          accepted: Number(row.accepted),
          firstMedian: ms(row.firstMedian),
          firstP90: ms(row.firstP90),
          resolvedMedian: ms(row.resolvedMedian),
          resolvedP90: ms(row.resolvedP90),
        }
      })
      // Teams by name, then the unassigned, then the overall row.
      const rank = (f: TeamFigures) => (f.overall ? 2 : f.teamId === null ? 1 : 0)
      return out.sort(
        (a, b) => rank(a) - rank(b) || ((a.name ?? '') < (b.name ?? '') ? -1 : (a.name ?? '') > (b.name ?? '') ? 1 : 0),
      )
    },

    /** Open requests accepted more than one working day ago, oldest first (at most `limit`). */
    async overdue(limit = 20) {
      const cutoff = oneWorkingDayBefore(clock())
      return db
        .select({
          id: serviceRequests.id,
          tracking: serviceRequests.tracking_no,
          company: serviceRequests.company,
          status: serviceRequests.status,
          acceptedAt: serviceRequests.accepted_at,
          teamId: serviceRequests.team_id,
        })
        .from(serviceRequests)
        .where(
          and(
            inArray(serviceRequests.status, [...OPEN_STATUSES]),
            isNotNull(serviceRequests.accepted_at),
            lt(serviceRequests.accepted_at, cutoff),
          ),
        )
        .orderBy(asc(serviceRequests.accepted_at), asc(serviceRequests.id))
        .limit(limit)
    },
  }
}

export type RequestFigures = ReturnType<typeof createRequestFigures>
