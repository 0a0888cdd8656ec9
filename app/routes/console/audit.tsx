import { ErrorPage } from '#app/components/error-page.tsx'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { CONSOLE_LIMITS } from '#shared/staff-rules.ts'
import type { Route } from './+types/audit'
import { auditChanges, recordLink, type AuditChange } from './audit-entry.server.ts'
import { EDITOR_AUDIT_SCOPE, sentenceOf, typeLabel } from './audit-sentence.server.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { useWhen } from './use-when.ts'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.audit.title')
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A calendar day in Korea (the company's time zone) as the instant it starts. */
const koreaDay = (value: string | null, plusDays = 0) => {
  if (!value || !DAY.test(value)) return undefined
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
  const params = new URL(request.url).searchParams
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
  const person = Number.parseInt(params.get('person') ?? '', 10)
  const type = params.get('type') ?? ''
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
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
      userId: person > 0 ? person : undefined,
      recordType: type || undefined,
      scope,
      from: koreaDay(from),
      to: koreaDay(to, 1),
      page,
      pageSize: CONSOLE_LIMITS.auditPageSize,
    }),
    service.auditPeople(),
    service.auditTypes(scope),
  ])
  return {
    filter: {
      person: person > 0 ? String(person) : '',
      type,
      from: DAY.test(from) ? from : '',
      to: DAY.test(to) ? to : '',
    },
    page,
    total: list.total,
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
  }
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
  const { filter } = loaderData
  return (
    <>
      <h1>{t('console.audit.title')}</h1>
      <p className="console-muted">{t('console.audit.readOnly')}</p>
      <form method="get" className="console-filter">
        <label>
          {t('console.audit.person')}
          <select name="person" defaultValue={filter.person}>
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
          <select name="type" defaultValue={filter.type}>
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
          <input type="date" name="from" defaultValue={filter.from} />
        </label>
        <label>
          {t('console.audit.to')}
          <input type="date" name="to" defaultValue={filter.to} />
        </label>
        <button type="submit" className="button button--primary">
          {t('console.audit.filter')}
        </button>
      </form>
      <p role="status">{t('console.audit.total', { count: loaderData.total })}</p>
      {loaderData.rows.length === 0 ? (
        <EmptyState message={t('console.audit.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('console.audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.audit.when')}</th>
                <th scope="col">{t('console.audit.who')}</th>
                <th scope="col">{t('console.audit.action')}</th>
                <th scope="col">{t('console.audit.record')}</th>
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
      <Pagination page={loaderData.page} totalRecords={loaderData.total} recordSize={30} />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
