import { data, Form, Link } from 'react-router'
import { ListFilters, ListQueryErrors, ListTotal, SortHeader } from '#app/components/console/list-kit.tsx'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { LIST_LIMITS, listParams, type ListQuery } from '#shared/console-lists.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { MEMBER_ADMIN_LIMITS, MEMBER_LIST_SPEC, MEMBER_STATES, type MemberSort } from '#shared/member-admin-rules.ts'
import type { Route } from './+types/members'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { listQueryOf } from './list-bulk.server.ts'
import { StepUpField } from './step-up-field.tsx'
import { useWhen } from './use-when.ts'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.members.title')
}

/** Why an export came back to the list (members-export.ts redirects here with `export=…`). */
const EXPORT_ERRORS: Record<string, MessageKey> = {
  'step-up': 'console.stepUp.required',
  code: 'console.error.code',
  'code-format': 'console.error.codeFormat',
  limited: 'console.error.tooManyShort',
}

/**
 * The member list: administrators and viewers (auditors) read it; only administrators see the
 * export. Searched, filtered, sorted and paged in SQL on the console lists' query contract
 * (docs/decisions/054-console-lists.md): a GET form, every search and page an address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ['admin', 'viewer'])
  const { query, errors, status } = listQueryOf(MEMBER_LIST_SPEC, request)
  const list = await context.services.consoleMembers.list(query, LIST_LIMITS.pageSize)
  // Own keys only: `?export=constructor` names no message.
  const exportParam = new URL(request.url).searchParams.get('export') ?? ''
  const exportError = Object.hasOwn(EXPORT_ERRORS, exportParam) ? EXPORT_ERRORS[exportParam] : undefined
  return data(
    {
      query: { ...query, page: list.page },
      errors,
      total: list.total,
      more: list.more,
      rows: list.rows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
      })),
      canExport: staff.user.role === 'admin' && status === 200,
      stepUpFresh: staff.stepUpFresh,
      exportError: exportError ?? null,
    },
    { status, headers: consoleHeaders() },
  )
}

export const headers = consoleHeaders

/** The export: the list's filter as hidden fields and the step-up code; the answer is a download (a document request). */
function ExportForm({
  query,
  total,
  fresh,
  error,
}: {
  query: ListQuery<MemberSort>
  total: number
  fresh: boolean
  error: MessageKey | null
}) {
  const t = useT()
  return (
    <section className="console-card console-card--export" aria-labelledby="members-export">
      <h2 id="members-export">{t('console.members.export')}</h2>
      <p className="console-muted">
        {t('console.members.exportHelp', { count: Math.min(total, MEMBER_ADMIN_LIMITS.exportMax) })}
      </p>
      <Form method="post" action="/admin/members/export" reloadDocument className="console-form console-form--stack">
        {[...listParams(MEMBER_LIST_SPEC, { ...query, page: 1 })].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <StepUpField fresh={fresh} error={error ? t(error) : undefined} />
        <button type="submit" className="button button--outline">
          {t('console.members.exportSubmit')}
        </button>
      </Form>
    </section>
  )
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const { query } = loaderData
  const sortHeader = (sort: MemberSort, label: MessageKey) => (
    <SortHeader spec={MEMBER_LIST_SPEC} query={query} sort={sort}>
      {t(label)}
    </SortHeader>
  )
  return (
    <>
      <h1>{t('console.members.title')}</h1>
      <ListFilters
        spec={MEMBER_LIST_SPEC}
        query={query}
        errors={loaderData.errors}
        label={t('console.members.searchLabel')}
        queryLabel="console.members.query"
      >
        <label>
          {t('console.members.state')}
          <select name="state" defaultValue={query.filters.state}>
            <option value="">{t('console.members.stateCurrent')}</option>
            {MEMBER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`console.members.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.members.access')}
          <select name="access" defaultValue={query.filters.access}>
            <option value="">{t('console.audit.all')}</option>
            <option value="Y">{t('console.members.accessYes')}</option>
            <option value="N">{t('console.members.accessNo')}</option>
          </select>
        </label>
      </ListFilters>
      <ListQueryErrors errors={loaderData.errors} />
      <ListTotal total={loaderData.total} more={loaderData.more} />
      {loaderData.rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.members.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table console-members">
            <caption>{t('console.members.caption')}</caption>
            <thead>
              <tr>
                {sortHeader('company', 'console.members.company')}
                <th scope="col">{t('console.members.division')}</th>
                {sortHeader('name', 'console.members.name')}
                {sortHeader('email', 'console.members.email')}
                <th scope="col">{t('console.members.state')}</th>
                <th scope="col">{t('console.members.access')}</th>
                {sortHeader('joined', 'console.members.joined')}
                {sortHeader('lastLogin', 'console.members.lastLogin')}
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((m) => (
                <tr key={m.id}>
                  <td>{m.company}</td>
                  <td>{m.division}</td>
                  <th scope="row">
                    <Link to={`/admin/members/${m.id}`}>
                      {m.name || t('console.members.withdrawnName', { id: m.id })}
                    </Link>
                  </th>
                  <td className="console-members__email">{m.username}</td>
                  <td>
                    <span className={`console-badge console-badge--${m.state}`}>
                      {t(`console.members.state.${m.state}`)}
                    </span>
                  </td>
                  <td>{t(m.access ? 'console.members.accessYes' : 'console.members.accessNo')}</td>
                  <td>
                    <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
                  </td>
                  <td>
                    {m.lastLoginAt ? (
                      <>
                        <time dateTime={m.lastLoginAt}>{when(m.lastLoginAt)}</time>
                        <br />
                        <RelativeTime iso={m.lastLoginAt} className="console-muted" />
                      </>
                    ) : (
                      t('console.staff.never')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={query.page} totalRecords={loaderData.total} recordSize={LIST_LIMITS.pageSize} />
      {loaderData.canExport ? (
        <ExportForm
          query={query}
          total={loaderData.total}
          fresh={loaderData.stepUpFresh}
          error={loaderData.exportError}
        />
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
