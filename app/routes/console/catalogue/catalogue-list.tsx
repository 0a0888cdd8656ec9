import type { ReactNode } from 'react'
import { Link } from 'react-router'
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
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import {
  CATALOGUE_BULK_ACTIONS,
  CATALOGUE_LEVELS,
  CATALOGUE_LIST_SPEC,
  type CatalogueSort,
} from '#shared/catalogue-list.ts'
import { LIST_LIMITS, listParams, type ListQuery } from '#shared/console-lists.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { catalogueNodeStatus } from '#shared/record-status.ts'
import type { BulkAnswer } from '../list-bulk.server.ts'
import { useWhen } from '../use-when.ts'

/** A row of the list view as the loader sends it (docs/decisions/068-catalogue-list.md). */
export type CatalogueListItem = {
  id: number
  depth: number
  title: string
  title_en: string
  slug: string
  published: boolean
  parentsShown: boolean
  version: number
  updated_at: string
  updated_by: string | null
  /** The names above it, family first, each in both languages. */
  ancestors: { title: string; title_en: string }[]
  address: string | null
}

const LEVEL_LABEL: Record<number, MessageKey> = {
  1: 'console.catalogue.level.1',
  2: 'console.catalogue.level.2',
  3: 'console.catalogue.level.3',
}

const SPEC = CATALOGUE_LIST_SPEC

/** The list's address with nothing chosen but the view (Clear, Cancel of a confirmation keep the list). */
export const LIST_HOME = '?view=list'

/**
 * The catalogue's list view on the console lists' toolkit: search (both names, slug), status and
 * level filters, sortable columns, a badge per node from the one status function, pages read in
 * SQL, and (editors) bulk show/hide with the one confirmation.
 */
export function CatalogueList({
  query,
  errors,
  rows,
  total,
  more,
  canEdit,
  answer,
}: {
  query: ListQuery<CatalogueSort>
  errors: FieldErrors
  rows: CatalogueListItem[]
  total: number
  more: boolean
  canEdit: boolean
  answer: BulkAnswer | undefined
}) {
  const t = useT()
  const lang = useLang()
  const when = useWhen()
  const name = (n: { title: string; title_en: string }) => (lang === 'en' ? n.title_en || n.title : n.title)
  const pathOf = (r: CatalogueListItem) => [...r.ancestors, r].map(name).join(' › ')
  const table = (
    <div className="console-table-wrap">
      <table className="console-table catalogue-list">
        <caption>{t('console.catalogue.list.caption')}</caption>
        <thead>
          <tr>
            {canEdit ? <SelectPage items={rows} /> : null}
            <SortHeader spec={SPEC} query={query} sort="name">
              {t('console.catalogue.name')}
            </SortHeader>
            <SortHeader spec={SPEC} query={query} sort="level">
              {t('console.catalogue.list.level')}
            </SortHeader>
            <th scope="col">{t('console.list.status')}</th>
            <th scope="col">{t('console.catalogue.address')}</th>
            <SortHeader spec={SPEC} query={query} sort="updated">
              {t('console.content.updated')}
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const path = pathOf(r)
            const live = r.published && r.parentsShown
            return (
              <tr key={r.id}>
                {canEdit ? <RowCheck item={r} label={path} /> : null}
                <th scope="row">
                  {r.depth > 1 ? (
                    <Link to={`/admin/catalogue/${r.id}`} aria-label={t('console.catalogue.editOf', { name: path })}>
                      {path}
                    </Link>
                  ) : (
                    <Link
                      to={`/admin/catalogue#node-${r.id}`}
                      aria-label={t('console.catalogue.list.editInTreeOf', { name: path })}
                    >
                      {path}
                    </Link>
                  )}
                  <br />
                  <span className="console-muted" lang={lang === 'en' ? 'ko' : 'en'}>
                    {lang === 'en' ? r.title : r.title_en}
                  </span>
                </th>
                <td>{t(LEVEL_LABEL[r.depth]!)}</td>
                <td>
                  <StatusBadges
                    status={catalogueNodeStatus({ published: r.published, parentsShown: r.parentsShown })}
                  />
                </td>
                <td className="catalogue-list__address">
                  {r.address === null ? (
                    <span className="console-muted">{t('console.catalogue.list.noPage')}</span>
                  ) : live ? (
                    <a href={r.address} target="_blank" rel="noopener">
                      {r.address}
                    </a>
                  ) : (
                    <code>{r.address}</code>
                  )}
                </td>
                <td>
                  <time dateTime={r.updated_at}>{when(r.updated_at)}</time>
                  {r.updated_by ? (
                    <>
                      <br />
                      <span className="console-muted">{r.updated_by}</span>
                    </>
                  ) : null}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
  return (
    <>
      <p className="console-muted">{t('console.catalogue.list.lead')}</p>
      {answer?.report ? <BulkResult report={answer.report} /> : null}
      {answer?.confirmation ? (
        <BulkConfirm confirmation={answer.confirmation} cancelTo={`?${listParams(SPEC, query).toString()}`} />
      ) : null}
      <ListFilters
        spec={SPEC}
        query={query}
        errors={errors}
        label={t('console.catalogue.list.searchLabel')}
        queryLabel="console.catalogue.list.query"
        clearTo={LIST_HOME}
      >
        <input type="hidden" name="view" value="list" />
        <label>
          {t('console.catalogue.list.level')}
          <select name="level" defaultValue={query.filters.level ?? ''}>
            <option value="">{t('console.catalogue.list.anyLevel')}</option>
            {Object.entries(CATALOGUE_LEVELS).map(([level, depth]) => (
              <option key={level} value={level}>
                {t(LEVEL_LABEL[depth]!)}
              </option>
            ))}
          </select>
        </label>
      </ListFilters>
      <ListQueryErrors errors={errors} />
      <ListTotal total={total} more={more} />
      {rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.catalogue.list.empty')} />
      ) : (
        <Bulk canEdit={canEdit} answer={answer}>
          {table}
        </Bulk>
      )}
      <Pagination page={query.page} totalRecords={total} recordSize={LIST_LIMITS.pageSize} />
    </>
  )
}

function Bulk({
  canEdit,
  answer,
  children,
}: {
  canEdit: boolean
  answer: BulkAnswer | undefined
  children: ReactNode
}) {
  if (!canEdit) return <>{children}</>
  return (
    <BulkForm actions={CATALOGUE_BULK_ACTIONS} error={answer?.bulkError ?? null} done={answer?.report}>
      {children}
    </BulkForm>
  )
}
