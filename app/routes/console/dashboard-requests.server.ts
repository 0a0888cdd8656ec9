import type { Services } from '#server/services/index.ts'
import type { RequestFiguresData } from './dashboard-requests.tsx'

/** What the loader reads: the figures of the last 30 days and the open requests older than one working day. */
export async function requestFigures(
  services: Pick<Services, 'dashboard'>,
  lang: 'ko' | 'en',
  now: Date,
): Promise<RequestFiguresData> {
  const [teams, overdue] = await Promise.all([
    services.dashboard.requests.handlingTimes(30),
    services.dashboard.requests.overdue(20),
  ])
  return {
    teams: teams.map((row) => ({
      key: row.overall ? 'all' : String(row.teamId ?? 'none'),
      name: (lang === 'en' ? row.nameEn : row.name) ?? null,
      overall: row.overall,
      accepted: row.accepted,
      firstMedian: row.firstMedian,
      firstP90: row.firstP90,
      resolvedMedian: row.resolvedMedian,
      resolvedP90: row.resolvedP90,
    })),
    overdue: overdue.map((row) => ({
      id: row.id,
      tracking: row.tracking ?? String(row.id),
      company: row.company,
      ageMs: now.getTime() - (row.acceptedAt?.getTime() ?? now.getTime()),
    })),
  }
}
