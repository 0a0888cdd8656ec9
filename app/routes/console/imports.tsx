import { data, Link } from 'react-router'
import { ListFilters, ListQueryErrors, ListTotal, SortHeader } from '#app/components/console/list-kit.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { groupDigits } from '#shared/group-digits.ts'
import { LIST_LIMITS } from '#shared/console-lists.ts'
import { isImportKind } from '#shared/import-kinds.ts'
import { COMMAND_LINE, IMPORT_LIST_SPEC, IMPORT_RUN_STATES } from '#shared/import-list.ts'
import type { Route } from './+types/imports'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { RUN_STATE_LABELS, RunState } from './import-run-parts.tsx'
import { listQueryOf } from './list-bulk.server.ts'
import { useWhen } from './use-when.ts'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.imports.title')
}

/**
 * Every check and import, from the console or the command line (docs/decisions/067-terms-and-imports-lists.md):
 * searched by file name, filtered by state and by who ran it, sorted by date or rows and paged in
 * SQL. Every staff member reads it (as the audit trail); nothing here changes anything, so it has
 * no bulk actions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'viewer')
  const { query, errors, status } = listQueryOf(IMPORT_LIST_SPEC, request)
  const imports = context.services.imports
  const [list, people] = await Promise.all([imports.listRuns(query, LIST_LIMITS.pageSize), imports.runPeople()])
  return data(
    {
      query: { ...query, page: list.page },
      errors,
      total: list.total,
      more: list.more,
      people,
      rows: list.rows.map((r) => ({
        id: r.id,
        kind: isImportKind(r.kind) ? r.kind : null,
        file: r.file_name,
        zip: r.zip_name,
        state: r.status,
        who: r.user_id ? `${r.who ?? ''} (${r.who_username ?? r.user_id})` : null,
        startedAt: r.started_at.toISOString(),
        rows: r.rows,
        inserted: r.inserted,
        updated: r.updated,
        problems: r.problem_count,
      })),
    },
    { status, headers: consoleHeaders() },
  )
}

export const headers = consoleHeaders

export default function Imports({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const { query, rows } = loaderData
  return (
    <>
      <h1>{t('console.imports.title')}</h1>
      <p className="console-muted">{t('console.imports.intro')}</p>
      <ListFilters
        spec={IMPORT_LIST_SPEC}
        query={query}
        errors={loaderData.errors}
        label={t('console.imports.searchLabel')}
        queryLabel="console.imports.query"
      >
        <label>
          {t('console.imports.state')}
          <select name="state" defaultValue={query.filters.state}>
            <option value="">{t('console.audit.all')}</option>
            {IMPORT_RUN_STATES.map((state) => (
              <option key={state} value={state}>
                {t(RUN_STATE_LABELS[state])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.imports.person')}
          <select name="person" defaultValue={query.filters.person}>
            <option value="">{t('console.audit.all')}</option>
            <option value={COMMAND_LINE}>{t('console.imports.commandLine')}</option>
            {loaderData.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.username})
              </option>
            ))}
          </select>
        </label>
      </ListFilters>
      <ListQueryErrors errors={loaderData.errors} />
      <ListTotal total={loaderData.total} more={loaderData.more} />
      {rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.imports.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('console.imports.caption')}</caption>
            <thead>
              <tr>
                <SortHeader spec={IMPORT_LIST_SPEC} query={query} sort="date">
                  {t('console.imports.date')}
                </SortHeader>
                <th scope="col">{t('console.imports.file')}</th>
                <th scope="col">{t('console.imports.kind')}</th>
                <th scope="col">{t('console.imports.state')}</th>
                <th scope="col">{t('console.imports.person')}</th>
                <SortHeader spec={IMPORT_LIST_SPEC} query={query} sort="rows">
                  {t('console.imports.rows')}
                </SortHeader>
                <th scope="col">{t('console.imports.result')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <time dateTime={r.startedAt}>{when(r.startedAt)}</time>
                  </td>
                  <th scope="row">
                    {r.state === 'running' ? r.file : <Link to={`/admin/imports/${r.id}`}>{r.file}</Link>}
                    {r.zip ? (
                      <>
                        <br />
                        <span className="console-muted">{r.zip}</span>
                      </>
                    ) : null}
                  </th>
                  <td>{r.kind ? t(`console.import.kind.${r.kind}`) : ''}</td>
                  <td>
                    <RunState state={r.state} />
                  </td>
                  <td>{r.who ?? t('console.imports.commandLine')}</td>
                  <td>{r.rows === null ? '—' : groupDigits(r.rows)}</td>
                  <td>
                    {r.problems > 0
                      ? t('console.imports.resultProblems', { count: groupDigits(r.problems) })
                      : r.inserted !== null && r.updated !== null
                        ? t('console.imports.resultCounts', {
                            inserted: groupDigits(r.inserted),
                            updated: groupDigits(r.updated),
                          })
                        : ''}
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
