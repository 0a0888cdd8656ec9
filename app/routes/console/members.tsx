import { data, Form, Link } from 'react-router'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import {
  filterParams,
  MEMBER_ADMIN_LIMITS,
  MEMBER_SEARCH_FIELDS,
  MEMBER_STATES,
  memberFilterSchema,
  type MemberFilterFields,
} from '#shared/member-admin-rules.ts'
import type { Route } from './+types/members'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { StepUpField } from './step-up-field.tsx'
import { useWhen } from './use-when.ts'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.members.title')
}

/** Why an export came back to the list (members-export.ts redirects here with `export=…`). */
const EXPORT_ERRORS: Record<string, MessageKey> = {
  'step-up': 'console.stepUp.required',
  code: 'console.error.code',
  'code-format': 'console.error.codeFormat',
  limited: 'console.error.tooManyShort',
}

/**
 * The member list: administrators and viewers (auditors) read it; only administrators see the
 * export. A GET form, so every search and page is an address that works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ['admin', 'viewer'])
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = memberFilterSchema.safeParse(params)
  const filter = parsed.success ? parsed.data : { ...memberFilterSchema.parse({ ...params, q: undefined }), q: '' }
  const { page, ...fields } = filter
  const list = parsed.success ? await context.services.consoleMembers.list(fields, page) : { rows: [], total: 0 }
  // Own keys only: `?export=constructor` names no message.
  const exportError =
    params.export && Object.hasOwn(EXPORT_ERRORS, params.export) ? EXPORT_ERRORS[params.export] : undefined
  return data(
    {
      filter: { ...fields, q: parsed.success ? fields.q : (params.q ?? '') },
      errors: parsed.success ? {} : fieldErrors(parsed.error),
      page,
      total: list.total,
      rows: list.rows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
      })),
      canExport: staff.user.role === 'admin' && parsed.success,
      stepUpFresh: staff.stepUpFresh,
      exportError: exportError ?? null,
    },
    { status: parsed.success ? 200 : 400, headers: consoleHeaders() },
  )
}

export const headers = consoleHeaders

function FilterForm({ filter, error }: { filter: MemberFilterFields; error: string | undefined }) {
  const t = useT()
  return (
    <form method="get" className="console-filter" role="search" aria-label={t('console.members.searchLabel')}>
      <label>
        {t('console.members.query')}
        <input
          type="search"
          name="q"
          defaultValue={filter.q}
          maxLength={MEMBER_ADMIN_LIMITS.queryMax}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'members-q-error' : undefined}
        />
        {error ? (
          <span id="members-q-error" className="field__error">
            {error}
          </span>
        ) : null}
      </label>
      <label>
        {t('console.members.field')}
        <select name="field" defaultValue={filter.field}>
          {MEMBER_SEARCH_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`console.members.field.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('console.members.state')}
        <select name="state" defaultValue={filter.state}>
          <option value="">{t('console.members.stateCurrent')}</option>
          {MEMBER_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`console.members.state.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('console.members.access')}
        <select name="access" defaultValue={filter.access}>
          <option value="">{t('console.audit.all')}</option>
          <option value="Y">{t('console.members.accessYes')}</option>
          <option value="N">{t('console.members.accessNo')}</option>
        </select>
      </label>
      <button type="submit" className="button button--primary">
        {t('console.members.search')}
      </button>
    </form>
  )
}

/** The export: the list's filter as hidden fields and the step-up code; the answer is a download (a document request). */
function ExportForm({
  filter,
  total,
  fresh,
  error,
}: {
  filter: MemberFilterFields
  total: number
  fresh: boolean
  error: MessageKey | null
}) {
  const t = useT()
  return (
    <section className="console-card console-card--export" aria-labelledby="members-export">
      <h2 id="members-export">{t('console.members.export')}</h2>
      <p className="console-muted">
        {t('console.members.exportHelp', { count: Math.min(total, MEMBER_ADMIN_LIMITS.exportMax) })}
      </p>
      <Form method="post" action="/admin/members/export" reloadDocument className="console-form console-form--stack">
        {Object.entries(filterParams(filter)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <StepUpField fresh={fresh} error={error ? t(error) : undefined} />
        <button type="submit" className="button button--outline">
          {t('console.members.exportSubmit')}
        </button>
      </Form>
    </section>
  )
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const { filter } = loaderData
  const queryError = loaderData.errors.q ? t(loaderData.errors.q) : undefined
  return (
    <>
      <h1>{t('console.members.title')}</h1>
      <FilterForm filter={filter} error={queryError} />
      <p role="status" data-testid="members-total">
        {t('console.members.total', { count: loaderData.total })}
      </p>
      {loaderData.rows.length === 0 ? (
        <EmptyState variant="search" message={t('console.members.empty')} />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table console-members">
            <caption>{t('console.members.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.members.company')}</th>
                <th scope="col">{t('console.members.division')}</th>
                <th scope="col">{t('console.members.name')}</th>
                <th scope="col">{t('console.members.email')}</th>
                <th scope="col">{t('console.members.state')}</th>
                <th scope="col">{t('console.members.access')}</th>
                <th scope="col">{t('console.members.joined')}</th>
                <th scope="col">{t('console.members.lastLogin')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((m) => (
                <tr key={m.id}>
                  <td>{m.company}</td>
                  <td>{m.division}</td>
                  <th scope="row">
                    <Link to={`/admin/members/${m.id}`}>
                      {m.name || t('console.members.withdrawnName', { id: m.id })}
                    </Link>
                  </th>
                  <td className="console-members__email">{m.username}</td>
                  <td>
                    <span className={`console-badge console-badge--${m.state}`}>
                      {t(`console.members.state.${m.state}`)}
                    </span>
                  </td>
                  <td>{t(m.access ? 'console.members.accessYes' : 'console.members.accessNo')}</td>
                  <td>
                    <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
                  </td>
                  <td>
                    {m.lastLoginAt ? (
                      <>
                        <time dateTime={m.lastLoginAt}>{when(m.lastLoginAt)}</time>
                        <br />
                        <RelativeTime iso={m.lastLoginAt} className="console-muted" />
                      </>
                    ) : (
                      t('console.staff.never')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={loaderData.page} totalRecords={loaderData.total} recordSize={MEMBER_ADMIN_LIMITS.pageSize} />
      {loaderData.canExport ? (
        <ExportForm
          filter={filter}
          total={loaderData.total}
          fresh={loaderData.stepUpFresh}
          error={loaderData.exportError}
        />
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
