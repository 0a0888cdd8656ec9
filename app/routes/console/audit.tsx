import { data } from 'react-router'
import { ListFilters, ListQueryErrors, ListTotal, SortHeader } from '#app/components/console/list-kit.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { AUDIT_LIST_SPEC } from '#shared/audit-list.ts'
import { LIST_LIMITS } from '#shared/console-lists.ts'
import type { Route } from './+types/audit'
import { auditChanges, recordLink, type AuditChange } from './audit-entry.server.ts'
import { EDITOR_AUDIT_SCOPE, sentenceOf, typeLabel } from './audit-sentence.server.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { useWhen } from './use-when.ts'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { listQueryOf } from './list-bulk.server.ts'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.audit.title')
}

/** A calendar day in Korea (the company's time zone) as the instant it starts. */
const koreaDay = (value: string | undefined, plusDays = 0) => {
  if (!value) return undefined
  const date = new Date(`${value}T00:00:00+09:00`)
  if (Number.isNaN(date.getTime())) return undefined
  return new Date(date.getTime() + plusDays * 86_400_000)
}

/**
 * Administrators and viewers read the whole trail; editors the entries of the records they may
 * change (EDITOR_AUDIT_SCOPE: content, catalogue, documents, investor pages, terms, imports, not
 * members, staff or sign-ins). Nothing here changes it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const scope = staff.user.role === 'editor' ? EDITOR_AUDIT_SCOPE : null
  const { query, errors, status } = listQueryOf(AUDIT_LIST_SPEC, request)
  const { person, type, from, to } = query.filters
  const service = context.services.console
  const tr = (key: MessageKey) => translate(context.lang, key)
  /** A record type by its name (`search_synonyms`: 검색 동의어 / Search synonyms), else by its code. */
  const typeName = (recordType: string) => {
    const label = typeLabel(recordType)
    const name = label ? tr(label) : recordType
    return name.charAt(0).toUpperCase() + name.slice(1)
  }
  const [list, people, types] = await Promise.all([
    service.listAudit({
      userId: person ? Number(person) : undefined,
      recordType: type || undefined,
      scope,
      from: koreaDay(from),
      to: koreaDay(to, 1),
      words: query.q,
      sort: query.sort,
      dir: query.dir,
      page: query.page,
      pageSize: LIST_LIMITS.pageSize,
    }),
    service.auditPeople(),
    service.auditTypes(scope),
  ])
  return data(
    {
      query: { ...query, page: list.page },
      errors,
      total: list.total,
      more: list.more,
      people,
      types: types.map((type) => ({ type, label: typeName(type) })),
      rows: list.rows.map(({ entry, name, username }) => ({
        id: entry.id,
        at: new Date(entry.at).toISOString(),
        who: entry.user_id ? `${name ?? ''} (${username ?? entry.user_id})` : null,
        sentence: sentenceOf({ entry, name, username }, context.lang),
        action: entry.action,
        record: `${typeName(entry.record_type)}${entry.record_id ? ` #${entry.record_id}` : ''}`,
        link: recordLink(entry.record_type, entry.record_id),
        changes: auditChanges(entry.record_type, entry.before, entry.after),
        ip: entry.ip,
      })),
    },
    { status, headers: consoleHeaders() },
  )
}

export const headers = consoleHeaders

/** One changed field in words: its label and side (or its name), then before → after. */
function Change({ change }: { change: AuditChange }) {
  const t = useT()
  const name = change.label ? t(change.label) : change.field
  const side = change.side ? ` (${t(change.side === 'en' ? 'console.content.english' : 'console.content.korean')})` : ''
  const value = (text: string) => text || t('console.conflict.empty')
  return (
    <li>
      <strong>
        {name}
        {side}
      </strong>
      : <del>{value(change.before)}</del> → <ins>{value(change.after)}</ins>
    </li>
  )
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const { query } = loaderData
  return (
    <>
      <h1>{t('console.audit.title')}</h1>
      <p className="console-muted">{t('console.audit.readOnly')}</p>
      <ListFilters spec={AUDIT_LIST_SPEC} query={query} errors={loaderData.errors}>
        <label>
          {t('console.audit.person')}
          <select name="person" defaultValue={query.filters.person}>
            <option value="">{t('console.audit.all')}</option>
            {loaderData.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.username})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.audit.type')}
          <select name="type" defaultValue={query.filters.type}>
            <option value="">{t('console.audit.all')}</option>
            {loaderData.types.map(({ type, label }) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.audit.from')}
          <input type="date" name="from" defaultValue={query.filters.from} />
        </label>
        <label>
          {t('console.audit.to')}
          <input type="date" name="to" defaultValue={query.filters.to} />
        </label>
      </ListFilters>
      <ListQueryErrors errors={loaderData.errors} />
      <ListTotal total={loaderData.total} more={loaderData.more} />
      {loaderData.rows.length === 0 ? (
        <EmptyState message={t('console.audit.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('console.audit.caption')}</caption>
            <thead>
              <tr>
                <SortHeader spec={AUDIT_LIST_SPEC} query={query} sort="when">
                  {t('console.audit.when')}
                </SortHeader>
                <th scope="col">{t('console.audit.who')}</th>
                <SortHeader spec={AUDIT_LIST_SPEC} query={query} sort="action">
                  {t('console.audit.action')}
                </SortHeader>
                <SortHeader spec={AUDIT_LIST_SPEC} query={query} sort="type">
                  {t('console.audit.record')}
                </SortHeader>
                <th scope="col">{t('console.audit.changes')}</th>
                <th scope="col">{t('console.audit.address')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <time dateTime={row.at}>{when(row.at)}</time>
                    <br />
                    <RelativeTime iso={row.at} className="console-muted" />
                  </td>
                  <td>{row.who ?? t('console.audit.nobody')}</td>
                  <td>
                    <span className="audit-sentence">{row.sentence}</span>
                    <br />
                    <code className="console-muted">{row.action}</code>
                  </td>
                  <td>{row.link ? <a href={row.link}>{row.record}</a> : row.record}</td>
                  <td>
                    {row.changes.length > 0 ? (
                      <ul className="audit-changes">
                        {row.changes.map((change) => (
                          <Change key={change.field} change={change} />
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td>{row.ip ?? ''}</td>
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
