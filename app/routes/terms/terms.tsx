import { data, Link } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { SideMenu } from '#app/components/ui/side-menu.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { koreaDate } from '#app/utils/korea-date.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { localized } from '#shared/locales.ts'
import { termsTypeOf } from '#shared/terms-rules.ts'
import type { Route } from './+types/terms'
import { previewHeaders, staffPreview } from './terms.server.ts'
import './terms.css'
import { keptPage } from '#app/utils/kept-page.ts'

/** The same for every anonymous visitor of a language: kept (docs/decisions/037-page-store-in-fastify.md). */
export const handle = keptPage

/** `/terms/service` and `/terms/privacy`; anything else is not a page. */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: '404' }]
  const tags = routeMeta(matches, loaderData.title, {
    key: loaderData.id === 'service' ? 'terms.service.description' : 'terms.privacy.description',
  })
  return loaderData.preview ? [...tags, { name: 'robots', content: 'noindex, nofollow' }] : tags
}

/**
 * The version in force, or an earlier one (`?version=2`, once it has taken effect), with the list
 * of versions and their effective dates; a staff member may preview any version (`?preview=<id>`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const type = termsTypeOf(params.id)
  if (type === null) throw data(null, { status: 404 })
  const id = params.id as 'service' | 'privacy'
  const query = new URL(request.url).searchParams
  const page = await context.services.terms.page(type)
  const history = (page?.history ?? []).map((h) => ({ version: h.version, effectiveAt: h.effective_at.toISOString() }))

  const preview = await staffPreview(request, context, type, query.get('preview'))
  if (preview) {
    const scheduled =
      preview.published_at !== null && preview.effective_at !== null && preview.effective_at > new Date()
    return data(
      {
        id,
        title: localized(preview, 'title', context.lang),
        html: localized(preview, 'description', context.lang),
        version: preview.version,
        effectiveAt: preview.effective_at?.toISOString() ?? null,
        isCurrent: false,
        history,
        preview: {
          state:
            preview.published_at === null
              ? ('draft' as const)
              : scheduled
                ? ('scheduled' as const)
                : ('published' as const),
        },
      },
      { headers: previewHeaders() },
    )
  }

  const asked = query.get('version')
  if (asked !== null && !/^\d{1,9}$/.test(asked)) throw data(null, { status: 404 })
  const shown = asked === null ? page : await context.services.terms.page(type, Number(asked))
  if (!shown) throw data(null, { status: 404 })
  return {
    id,
    title: localized(shown.shown, 'title', context.lang),
    html: localized(shown.shown, 'description', context.lang),
    version: shown.shown.version,
    effectiveAt: shown.shown.effective_at?.toISOString() ?? null,
    isCurrent: shown.isCurrent,
    history,
    preview: null,
  }
}

/** A preview says private, no-store (no cache keeps it); the published pages say nothing and are cached. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

function PreviewNotice({
  state,
  effectiveAt,
  version,
}: {
  state: 'draft' | 'scheduled' | 'published'
  effectiveAt: string | null
  version: number | null
}) {
  const t = useT()
  const text =
    state === 'draft'
      ? t('terms.previewDraft')
      : state === 'scheduled'
        ? t('terms.previewScheduled', { date: koreaDate(effectiveAt!) })
        : t('terms.previewPublished', { version: version ?? '' })
  return (
    <p className="terms__notice terms__notice--preview" role="status">
      {text}
    </p>
  )
}

/** The effective date, and a choice of the versions that have taken effect (a GET form: works without script). */
function Versions({ id, version, effectiveAt, isCurrent, history, preview }: Route.ComponentProps['loaderData']) {
  const t = useT()
  return (
    <div className="terms__versions">
      {effectiveAt && !preview ? (
        <p className="terms__effective">
          {t('terms.effective', { date: koreaDate(effectiveAt) })}
          {isCurrent ? ` · ${t('terms.currentVersion')}` : null}
        </p>
      ) : null}
      {!isCurrent && !preview && effectiveAt ? (
        <p className="terms__notice" role="note">
          {t('terms.olderNotice', { date: koreaDate(effectiveAt) })}{' '}
          <Link to={`/terms/${id}`}>{t('terms.toCurrent')}</Link>
        </p>
      ) : null}
      {history.length > 1 ? (
        <form method="get" action={`/terms/${id}`} className="terms__version-form">
          <label htmlFor="terms-version">{t('terms.versionSelect')}</label>
          <select id="terms-version" name="version" defaultValue={preview ? undefined : (version ?? undefined)}>
            {history.map((h, i) => (
              <option key={h.version} value={h.version}>
                {t('terms.versionOption', { version: h.version, date: koreaDate(h.effectiveAt) })}
                {i === 0 ? ` · ${t('terms.currentVersion')}` : ''}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--outline">
            {t('terms.view')}
          </button>
        </form>
      ) : null}
    </div>
  )
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { id, title, html, preview } = loaderData
  const t = useT()
  const items = [
    { text: t('terms.service'), link: '/terms/service' },
    { text: t('terms.privacy'), link: '/terms/privacy' },
  ]
  return (
    <SubPage section="terms" title={t('terms.banner')} menu={<SideMenu title={t('terms.banner')} items={items} />}>
      <article className="terms" aria-labelledby="terms-title">
        {preview ? (
          <PreviewNotice state={preview.state} effectiveAt={loaderData.effectiveAt} version={loaderData.version} />
        ) : null}
        <h2 id="terms-title">{t(id === 'service' ? 'terms.service' : 'terms.privacy')}</h2>
        {title !== t(id === 'service' ? 'terms.service' : 'terms.privacy') ? (
          <p className="terms__subtitle">{title}</p>
        ) : null}
        <Versions {...loaderData} />
        {/* Sanitized when stored and again by the terms service on the way out. */}
        <div className="terms__body rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
