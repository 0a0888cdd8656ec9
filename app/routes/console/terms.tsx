import type { ReactNode } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
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
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { LIST_LIMITS, listParams, type BulkAction } from '#shared/console-lists.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { TERMS_LIST_SPEC, termsStatus, type TermsSort } from '#shared/terms-list.ts'
import { TERMS_SLUG, termsTypeOf } from '#shared/terms-rules.ts'
import { TERMS_TYPE } from '#shared/type-codes.ts'
import type { Route } from './+types/terms'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { bulkStep, listQueryOf, type BulkAnswer } from './list-bulk.server.ts'
import { useWhen } from './use-when.ts'
import './terms.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.terms.title')
}

/** The only bulk action of the terms list: deleting drafts (docs/decisions/067-terms-and-imports-lists.md). */
const TERMS_BULK_ACTIONS: readonly BulkAction[] = ['delete']

const TYPE_LABEL: Record<keyof typeof TERMS_TYPE, MessageKey> = { service: 'terms.service', privacy: 'terms.privacy' }

/**
 * Editors and administrators: every version of both terms types, searched over titles and bodies,
 * filtered by type and status, sorted and paged in SQL (docs/decisions/054-console-lists.md); a
 * field of the address that cannot be read is a 400, the list shown with it at its default.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'editor')
  const { query, errors, status } = listQueryOf(TERMS_LIST_SPEC, request)
  const list = await context.services.termsList.list(query, LIST_LIMITS.pageSize)
  return data(
    {
      query: { ...query, page: list.page },
      errors,
      total: list.total,
      more: list.more,
      rows: list.rows.map((v) => ({
        id: v.id,
        slug: TERMS_SLUG[v.type],
        version: v.version,
        state: v.state,
        title: v.title,
        title_en: v.title_en,
        effectiveAt: v.effective_at?.toISOString() ?? null,
        updatedAt: v.updated_at.toISOString(),
        updatedBy: v.updated_by,
      })),
    },
    { status, headers: consoleHeaders() },
  )
}

export const headers = consoleHeaders

/** A version's name in the console's language: "버전 3 · 이용약관", "초안 #12 · 이용약관". */
const versionName = (lang: 'ko' | 'en', v: { id: number; version?: number | null; title: string; title_en: string }) =>
  `${
    v.version
      ? translate(lang, 'console.terms.versionN', { version: v.version })
      : translate(lang, 'console.terms.draftN', { id: v.id })
  } · ${lang === 'ko' ? v.title : v.title_en}`

/** `create`: a new draft of a type (from the text in force), then its editor; `bulk`: delete the ticked drafts, confirmed once. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const values = await formValues(request)
  const actor = { id: staff.user.id, role: staff.user.role, ip: context.clientIp }
  if (values.intent === 'bulk')
    return bulkStep({
      form: values,
      allowed: TERMS_BULK_ACTIONS,
      lang: context.lang,
      labels: (ids) => context.services.termsList.draftNames(ids, (row) => versionName(context.lang, row)),
      apply: async (_action, items) => {
        const outcomes = await context.services.terms.deleteDrafts(actor, items)
        if ('reason' in outcomes) throw data(null, { status: 403, headers: consoleHeaders() })
        return outcomes
      },
      fieldLabel: (field) => field,
    })
  const type = values.intent === 'create' ? termsTypeOf(values.type ?? '') : null
  if (type === null)
    return data<FormResult>(
      { errors: {}, message: { key: 'api.badRequest' } },
      { status: 400, headers: consoleHeaders() },
    )
  const result = await context.services.terms.createDraft(actor, type)
  if (!result.ok)
    return data<FormResult>(
      { errors: {}, message: { key: 'console.terms.errorForbidden' } },
      { status: 403, headers: consoleHeaders() },
    )
  return redirect(`/admin/terms/${result.id}`, { headers: consoleHeaders() })
}

/** A new draft of each type: a region per type (its name, its button). */
function NewDrafts() {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  return (
    <div className="terms-admin__new">
      {(Object.keys(TERMS_TYPE) as (keyof typeof TERMS_TYPE)[]).map((slug) => (
        <section key={slug} className="console-card" aria-labelledby={`terms-${slug}`}>
          <div className="terms-admin__head">
            <h2 id={`terms-${slug}`}>{t(TYPE_LABEL[slug])}</h2>
            <Form method="post" className="console-inline-form">
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="type" value={slug} />
              <button type="submit" className="button button--primary" disabled={busy}>
                {t('console.terms.newDraft')}
              </button>
            </Form>
          </div>
        </section>
      ))}
    </div>
  )
}

