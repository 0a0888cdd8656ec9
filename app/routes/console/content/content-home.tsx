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

/**
 * Every editable kind, what the public does not see yet (unpublished, pending changes, scheduled
 * popups), and the records whose translation is missing or behind (docs/decisions/043-per-language-publishing.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'viewer')
  const editor = context.services.contentEditor
  const [pending, translations, counts] = await Promise.all([
    editor.pending(),
    editor.translations(),
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
    translations: translations.map((g) => {
      const kind = contentKind(g.kind)!
      return {
        kind: g.kind,
        id: g.state.id,
        label: recordLabel(kind, g.state, context.lang),
        lang: g.lang,
        why: g.why,
        fields: g.fields.map((name) => kind.fields.find((f) => f.name === name)!.label),
        since: g.since?.toISOString() ?? null,
      }
    }),
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
      <h2 id="content-translations">{t('console.content.translations.title')}</h2>
      {loaderData.translations.length === 0 ? (
        <p>{t('console.content.translations.none')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table" aria-labelledby="content-translations">
            <thead>
              <tr>
                <th scope="col">{t('console.content.kind')}</th>
                <th scope="col">{t('console.content.record')}</th>
                <th scope="col">{t('console.content.translations.lang')}</th>
                <th scope="col">{t('console.content.translations.why')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.translations.map((g) => (
                <tr key={`${g.kind}-${g.id}-${g.lang}`}>
                  <td>{t(contentKind(g.kind)!.title)}</td>
                  <td>
                    <Link to={`/admin/content/${g.kind}/${g.id}`}>{g.label}</Link>
                  </td>
                  <td>{t(g.lang === 'ko' ? 'console.content.korean' : 'console.content.english')}</td>
                  <td>
                    {g.why === 'missing'
                      ? t('console.content.translations.missing', { fields: g.fields.map((f) => t(f)).join(', ') })
                      : t('console.content.translations.outdated', { date: g.since ? when(g.since) : '—' })}
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
