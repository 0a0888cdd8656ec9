import type { ReactNode } from 'react'
import { data, Link } from 'react-router'
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
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { DOCUMENT_BULK_ACTIONS, documentListSpec, LIST_LIMITS, listParams } from '#shared/console-lists.ts'
import { publishedStatus } from '#shared/record-status.ts'
import { CLASSIFICATION_COUNT, classificationKey } from '#shared/service-pages.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/documents-list'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { bulkStep, listQueryOf, type BulkAnswer } from '../list-bulk.server.ts'
import { useWhen } from '../use-when.ts'
import { actorOf, archiveOr404 } from './documents.server.ts'
import { DocumentTypeOptions } from './document-type-options.tsx'
import { DocumentsTabs } from './documents-tabs.tsx'
import './documents.css'

export function meta({ matches, params }: Route.MetaArgs) {
  return consoleMeta(matches, params.archive === 'service' ? 'console.docs.service' : 'console.docs.reference')
}

export const headers = consoleHeaders

/** The list of both archives: classifications 1 … CLASSIFICATION_COUNT − 1. */
const SPEC = documentListSpec(CLASSIFICATION_COUNT - 1)

/**
 * One page of an archive (these tables hold up to 100,000 rows: searched, filtered, sorted and paged
 * in SQL, docs/decisions/054-console-lists.md), by number or title, classification, state and the
 * language of its files. A GET form: every search is an address; a field that cannot be read is a
 * 400, the list shown with that field at its default.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const archive = archiveOr404(params.archive)
  const { query, errors, status } = listQueryOf(SPEC, request)
  const list = await context.services.documentsAdmin.list(archive, query, context.lang, LIST_LIMITS.pageSize)
  return data(
    {
      archive,
      canEdit: roleAtLeast(staff.user.role, 'editor'),
      query: { ...query, page: list.page },
      errors,
      total: list.total,
      more: list.more,
      rows: list.rows.map((r) => ({
        ...r,
        revised_at: r.revised_at.toISOString(),
        updated_at: r.updated_at.toISOString(),
      })),
    },
    { status, headers: consoleHeaders() },
  )
}

/** Publish or unpublish the ticked documents (editors and administrators): confirmed once, one transaction, each audited. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const archive = archiveOr404(params.archive)
  const form = await formValues(request)
  const documents = context.services.documentsAdmin
  return bulkStep({
    form,
    allowed: DOCUMENT_BULK_ACTIONS,
    lang: context.lang,
    labels: (ids) => documents.names(archive, ids, context.lang),
    apply: (bulkAction, items) => documents.bulk(archive, actorOf(staff, context), bulkAction, items),
    fieldLabel: (field) => field,
  })
}

export default function DocumentsList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const { archive, query, rows } = loaderData
  const answer = actionData as BulkAnswer | undefined
  const title = t(archive === 'service' ? 'console.docs.service' : 'console.docs.reference')
  const typeLabel = t(archive === 'service' ? 'console.docs.depth' : 'console.docs.classification')
  const table = (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            {loaderData.canEdit ? <SelectPage items={rows} /> : null}
            <SortHeader spec={SPEC} query={query} sort="number">
              {t('console.docs.number')}
            </SortHeader>
            <SortHeader spec={SPEC} query={query} sort="title">
              {t('console.field.title')}
            </SortHeader>
            <SortHeader spec={SPEC} query={query} sort="type">
              {typeLabel}
            </SortHeader>
            <SortHeader spec={SPEC} query={query} sort="revised">
              {t('console.docs.revision')}
            </SortHeader>
            <th scope="col">{t('console.docs.files')}</th>
            <th scope="col">{t('console.list.status')}</th>
            <SortHeader spec={SPEC} query={query} sort="updated">
              {t('console.content.updated')}
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              {loaderData.canEdit ? <RowCheck item={r} label={`${r.doc_number} ${r.title}`} /> : null}
              <td className="docs-number">{r.doc_number}</td>
              <th scope="row">
                <Link to={`/admin/documents/${archive}/${r.id}`}>{r.title}</Link>
                <br />
                <span className="console-muted" lang="en">
                  {r.title_en}
                </span>
              </th>
              <td>{t(classificationKey(r.type))}</td>
              <td>
                {r.revision} · <time dateTime={r.revised_at}>{when(r.revised_at)}</time>
              </td>
              <td>{r.files}</td>
              <td>
                <StatusBadges status={publishedStatus(r.published)} />
              </td>
              <td>
                <time dateTime={r.updated_at}>{when(r.updated_at)}</time>
                <br />
                <RelativeTime iso={r.updated_at} className="console-muted" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
  return (
    <>
      <h1>{title}</h1>
      <DocumentsTabs />
      {loaderData.canEdit ? (
        <p>
          <Link className="button" to={`/admin/documents/${archive}/new`}>
            {t('console.docs.new')}
          </Link>
        </p>
      ) : (
        <p className="console-muted">{t('console.content.readOnly')}</p>
      )}
      {answer?.report ? <BulkResult report={answer.report} /> : null}
      {answer?.confirmation ? (
        <BulkConfirm confirmation={answer.confirmation} cancelTo={`?${listParams(SPEC, query).toString()}`} />
      ) : null}
      <ListFilters
        spec={SPEC}
        query={query}
        errors={loaderData.errors}
        label={t('console.docs.searchLabel')}
        languageLabel="console.list.fileLanguage"
        queryLabel="console.docs.query"
      >
        <label>
          {typeLabel}
          <select name="type" defaultValue={query.filters.type === '0' ? '' : query.filters.type}>
            <option value="">{t('console.audit.all')}</option>
            <DocumentTypeOptions grouped={false} />
          </select>
        </label>
      </ListFilters>
      <ListQueryErrors errors={loaderData.errors} />
      <ListTotal total={loaderData.total} more={loaderData.more} />
      {rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.docs.empty')} />
      ) : (
        <Bulk canEdit={loaderData.canEdit} error={answer?.bulkError} report={answer?.report}>
          {table}
        </Bulk>
      )}
      <Pagination page={query.page} totalRecords={loaderData.total} recordSize={LIST_LIMITS.pageSize} />
    </>
  )
}

function Bulk({
  canEdit,
  error,
  report,
  children,
}: {
  canEdit: boolean
  error: BulkAnswer['bulkError']
  report: BulkAnswer['report']
  children: ReactNode
}) {
  if (!canEdit) return <>{children}</>
  return (
    <BulkForm actions={DOCUMENT_BULK_ACTIONS} error={error ?? null} done={report}>
      {children}
    </BulkForm>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