export default function TermsList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const when = useWhen()
  const { query, rows } = loaderData
  const answer = actionData as (BulkAnswer & FormResult) | undefined
  const drafts = rows.filter((v) => v.state === 'draft').map((v) => ({ id: v.id, version: Date.parse(v.updatedAt) }))
  const sortHeader = (sort: TermsSort, label: MessageKey) => (
    <SortHeader spec={TERMS_LIST_SPEC} query={query} sort={sort}>
      {t(label)}
    </SortHeader>
  )
  const name = (v: (typeof rows)[number]) => versionName(lang, v)
  return (
    <>
      <h1>{t('console.terms.title')}</h1>
      <p className="console-muted">{t('console.terms.intro')}</p>
      <FormAlert message={answer?.message} />
      <NewDrafts />
      {answer?.report ? <BulkResult report={answer.report} /> : null}
      {answer?.confirmation ? (
        <BulkConfirm
          confirmation={answer.confirmation}
          cancelTo={`?${listParams(TERMS_LIST_SPEC, query).toString()}`}
        />
      ) : null}
      <ListFilters
        spec={TERMS_LIST_SPEC}
        query={query}
        errors={loaderData.errors}
        label={t('console.terms.searchLabel')}
        queryLabel="console.terms.query"
      >
        <label>
          {t('console.terms.type')}
          <select name="type" defaultValue={query.filters.type}>
            <option value="">{t('console.audit.all')}</option>
            {(Object.keys(TERMS_TYPE) as (keyof typeof TERMS_TYPE)[]).map((slug) => (
              <option key={slug} value={slug}>
                {t(TYPE_LABEL[slug])}
              </option>
            ))}
          </select>
        </label>
      </ListFilters>
      <ListQueryErrors errors={loaderData.errors} />
      <ListTotal total={loaderData.total} more={loaderData.more} />
      {rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.terms.empty')} />
      ) : (
        <Bulk drafts={drafts.length > 0} error={answer?.bulkError} report={answer?.report}>
          <div className="console-table-wrap">
            <table className="console-table">
              <caption>{t('console.terms.listCaption')}</caption>
              <thead>
                <tr>
                  {drafts.length > 0 ? <SelectPage items={drafts} /> : null}
                  {sortHeader('version', 'console.terms.version')}
                  <th scope="col">{t('console.terms.type')}</th>
                  <th scope="col">{t('console.terms.state')}</th>
                  <th scope="col">{t('console.terms.titleColumn')}</th>
                  {sortHeader('effective', 'console.terms.effectiveAt')}
                  {sortHeader('updated', 'console.terms.lastSaved')}
                </tr>
              </thead>
              <tbody>
                {rows.map((v) => (
                  <tr key={v.id}>
                    {drafts.length === 0 ? null : v.state === 'draft' ? (
                      <RowCheck item={{ id: v.id, version: Date.parse(v.updatedAt) }} label={name(v)} />
                    ) : (
                      <td className="list-check" />
                    )}
                    <th scope="row">
                      <Link to={`/admin/terms/${v.id}`}>
                        {v.version
                          ? t('console.terms.versionN', { version: v.version })
                          : t('console.terms.draftN', { id: v.id })}
                      </Link>
                    </th>
                    <td>{t(TYPE_LABEL[v.slug])}</td>
                    <td>
                      <StatusBadges status={termsStatus(v.state)} />
                    </td>
                    <td>{lang === 'ko' ? v.title : v.title_en}</td>
                    <td>{v.effectiveAt ? <time dateTime={v.effectiveAt}>{when(v.effectiveAt)}</time> : '—'}</td>
                    <td>
                      <time dateTime={v.updatedAt}>{when(v.updatedAt)}</time>
                      {v.updatedBy ? ` · ${v.updatedBy}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Bulk>
      )}
      <Pagination page={query.page} totalRecords={loaderData.total} recordSize={LIST_LIMITS.pageSize} />
    </>
  )
}

/** The bulk form around the table when the page has drafts to delete; otherwise the table alone. */
function Bulk({
  drafts,
  error,
  report,
  children,
}: {
  drafts: boolean
  error: BulkAnswer['bulkError']
  report: BulkAnswer['report']
  children: ReactNode
}) {
  if (!drafts) return <>{children}</>
  return (
    <BulkForm actions={TERMS_BULK_ACTIONS} error={error ?? null} done={report}>
      {children}
    </BulkForm>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
