import { data, Link } from 'react-router'
import { ListFilters, ListQueryErrors, ListTotal, SortHeader } from '#app/components/console/list-kit.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { LIST_LIMITS } from '#shared/console-lists.ts'
import { ASSIGNEE_ME, ASSIGNEE_NONE, INBOX_AGES, INBOX_LIST_SPEC, kindKey, statusKey } from '#shared/service-inbox.ts'
import { isRequestStatus, REQUEST_KINDS, REQUEST_STATUSES } from '#shared/service-request-status.ts'
import type { Route } from './+types/inbox'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { listQueryOf } from '../list-bulk.server.ts'
import { useWhen } from '../use-when.ts'
import './inbox.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.inbox.inbox')
}

/**
 * The inbox of service requests (docs/decisions/070-service-inbox.md) on the console lists'
 * contract (ADR 054, 062): searched over the tracking number, the requester and the request's text,
 * filtered by kind, status (the open ones by default), assignee, team and age, sorted and paged in SQL.
 * Every staff member reads it; editors and administrators act on a request from its thread.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const { query, errors, status } = listQueryOf(INBOX_LIST_SPEC, request)
  const inbox = context.services.serviceInbox
  const [list, people, teams] = await Promise.all([
    inbox.list(query, LIST_LIMITS.pageSize, staff.user.id),
    inbox.assignable(),
    inbox.teams(),
  ])
  return data(
    {
      query: { ...query, page: list.page },
      errors,
      total: list.total,
      more: list.more,
      people,
      teams,
      rows: list.rows.map((r) => ({
        id: r.id,
        kind: r.kind === 'iq' ? ('iq' as const) : ('as' as const),
        status: isRequestStatus(r.status) ? r.status : 'received',
        tracking: r.tracking ?? '',
        name: r.name,
        company: r.company,
        model: r.model,
        serial: r.serial,
        acceptedAt: r.acceptedAt?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
        assignee: r.assignee,
        team: r.team,
        teamEn: r.teamEn,
        overdue: r.overdue,
      })),
    },
    { status, headers: consoleHeaders() },
  )
}

export const headers = consoleHeaders

const AGE_LABELS = { '1wd': 'console.inbox.age1wd', '7d': 'console.inbox.age7d' } as const

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const when = useWhen()
  const { query, rows } = loaderData
  return (
    <>
      <h1>{t('console.inbox.inbox')}</h1>
      <p className="console-muted">{t('console.inbox.intro')}</p>
      <ListFilters
        spec={INBOX_LIST_SPEC}
        query={query}
        errors={loaderData.errors}
        label={t('console.inbox.searchLabel')}
        queryLabel="console.inbox.query"
      >
        <label>
          {t('console.inbox.kind')}
          <select name="kind" defaultValue={query.filters.kind}>
            <option value="">{t('console.audit.all')}</option>
            {REQUEST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(kindKey(k))}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.inbox.status')}
          <select name="state" defaultValue={query.filters.state}>
            <option value="">{t('console.inbox.open')}</option>
            <option value="all">{t('console.audit.all')}</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusKey(s))}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.inbox.assignee')}
          <select name="assignee" defaultValue={query.filters.assignee}>
            <option value="">{t('console.audit.all')}</option>
            <option value={ASSIGNEE_ME}>{t('console.inbox.mine')}</option>
            <option value={ASSIGNEE_NONE}>{t('console.inbox.unassigned')}</option>
            {loaderData.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.inbox.team')}
          <select name="team" defaultValue={query.filters.team}>
            <option value="">{t('console.audit.all')}</option>
            <option value={ASSIGNEE_NONE}>{t('console.inbox.noTeam')}</option>
            {loaderData.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {lang === 'en' ? team.nameEn : team.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.inbox.age')}
          <select name="age" defaultValue={query.filters.age}>
            <option value="">{t('console.audit.all')}</option>
            {INBOX_AGES.map((a) => (
              <option key={a} value={a}>
                {t(AGE_LABELS[a])}
              </option>
            ))}
          </select>
        </label>
      </ListFilters>
      <ListQueryErrors errors={loaderData.errors} />
      <ListTotal total={loaderData.total} more={loaderData.more} />
      {rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.inbox.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table inbox-table">
            <caption>{t('console.inbox.caption')}</caption>
            <thead>
              <tr>
                <SortHeader spec={INBOX_LIST_SPEC} query={query} sort="received">
                  {t('console.inbox.receivedAt')}
                </SortHeader>
                <th scope="col">{t('console.inbox.tracking')}</th>
                <SortHeader spec={INBOX_LIST_SPEC} query={query} sort="status">
                  {t('console.inbox.status')}
                </SortHeader>
                <th scope="col">{t('console.inbox.requester')}</th>
                <th scope="col">{t('console.inbox.product')}</th>
                <th scope="col">{t('console.inbox.assignee')}</th>
                <SortHeader spec={INBOX_LIST_SPEC} query={query} sort="updated">
                  {t('console.inbox.updatedAt')}
                </SortHeader>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <time dateTime={r.acceptedAt ?? ''}>{when(r.acceptedAt)}</time>
                  </td>
                  <th scope="row">
                    <Link to={`/admin/requests/${r.id}`}>{r.tracking}</Link>{' '}
                    <span className="console-badge inbox-kind">{t(kindKey(r.kind))}</span>
                  </th>
                  <td>
                    <span className={`console-badge inbox-status inbox-status--${r.status}`}>
                      {t(statusKey(r.status))}
                    </span>
                    {r.overdue ? (
                      <>
                        {' '}
                        <span className="console-badge inbox-overdue">{t('console.inbox.overdue')}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {r.name}
                    <br />
                    <span className="console-muted">{r.company}</span>
                  </td>
                  <td>
                    {r.model || '-'}
                    {r.serial ? (
                      <>
                        <br />
                        <span className="console-muted">{r.serial}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {r.assignee ?? t('console.inbox.unassigned')}
                    {r.team ? (
                      <>
                        <br />
                        <span className="console-muted">{lang === 'en' ? r.teamEn : r.team}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <time dateTime={r.updatedAt}>{when(r.updatedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={query.page} totalRecords={loaderData.total} recordSize={LIST_LIMITS.pageSize} />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
