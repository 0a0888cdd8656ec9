import { Link } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { CONTENT_KINDS, contentKind } from '#shared/content-kinds.ts'
import { TEXT_PAGES } from '#shared/page-texts.ts'
import type { Route } from './+types/content-home'
import { consoleMeta } from '../console-meta.ts'
import { useWhen } from '../use-when.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { recordLabel } from './record-label.ts'
import './content.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.content.title')
}

export const headers = consoleHeaders

/** Every editable kind, and what the public does not see yet (unpublished, pending changes, scheduled popups). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'viewer')
  const editor = context.services.contentEditor
  const [pending, counts] = await Promise.all([
    editor.pending(),
    Promise.all(CONTENT_KINDS.map(async (k) => [k.kind, (await editor.list(k.kind)).length] as const)),
  ])
  return {
    counts: Object.fromEntries(counts),
    pending: pending.map((p) => ({
      kind: p.kind,
      id: p.state.id,
      label: recordLabel(contentKind(p.kind)!, p.state, context.lang),
      why: p.why,
      startsAt: p.startsAt?.toISOString() ?? null,
    })),
  }
}

export default function ContentHome({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  return (
    <>
      <h1>{t('console.content.title')}</h1>
      <p className="console-muted">{t('console.content.lead')}</p>
      <h2 id="content-kinds">{t('console.content.kinds')}</h2>
      <ul className="content-kinds" aria-labelledby="content-kinds">
        {CONTENT_KINDS.map((k) => (
          <li key={k.kind}>
            <Link to={`/admin/content/${k.kind}`}>{t(k.title)}</Link>
            {'singleton' in k ? null : (
              <span className="console-muted">
                {' '}
                {t('console.content.count', { count: loaderData.counts[k.kind] ?? 0 })}
              </span>
            )}
          </li>
        ))}
        {Object.entries(TEXT_PAGES).map(([page, meta]) => (
          <li key={page}>
            <Link to={`/admin/texts/${page}`}>{t(meta.title)}</Link>
          </li>
        ))}
      </ul>
      <h2 id="content-pending">{t('console.content.pending.title')}</h2>
      {loaderData.pending.length === 0 ? (
        <p>{t('console.content.pending.none')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table" aria-labelledby="content-pending">
            <thead>
              <tr>
                <th scope="col">{t('console.content.kind')}</th>
                <th scope="col">{t('console.content.record')}</th>
                <th scope="col">{t('console.content.status')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.pending.map((p) => (
                <tr key={`${p.kind}-${p.id}`}>
                  <td>{t(contentKind(p.kind)!.title)}</td>
                  <td>
                    <Link to={`/admin/content/${p.kind}/${p.id}`}>{p.label}</Link>
                  </td>
                  <td>
                    {p.why === 'scheduled' && p.startsAt
                      ? t('console.content.why.scheduled', { date: when(p.startsAt) })
                      : t(`console.content.why.${p.why === 'draft' ? 'draft' : 'unpublished'}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
