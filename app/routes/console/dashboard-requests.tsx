import { Link } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { durationWords } from '#app/utils/duration.ts'
import { groupDigits } from '#shared/group-digits.ts'
import './dashboard-requests.css'

/** The dashboard's 3Q section as its loader sends it (docs/decisions/071-service-routing.md). */
export type RequestFiguresData = {
  teams: {
    key: string
    name: string | null
    overall: boolean
    accepted: number
    firstMedian: number | null
    firstP90: number | null
    resolvedMedian: number | null
    resolvedP90: number | null
  }[]
  overdue: { id: number; tracking: string; company: string; ageMs: number }[]
}

/** Time to first response and to resolution per team, and the requests waiting too long, each linked to the inbox. */
export function RequestFigures({ data }: { data: RequestFiguresData }) {
  const t = useT()
  const span = (ms: number | null) => (ms === null ? t('console.dashboard.noFigure') : durationWords(ms, t))
  const rows = data.teams
  return (
    <div className="dashboard-requests">
      <section className="console-card dashboard-card" aria-labelledby="dashboard-requests">
        <h2 id="dashboard-requests">{t('console.dashboard.requests')}</h2>
        <p className="console-muted">{t('console.dashboard.requestsLead')}</p>
        {rows.length === 0 ? (
          <p className="console-muted">{t('console.dashboard.noRequests')}</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table" data-testid="dashboard-request-figures">
              <caption className="visually-hidden">{t('console.dashboard.requestsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('console.dashboard.team')}</th>
                  <th scope="col">{t('console.dashboard.accepted')}</th>
                  <th scope="col">{t('console.dashboard.firstMedian')}</th>
                  <th scope="col">{t('console.dashboard.firstP90')}</th>
                  <th scope="col">{t('console.dashboard.resolvedMedian')}</th>
                  <th scope="col">{t('console.dashboard.resolvedP90')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">
                      {row.overall ? t('console.dashboard.allTeams') : (row.name ?? t('console.dashboard.noTeam'))}
                    </th>
                    <td>{groupDigits(row.accepted)}</td>
                    <td>{span(row.firstMedian)}</td>
                    <td>{span(row.firstP90)}</td>
                    <td>{span(row.resolvedMedian)}</td>
                    <td>{span(row.resolvedP90)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="console-card dashboard-card" aria-labelledby="dashboard-overdue">
        <h2 id="dashboard-overdue">{t('console.dashboard.overdue')}</h2>
        <p className="console-muted">{t('console.dashboard.overdueLead')}</p>
        {data.overdue.length === 0 ? (
          <p className="console-muted">{t('console.dashboard.noOverdue')}</p>
        ) : (
          <ul className="dashboard-list" data-testid="dashboard-overdue">
            {data.overdue.map((row) => (
              <li key={row.id}>
                <Link to={`/admin/requests/${row.id}`}>
                  {t('console.dashboard.overdueItem', {
                    tracking: row.tracking,
                    company: row.company,
                    age: durationWords(row.ageMs, t),
                  })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
