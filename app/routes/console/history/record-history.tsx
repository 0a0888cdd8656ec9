import { data, Link, redirect, useNavigation } from 'react-router'
import { VersionHistory } from '#app/components/console/record-history.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/record-history'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { historyPage, restoreRecord, typeOr404, VIEW_ROLE } from './record-history.server.ts'
import '../content/content.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.history.link')
}

export const headers = consoleHeaders

/**
 * The saved versions of a product, document, investor notice, terms version or page's texts
 * (docs/decisions/042-record-history.md, "Other record kinds"): who, when, what changed, two versions
 * compared with the changed words marked, "restore this version" through the record's editor. Seen
 * by whoever may read the record in its editor; restored by editors and administrators.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const type = typeOr404(params.type)
  if (!roleAtLeast(staff.user.role, VIEW_ROLE[type])) throw data(null, { status: 403, headers: consoleHeaders() })
  const search = new URL(request.url).searchParams
  return { ...(await historyPage(context, staff, type, params.id, search)), restored: search.has('restored') }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const type = typeOr404(params.type)
  const form = await formValues(request)
  const refused = await restoreRecord(context, staff, type, params.id, form)
  if (refused) return refused
  const archive = form.archive === 'reference' || form.archive === 'service' ? `&archive=${form.archive}` : ''
  throw redirect(`/admin/history/${type}/${params.id}?restored=1${archive}`, { headers: consoleHeaders() })
}

export default function RecordHistory({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const { record, choose } = loaderData
  if (!record)
    return (
      <>
        <h1>{t('console.history.link')}</h1>
        <p>{t('console.history.chooseDocument')}</p>
        <ul>
          {(choose ?? []).map((c) => (
            <li key={c.archive}>
              <Link to={`/admin/history/document/${loaderData.id}?archive=${c.archive}`}>{c.label}</Link>
            </li>
          ))}
        </ul>
      </>
    )
  const labels = new Map(
    record.fields.map((f) => {
      const label = f.label ? t(f.label) : (f.text ?? f.column)
      const side = f.side ? ` (${t(f.side === 'ko' ? 'console.content.korean' : 'console.content.english')})` : ''
      return [f.column, `${label}${side}`]
    }),
  )
  return (
    <>
      <p className="content-crumb">
        <Link to={record.editUrl}>{record.name}</Link>
      </p>
      <h1>{t('console.history.title', { kind: record.name })}</h1>
      {loaderData.restored && !actionData ? (
        <p className="console-notice" role="status">
          {t('console.history.restored')}
        </p>
      ) : null}
      <FormAlert message={actionData?.message} />
      <p className="console-muted">{t(record.note)}</p>
      <VersionHistory
        versions={record.versions}
        compare={record.compare}
        labels={labels}
        canRestore={record.canRestore}
        restoreFields={record.restoreFields}
        busy={busy}
      />
      <p>
        <Link to={record.editUrl}>{t('console.history.back')}</Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
