import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { TERMS_SLUG, termsTypeOf } from '#shared/terms-rules.ts'
import type { Route } from './+types/terms'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import { TermsStateBadge } from './terms-parts.tsx'
import './terms.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.terms.title')
}

/** Editors and administrators: each terms type with its versions (drafts, scheduled, in force, earlier). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'editor')
  const overview = await context.services.terms.overview()
  return {
    types: overview.map(({ type, versions }) => ({
      slug: TERMS_SLUG[type],
      versions: versions.map((v) => ({
        id: v.id,
        version: v.version,
        state: v.state,
        title: v.title,
        title_en: v.title_en,
        effectiveAt: v.effective_at?.toISOString() ?? null,
        updatedAt: v.updated_at.toISOString(),
        updatedBy: v.updated_by,
      })),
    })),
  }
}

export const headers = consoleHeaders

/** A new draft of a type (from the text in force), then its editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const values = await formValues(request)
  const type = values.intent === 'create' ? termsTypeOf(values.type ?? '') : null
  if (type === null)
    return data<FormResult>(
      { errors: {}, message: { key: 'api.badRequest' } },
      { status: 400, headers: consoleHeaders() },
    )
  const result = await context.services.terms.createDraft(
    { id: staff.user.id, role: staff.user.role, ip: context.clientIp },
    type,
  )
  if (!result.ok)
    return data<FormResult>(
      { errors: {}, message: { key: 'console.terms.errorForbidden' } },
      { status: 403, headers: consoleHeaders() },
    )
  return redirect(`/admin/terms/${result.id}`, { headers: consoleHeaders() })
}

export default function TermsList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const busy = useNavigation().state !== 'idle'
  return (
    <>
      <h1>{t('console.terms.title')}</h1>
      <p className="console-muted">{t('console.terms.intro')}</p>
      <FormAlert message={actionData?.message} />
      {loaderData.types.map(({ slug, versions }) => (
        <section key={slug} className="console-card" aria-labelledby={`terms-${slug}`}>
          <div className="terms-admin__head">
            <h2 id={`terms-${slug}`}>{t(slug === 'service' ? 'terms.service' : 'terms.privacy')}</h2>
            <Form method="post" className="console-inline-form">
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="type" value={slug} />
              <button type="submit" className="button button--primary" disabled={busy}>
                {t('console.terms.newDraft')}
              </button>
            </Form>
          </div>
          <div className="console-table-wrap">
            <table className="console-table">
              <caption className="visually-hidden">
                {t('console.terms.caption', { type: t(slug === 'service' ? 'terms.service' : 'terms.privacy') })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('console.terms.version')}</th>
                  <th scope="col">{t('console.terms.state')}</th>
                  <th scope="col">{t('console.terms.titleColumn')}</th>
                  <th scope="col">{t('console.terms.effectiveAt')}</th>
                  <th scope="col">{t('console.terms.lastSaved')}</th>
                </tr>
              </thead>
              <tbody>
                {versions.map((v) => (
                  <tr key={v.id}>
                    <th scope="row">
                      <Link to={`/admin/terms/${v.id}`}>
                        {v.version
                          ? t('console.terms.versionN', { version: v.version })
                          : t('console.terms.draftN', { id: v.id })}
                      </Link>
                    </th>
                    <td>
                      <TermsStateBadge state={v.state} />
                    </td>
                    <td>{lang === 'ko' ? v.title : v.title_en}</td>
                    <td>{v.effectiveAt ? koreaDateTime(v.effectiveAt, lang) : '—'}</td>
                    <td>
                      {koreaDateTime(v.updatedAt, lang)}
                      {v.updatedBy ? ` · ${v.updatedBy}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
