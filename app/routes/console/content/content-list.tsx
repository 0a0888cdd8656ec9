import type { ReactNode } from 'react'
import { data, Link, redirect } from 'react-router'
import {
  BulkConfirm,
  BulkForm,
  BulkResult,
  ListFilters,
  ListQueryErrors,
  ListTotal,
  RowCheck,
  SelectPage,
  SortHeader,
  StatusBadges,
} from '#app/components/console/list-kit.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import {
  CONTENT_BULK_ACTIONS,
  contentListSpec,
  contentSortKey,
  LIST_LIMITS,
  listParams,
} from '#shared/console-lists.ts'
import { contentKind } from '#shared/content-kinds.ts'
import { translate } from '#shared/i18n/messages.ts'
import { recordStatuses } from '#shared/record-status.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/content-list'
import { consoleMeta } from '../console-meta.ts'
import { useWhen } from '../use-when.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { bulkStep, listQueryOf, type BulkAnswer } from '../list-bulk.server.ts'
import { actorOf, kindOr404 } from './content.server.ts'
import { displayValue } from './display-value.ts'
import { recordLabel } from './record-label.ts'
import './content.css'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData?.title ?? 'console.content.title')
}

export const headers = consoleHeaders

/**
 * One page of a kind's records (docs/decisions/054-console-lists.md): searched, filtered by status
 * and language and sorted in SQL, by a GET form (every list is an address); a single record (site
 * settings) opens directly. A field of the address that cannot be read is a 400, the list shown
 * with that field at its default.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const kind = kindOr404(params.kind)
  if (kind.singleton) {
    const [record] = await context.services.contentEditor.list(kind.kind)
    if (record) throw redirect(`/admin/content/${kind.kind}/${record.id}`, { headers: consoleHeaders() })
  }
  const spec = contentListSpec(kind)
  const { query, errors, status } = listQueryOf(spec, request)
  const list = await context.services.contentEditor.listPage(kind.kind, query, context.lang, LIST_LIMITS.pageSize)
  return data(
    {
      kind: kind.kind,
      title: kind.title,
      canEdit: roleAtLeast(staff.user.role, 'editor'),
      query: { ...query, page: list.page },
      errors,
      total: list.total,
      more: list.more,
      deleted: new URL(request.url).searchParams.get('deleted') === '1',
      records: list.rows.map((r) => ({
        id: r.id,
        version: r.version,
        label: recordLabel(kind, r, context.lang),
        columns: kind.listFields.slice(1).map((f) => displayValue(kind, f, r.values, context.lang)),
        status: recordStatuses(r),
        updatedAt: r.updatedAt.toISOString(),
        updatedBy: r.updatedBy,
      })),
    },
    { status, headers: consoleHeaders() },
  )
}

/**
 * The bulk form (editors and administrators, as each record's own actions): publish, unpublish,
 * hide one language, delete. The first post answers the confirmation; the confirmed one runs the
 * records through the editor's single-record actions in one transaction and reports each refusal.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const kind = kindOr404(params.kind)
  if (kind.singleton) throw data(null, { status: 404, headers: consoleHeaders() })
  const form = await formValues(request)
  const editor = context.services.contentEditor
  return bulkStep({
    form,
    allowed: CONTENT_BULK_ACTIONS,
    lang: context.lang,
    labels: async (ids) =>
      new Map((await editor.byIds(kind.kind, ids)).map((r) => [r.id, recordLabel(kind, r, context.lang)])),
    apply: (bulkAction, items) => editor.bulk(actorOf(staff, context), kind.kind, bulkAction, items),
    fieldLabel: (column) => {
      const field = kind.fields.find((f) => f.name === column || `${f.name}_en` === column)
      if (!field) return column
      const name = translate(context.lang, field.label)
      return column.endsWith('_en') && field.bilingual
        ? `${name} (${translate(context.lang, 'console.content.english')})`
        : name
    },
  })
}

export default function ContentList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const kind = contentKind(loaderData.kind)!
  const spec = contentListSpec(kind)
  const when = useWhen()
  const { query, records } = loaderData
  const answer = actionData as BulkAnswer | undefined
  const fieldLabel = (name: string) => t(kind.fields.find((f) => f.name === name)!.label)
  const listAddress = `?${listParams(spec, query).toString()}`
  return (
    <>
      <p className="content-crumb">
        <Link to="/admin/content">{t('console.content.title')}</Link>
      </p>
      <h1>{t(loaderData.title)}</h1>
      {loaderData.canEdit ? (
        <p>
          <Link className="button" to={`/admin/content/${loaderData.kind}/new`}>
            {t('console.content.new')}
          </Link>
        </p>
      ) : (
        <p className="console-muted">{t('console.content.readOnly')}</p>
      )}
      {loaderData.deleted ? (
        <p className="console-notice" role="status">
          {t('console.content.done.delete')}
        </p>
      ) : null}
      {answer?.report ? <BulkResult report={answer.report} /> : null}
      {answer?.confirmation ? <BulkConfirm confirmation={answer.confirmation} cancelTo={listAddress} /> : null}
      <ListFilters spec={spec} query={query} errors={loaderData.errors} />
      <ListQueryErrors errors={loaderData.errors} />
      <ListTotal total={loaderData.total} more={loaderData.more} />
      {records.length === 0 ? (
        <EmptyState variant="search" message={t('console.list.empty')} />
      ) : (
        <ListBody
          canEdit={loaderData.canEdit}
          bulkError={answer?.bulkError}
          report={answer?.report}
          table={
            <div className="console-table-wrap">
              <table className="console-table">
                <caption>{t(loaderData.title)}</caption>
                <thead>
                  <tr>
                    {loaderData.canEdit ? <SelectPage items={records} /> : null}
                    <SortHeader spec={spec} query={query} sort={contentSortKey(kind.listFields[0]!)}>
                      {fieldLabel(kind.listFields[0]!)}
                    </SortHeader>
                    {kind.listFields.slice(1).map((f) => (
                      <SortHeader key={f} spec={spec} query={query} sort={contentSortKey(f)}>
                        {fieldLabel(f)}
                      </SortHeader>
                    ))}
                    <th scope="col">{t('console.list.status')}</th>
                    <SortHeader spec={spec} query={query} sort="updated">
                      {t('console.content.updated')}
                    </SortHeader>
                  </tr>
                </thead>
                <tbody>
                  {records.map((r) => (
                    <tr key={r.id}>
                      {loaderData.canEdit ? <RowCheck item={r} label={r.label} /> : null}
                      <th scope="row">
                        <Link to={`/admin/content/${loaderData.kind}/${r.id}`}>{r.label}</Link>
                      </th>
                      {r.columns.map((value, i) => (
                        <td key={kind.listFields[i + 1]}>{value}</td>
                      ))}
                      <td>
                        <StatusBadges status={r.status} language={query.language} />
                      </td>
                      <td>{t('console.content.updatedBy', { time: when(r.updatedAt), name: r.updatedBy ?? '—' })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          }
        />
      )}
      <Pagination page={query.page} totalRecords={loaderData.total} recordSize={LIST_LIMITS.pageSize} />
    </>
  )
}

/** The table inside the bulk form for editors; as it is for viewers, who have no bulk actions. */
function ListBody({
  canEdit,
  table,
  bulkError,
  report,
}: {
  canEdit: boolean
  table: ReactNode
  bulkError: BulkAnswer['bulkError']
  report: BulkAnswer['report']
}) {
  if (!canEdit) return <>{table}</>
  return (
    <BulkForm actions={CONTENT_BULK_ACTIONS} error={bulkError ?? null} done={report}>
      {table}
    </BulkForm>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
