import { Link } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { useWhen } from './use-when.ts'

/** One restricted-area access-log entry as the loaders hand it over (dates as ISO text). */
export type AccessLogItem = {
  id: number
  at: string
  system: string
  action: string
  workNo: string | null
  query: { name?: string; ord?: string; page: number } | null
  ip: string
  member: { id: number; name: string; company: string; username: string; withdrawn: boolean } | null
}

/** What the member looked at: the order opened, or the words of the search. */
function What({ item }: { item: AccessLogItem }) {
  const t = useT()
  if (item.action === 'detail')
    return <>{t('console.accessLog.opened', { system: item.system, workNo: item.workNo ?? '' })}</>
  if (item.action === 'package')
    return <>{t('console.accessLog.downloaded', { system: item.system, workNo: item.workNo ?? '' })}</>
  const words = [item.query?.ord ? `ORD ${item.query.ord}` : null, item.query?.name ? `“${item.query.name}”` : null]
    .filter(Boolean)
    .join(', ')
  return <>{t('console.accessLog.searched', { system: item.system, words, page: item.query?.page ?? 1 })}</>
}

/** The restricted-area access log (a member's, or an order's with the member column). */
export function AccessLogTable({
  items,
  caption,
  showMember,
}: {
  items: AccessLogItem[]
  caption: string
  showMember: boolean
}) {
  const t = useT()
  const when = useWhen()
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.audit.when')}</th>
            {showMember ? <th scope="col">{t('console.accessLog.member')}</th> : null}
            <th scope="col">{t('console.accessLog.what')}</th>
            <th scope="col">{t('console.audit.address')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <time dateTime={item.at}>{when(item.at)}</time>
              </td>
              {showMember ? (
                <td>
                  {item.member ? (
                    <Link to={`/admin/members/${item.member.id}`}>
                      {item.member.withdrawn
                        ? t('console.members.withdrawnName', { id: item.member.id })
                        : `${item.member.name} (${item.member.company}, ${item.member.username})`}
                    </Link>
                  ) : (
                    t('console.accessLog.unknownMember')
                  )}
                </td>
              ) : null}
              <td>
                <What item={item} />
              </td>
              <td>{item.ip}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Dates of the service's rows as ISO text, for the loader's answer. */
export const toAccessLogItems = (rows: (Omit<AccessLogItem, 'at'> & { at: Date })[]): AccessLogItem[] =>
  rows.map((r) => ({ ...r, at: r.at.toISOString() }))
