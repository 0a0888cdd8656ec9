import { koreaDateTime } from '#app/utils/korea-date.ts'
import { data, Form, useNavigation } from 'react-router'
import { ListFilters, ListQueryErrors, ListTotal, SortHeader } from '#app/components/console/list-kit.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { LIST_LIMITS } from '#shared/console-lists.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'
import { STAFF_LIST_SPEC, STAFF_STATES, type StaffSort, type StaffState } from '#shared/staff-list.ts'
import { inviteSchema, roleChangeSchema, STAFF_ROLES, totpCodeField, type StaffRole } from '#shared/staff-rules.ts'
import type { Route } from './+types/staff'
import { consoleMeta } from './console-meta.ts'
import { badRequest, consoleAnswer } from './save-answer.server.ts'
import { consoleHeaders, consoleRequest, requireStaff } from './console.server.ts'
import { listQueryOf } from './list-bulk.server.ts'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.staff.title')
}

/** Administrators only (403 for other staff, on the server); searched, filtered, sorted and paged in SQL (docs/decisions/054-console-lists.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'admin')
  const { query, errors, status } = listQueryOf(STAFF_LIST_SPEC, request)
  const list = await context.services.console.listStaff(query, LIST_LIMITS.pageSize)
  return data(
    {
      me: staff.user.id,
      query: { ...query, page: list.page },
      errors,
      total: list.total,
      more: list.more,
      staff: list.rows.map((s) => ({ ...s, lastSignInAt: s.lastSignInAt?.toISOString() ?? null })),
    },
    { status, headers: consoleHeaders() },
  )
}

export const headers = consoleHeaders

type StaffResult = FormResult & {
  /** The action asks for a fresh code; the form posts these values again with it. */
  stepUp?: Record<string, string>
  invitedLink?: string
  invitedEmail?: string
  done?: boolean
}

const answer = consoleAnswer<StaffResult>
const REASONS: Record<string, MessageKey> = {
  self: 'console.staff.errorSelf',
  'last-admin': 'console.staff.errorLastAdmin',
  'not-found': 'console.staff.errorNotFound',
  member: 'console.staff.errorMember',
}

