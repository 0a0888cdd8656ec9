import { Link, redirect } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { contentKind, type LangState, type ShowingWindow } from '#shared/content-kinds.ts'
import type { Lang } from '#shared/locales.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/content-list'
import { consoleMeta } from '../console-meta.ts'
import { useWhen } from '../use-when.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { kindOr404 } from './content.server.ts'
import { displayValue } from './display-value.ts'
import { languageBadge } from './language-badge.ts'
import { recordLabel } from './record-label.ts'
import './content.css'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData?.title ?? 'console.content.title')
}

export const headers = consoleHeaders

/** A kind's records in display order, with their state; a single record (site settings) opens directly. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const kind = kindOr404(params.kind)
  const records = await context.services.contentEditor.list(kind.kind)
  if (kind.singleton && records[0])
    throw redirect(`/admin/content/${kind.kind}/${records[0].id}`, { headers: consoleHeaders() })
  return {
    kind: kind.kind,
    title: kind.title,
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    records: records.map((r) => ({
      id: r.id,
      label: recordLabel(kind, r, context.lang),
      columns: kind.listFields.slice(1).map((f) => displayValue(kind, f, r.values, context.lang)),
      languages: r.languages,
      window: r.window,
      updatedAt: r.updatedAt.toISOString(),
      updatedBy: r.updatedBy,
    })),
  }
}

export default function ContentList({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const kind = contentKind(loaderData.kind)!
  const when = useWhen()
  const fieldLabel = (name: string) => t(kind.fields.find((f) => f.name === name)!.label)
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
      {loaderData.records.length === 0 ? (
        <p>{t('console.content.empty')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('console.content.count', { count: loaderData.records.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{fieldLabel(kind.listFields[0]!)}</th>
                {kind.listFields.slice(1).map((f) => (
                  <th scope="col" key={f}>
                    {fieldLabel(f)}
                  </th>
                ))}
                <th scope="col">{t('console.content.status')}</th>
                <th scope="col">{t('console.content.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.records.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link to={`/admin/content/${loaderData.kind}/${r.id}`}>{r.label}</Link>
                  </th>
                  {r.columns.map((value, i) => (
                    <td key={kind.listFields[i + 1]}>{value}</td>
                  ))}
                  <td>
                    <LanguageStatus languages={r.languages} window={r.window} />
                  </td>
                  <td>{t('console.content.updatedBy', { time: when(r.updatedAt), name: r.updatedBy ?? '—' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

/**
 * Where each language of a record stands: not public, public, or public with changes not yet
 * published; for popups also whether their dates show them now (`window`, the published values').
 */
export function LanguageStatus({
  languages,
  window = null,
}: {
  languages: Record<Lang, LangState>
  window?: ShowingWindow | null
}) {
  const t = useT()
  return (
    <span className="content-status">
      {(['ko', 'en'] as const).map((lang) => {
        const badge = languageBadge(languages[lang], window)
        return (
          <span key={lang} className={`content-badge content-badge--${badge.className}`}>
            {`${t(lang === 'ko' ? 'console.content.korean' : 'console.content.english')}: ${badge.labels.map((l) => t(l)).join(' · ')}`}
          </span>
        )
      })}
    </span>
  )
}

export function StatusBadge({ published, hasDraft }: { published: boolean; hasDraft: boolean }) {
  const t = useT()
  return (
    <span className="content-status">
      <span className={`content-badge content-badge--${published ? 'on' : 'off'}`}>
        {t(published ? 'console.content.status.published' : 'console.content.status.unpublished')}
      </span>
      {hasDraft ? (
        <span className="content-badge content-badge--draft">{t('console.content.status.draft')}</span>
      ) : null}
    </span>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
