import { Form, Link, redirect, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/catalogue-redirects'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { actorOf } from '../content/content.server.ts'
import { useWhen } from '../use-when.ts'
import { positiveInt } from './catalogue.server.ts'
import { badRequest, CATALOGUE, refusal } from '../save-answer.server.ts'
import './catalogue.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.catalogue.redirects.title')
}

export const headers = consoleHeaders

/** The old product addresses that answer 301, and where to (docs/decisions/020-product-slugs-and-redirects.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const rows = await context.services.catalogueEditor.redirects()
  return {
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    deleted: new URL(request.url).searchParams.get('done') === 'redirect',
    rows: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
  }
}

/** Deletes one redirect (audited): editors and administrators. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const form = await formValues(request)
  const id = positiveInt(form.id)
  if (form.intent !== 'delete' || id === null) return badRequest()
  if (!(await context.services.catalogueEditor.removeRedirect(actorOf(staff, context), id))) {
    return refusal({ ok: false, reason: 'not-found' }, context.lang, {}, CATALOGUE)
  }
  throw redirect('/admin/catalogue/redirects?done=redirect', { headers: consoleHeaders() })
}

export default function CatalogueRedirects({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const busy = useNavigation().state !== 'idle'
  const { rows, canEdit, deleted } = loaderData
  return (
    <>
      <p className="content-crumb">
        <Link to="/admin/catalogue">{t('console.catalogue.title')}</Link>
      </p>
      <h1>{t('console.catalogue.redirects.title')}</h1>
      <p className="console-muted">{t('console.catalogue.redirects.lead')}</p>
      {deleted && !actionData ? (
        <p className="console-notice" role="status">
          {t('console.catalogue.done.redirect')}
        </p>
      ) : null}
      <FormAlert message={actionData?.message} />
      {rows.length === 0 ? (
        <p>{t('console.catalogue.redirects.empty')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('console.catalogue.redirects.from')}</th>
                <th scope="col">{t('console.catalogue.redirects.to')}</th>
                <th scope="col">{t('console.catalogue.redirects.created')}</th>
                {canEdit ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <code>{row.from}</code>
                  </td>
                  <td>
                    <a href={row.to} target="_blank" rel="noopener">
                      {row.to}
                    </a>
                  </td>
                  <td>{t('console.content.updatedBy', { time: when(row.createdAt), name: row.createdBy ?? '—' })}</td>
                  {canEdit ? (
                    <td>
                      <Form method="post" className="console-inline-form">
                        <input type="hidden" name="id" value={row.id} />
                        <button
                          className="button button--outline catalogue-small"
                          type="submit"
                          name="intent"
                          value="delete"
                          disabled={busy}
                          aria-label={t('console.catalogue.redirects.delete', { from: row.from })}
                        >
                          ✕
                        </button>
                      </Form>
                    </td>
                  ) : null}
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