/**
 * Invite, change a role, disable or enable. Inviting an administrator and changing a role need a
 * code given within five minutes (step-up): without one the answer asks for it, and the posted
 * code is checked here, on the server, before the change.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'admin')
  const values = await formValues(request)
  const service = context.services.console
  const req = consoleRequest(context)
  const { code, ...rest } = values
  const sensitive = values.intent === 'role' || (values.intent === 'invite' && values.role === 'admin')

  if (sensitive && !staff.stepUpFresh) {
    if (!code) return answer({ errors: {}, stepUp: rest }, 403)
    const parsed = totpCodeField.safeParse(code)
    if (!parsed.success) return answer({ errors: { code: 'console.error.codeFormat' }, stepUp: rest }, 400)
    const result = await service.stepUp(staff, parsed.data, req)
    if (!result.ok) {
      if (result.reason === 'limited')
        return answer(
          {
            errors: {},
            message: { key: 'console.error.tooMany', vars: { minutes: Math.ceil(result.retryAfterSec / 60) } },
            stepUp: rest,
          },
          429,
        )
      return answer({ errors: { code: 'console.error.code' }, stepUp: rest }, 403)
    }
  }

  if (values.intent === 'invite') {
    const parsed = inviteSchema.safeParse(values)
    if (!parsed.success) return answer({ errors: fieldErrors(parsed.error) }, 400)
    const result = await service.inviteStaff(parsed.data, {
      actorId: staff.user.id,
      ip: req.ip,
      lang: context.lang,
      sendMail: true,
    })
    if (!result.ok) return answer({ errors: { username: REASONS[result.reason]! } }, 409)
    return answer({ errors: {}, invitedLink: result.link, invitedEmail: parsed.data.username })
  }
  if (values.intent === 'role') {
    const parsed = roleChangeSchema.safeParse(values)
    if (!parsed.success) return answer({ errors: fieldErrors(parsed.error) }, 400)
    const result = await service.changeRole(staff, { userId: parsed.data.user_id, role: parsed.data.role }, req)
    if (!result.ok) {
      if (result.reason === 'step-up') return answer({ errors: {}, stepUp: rest }, 403)
      return answer(
        { errors: {}, message: { key: REASONS[result.reason] ?? 'api.badRequest' } },
        result.reason === 'forbidden' ? 403 : 409,
      )
    }
    return answer({ errors: {}, done: true })
  }
  if (values.intent === 'disable' || values.intent === 'enable') {
    const userId = Number(values.user_id)
    if (!Number.isInteger(userId) || userId <= 0) return badRequest<StaffResult>()
    const result = await service.setDisabled(staff, { userId, disabled: values.intent === 'disable' }, req)
    if (!result.ok)
      return answer(
        { errors: {}, message: { key: REASONS[result.reason] ?? 'api.badRequest' } },
        result.reason === 'forbidden' ? 403 : 409,
      )
    return answer({ errors: {}, done: true })
  }
  return badRequest<StaffResult>()
}

const STATE_LABELS: Record<StaffState, MessageKey> = {
  active: 'console.staff.stateActive',
  invited: 'console.staff.stateInvited',
  disabled: 'console.staff.stateDisabled',
}

function StepUpForm({ values, result }: { values: Record<string, string>; result: StaffResult }) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  return (
    <Form method="post" className="console-form">
      <fieldset className="console-stepup">
        <legend>{t('console.staff.stepUpTitle')}</legend>
        <p>{t('console.staff.stepUpHelp')}</p>
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextInput
          label={t('console.login.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          error={result.errors.code ? t(result.errors.code) : undefined}
        />
        <SubmitButton busy={busy}>{t('console.setup.confirm')}</SubmitButton>
      </fieldset>
    </Form>
  )
}

function InviteForm({ result }: { result: StaffResult | undefined }) {
  const t = useT()
  const { errorFor, onSubmit, onInput } = useFormErrors(inviteSchema, result?.stepUp ? undefined : result?.errors)
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="console-card" aria-labelledby="staff-invite">
      <h2 id="staff-invite">{t('console.staff.invite')}</h2>
      <p className="console-muted">{t('console.staff.inviteHelp')}</p>
      <Form method="post" noValidate onSubmit={onSubmit} onInput={onInput} className="console-form">
        <input type="hidden" name="intent" value="invite" />
        <TextInput
          label={t('console.staff.email')}
          name="username"
          type="email"
          autoComplete="off"
          maxLength={MEMBER_LIMITS.username}
          required
          error={errorFor('username')}
        />
        <TextInput
          label={t('console.staff.name')}
          name="name"
          autoComplete="off"
          maxLength={MEMBER_LIMITS.name}
          required
          error={errorFor('name')}
        />
        <label className="console-select-label">
          {t('console.staff.role')}
          <select name="role" defaultValue="editor" className="field__input">
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`console.role.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton busy={busy}>{t('console.staff.inviteSubmit')}</SubmitButton>
      </Form>
    </section>
  )
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const when = (iso: string | null) => (iso ? koreaDateTime(iso, lang) : t('console.staff.never'))
  const { query } = loaderData
  const sortHeader = (sort: StaffSort, label: MessageKey) => (
    <SortHeader spec={STAFF_LIST_SPEC} query={query} sort={sort}>
      {t(label)}
    </SortHeader>
  )
  return (
    <>
      <h1>{t('console.staff.title')}</h1>
      {actionData?.invitedLink ? (
        <p className="console-notice" role="status">
          {t('console.staff.invitedLink', { email: actionData.invitedEmail ?? '' })}{' '}
          <code className="console-link" data-testid="invited-link">
            {actionData.invitedLink}
          </code>
        </p>
      ) : null}
      {actionData?.done ? (
        <p className="console-notice" role="status">
          {t('console.staff.saved')}
        </p>
      ) : null}
      {actionData?.stepUp ? <StepUpForm values={actionData.stepUp} result={actionData} /> : null}
      {actionData?.message && !actionData.stepUp ? <FormAlert message={actionData.message} /> : null}
      <ListFilters spec={STAFF_LIST_SPEC} query={query} errors={loaderData.errors}>
        <label>
          {t('console.staff.role')}
          <select name="role" defaultValue={query.filters.role}>
            <option value="">{t('console.audit.all')}</option>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`console.role.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.staff.state')}
          <select name="state" defaultValue={query.filters.state}>
            <option value="">{t('console.audit.all')}</option>
            {STAFF_STATES.map((state) => (
              <option key={state} value={state}>
                {t(STATE_LABELS[state])}
              </option>
            ))}
          </select>
        </label>
      </ListFilters>
      <ListQueryErrors errors={loaderData.errors} />
      <ListTotal total={loaderData.total} more={loaderData.more} />
      <div className="console-table-wrap">
        <table className="console-table">
          <caption>{t('console.staff.caption')}</caption>
          <thead>
            <tr>
              {sortHeader('name', 'console.staff.name')}
              {sortHeader('email', 'console.staff.email')}
              <th scope="col">{t('console.staff.state')}</th>
              {sortHeader('lastSignIn', 'console.staff.lastSignIn')}
              {sortHeader('role', 'console.staff.role')}
              <th scope="col">{t('console.staff.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.staff.map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  {s.name} {s.id === loaderData.me ? `(${t('console.staff.you')})` : null}
                </th>
                <td>{s.username}</td>
                <td>{t(STATE_LABELS[s.disabled ? 'disabled' : s.enrolled ? 'active' : 'invited'])}</td>
                <td>{when(s.lastSignInAt)}</td>
                <td>
                  {s.id === loaderData.me ? (
                    t(`console.role.${s.role}`)
                  ) : (
                    <Form method="post" className="console-inline-form">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="user_id" value={s.id} />
                      <select
                        name="role"
                        defaultValue={s.role}
                        aria-label={t('console.staff.roleOf', { name: s.name })}
                      >
                        {STAFF_ROLES.map((role: StaffRole) => (
                          <option key={role} value={role}>
                            {t(`console.role.${role}`)}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className="button button--outline">
                        {t('console.staff.changeRole')}
                      </button>
                    </Form>
                  )}
                </td>
                <td>
                  {s.id === loaderData.me ? null : (
                    <Form method="post" className="console-inline-form">
                      <input type="hidden" name="intent" value={s.disabled ? 'enable' : 'disable'} />
                      <input type="hidden" name="user_id" value={s.id} />
                      <button
                        type="submit"
                        className="button button--outline"
                        aria-label={`${t(s.disabled ? 'console.staff.enable' : 'console.staff.disable')}: ${s.name}`}
                      >
                        {t(s.disabled ? 'console.staff.enable' : 'console.staff.disable')}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={query.page} totalRecords={loaderData.total} recordSize={LIST_LIMITS.pageSize} />
      <InviteForm result={actionData} />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
