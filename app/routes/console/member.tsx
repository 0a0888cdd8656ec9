import { data, Form, Link, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { confirmField, MEMBER_ADMIN_LIMITS } from '#shared/member-admin-rules.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/member'
import { AccessLogTable, toAccessLogItems } from './access-log-table.tsx'
import { consoleMeta } from './console-meta.ts'
import { badRequest, consoleAnswer } from './save-answer.server.ts'
import { consoleHeaders, consoleRequest, requireStaff } from './console.server.ts'
import { StepUpField } from './step-up-field.tsx'
import { checkStepUp } from './step-up.server.ts'
import { useWhen } from './use-when.ts'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.member.title')
}

const notFound = () => data(null, { status: 404, headers: consoleHeaders() })

function memberId(value: string | undefined): number {
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== value) throw notFound()
  return id
}

/** Administrators and viewers read a member's details, consents and access log; only administrators act. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ['admin', 'viewer'])
  const id = memberId(params.id)
  const service = context.services.consoleMembers
  const member = await service.get(id)
  if (!member) throw notFound()
  const logPage = Math.max(
    1,
    Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get('log') ?? '1', 10) || 1),
  )
  const log = await service.memberAccessLog(id, logPage)
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    member: {
      ...member,
      createdAt: member.createdAt.toISOString(),
      lastLoginAt: iso(member.lastLoginAt),
      emailVerifiedAt: iso(member.emailVerifiedAt),
      withdrawnAt: iso(member.withdrawnAt),
      lockedUntil: iso(member.lockedUntil),
      consents: member.consents.map((c) => ({
        ...c,
        termsVersion: c.termsVersion && { ...c.termsVersion, effectiveAt: iso(c.termsVersion.effectiveAt) },
        grantedAt: c.grantedAt.toISOString(),
        withdrawnAt: iso(c.withdrawnAt),
      })),
    },
    // The terms' versions are the editors' pages: administrators get a link to the version, viewers its number.
    canOpenTerms: roleAtLeast(staff.user.role, 'editor'),
    canAct: staff.user.role === 'admin' && member.state !== 'withdrawn',
    stepUpFresh: staff.stepUpFresh,
    log: { items: toAccessLogItems(log.rows), total: log.total, page: logPage },
  }
}

export const headers = consoleHeaders

type Intent = 'resend' | 'unlock' | 'grant' | 'revoke' | 'withdraw'
type MemberResult = FormResult & { intent?: Intent; done?: MessageKey }

const answer = consoleAnswer<MemberResult>

const REFUSALS: Record<string, [MessageKey, number]> = {
  'not-found': ['console.member.errorNotFound', 404],
  verified: ['console.member.errorVerified', 409],
  'not-locked': ['console.member.errorNotLocked', 409],
  forbidden: ['console.member.errorForbidden', 403],
  'step-up': ['console.stepUp.required', 403],
}
const refusal = (intent: Intent, reason: string) => {
  const [key, status] = REFUSALS[reason] ?? ['api.badRequest', 400]
  return answer(
    { intent, errors: reason === 'step-up' ? { code: key } : {}, message: reason === 'step-up' ? undefined : { key } },
    status,
  )
}

/**
 * Resend the verification mail, unlock the login, grant or revoke the restricted area (with a
 * fresh second factor, checked here before the change), withdraw (with a confirmation). Each is
 * the service's, audited in its transaction.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'admin')
  const id = memberId(params.id)
  const values = await formValues(request)
  const service = context.services.consoleMembers
  const req = consoleRequest(context)
  const intent = values.intent as Intent
  switch (intent) {
    case 'resend': {
      const result = await service.resendVerification(staff, id, req)
      return result.ok
        ? answer({ intent, errors: {}, done: 'console.member.doneResend' })
        : refusal(intent, result.reason)
    }
    case 'unlock': {
      const result = await service.unlock(staff, id, req)
      return result.ok
        ? answer({ intent, errors: {}, done: 'console.member.doneUnlock' })
        : refusal(intent, result.reason)
    }
    case 'grant':
    case 'revoke': {
      const refused = await checkStepUp(staff, values.code, context)
      if (refused)
        return answer(
          { intent, errors: refused.errors, ...(refused.message ? { message: refused.message } : {}) },
          refused.status,
        )
      const result = await service.setAccess(staff, id, intent === 'grant', req)
      if (!result.ok) return refusal(intent, result.reason)
      return answer({
        intent,
        errors: {},
        done: intent === 'grant' ? 'console.member.doneGrant' : 'console.member.doneRevoke',
      })
    }
    case 'withdraw': {
      if (!confirmField.safeParse(values.confirm).success)
        return answer({ intent, errors: { confirm: 'console.member.errorConfirm' } }, 400)
      const result = await service.withdraw(staff, id, req)
      return result.ok
        ? answer({ intent, errors: {}, done: 'console.member.doneWithdraw' })
        : refusal(intent, result.reason)
    }
    default:
      return badRequest<MemberResult>()
  }
}

type Member = Route.ComponentProps['loaderData']['member']

function Facts({ member }: { member: Member }) {
  const t = useT()
  const when = useWhen()
  const dash = '—'
  return (
    <dl className="console-facts" data-testid="member-facts">
      <dt>{t('console.members.company')}</dt>
      <dd>{member.company || dash}</dd>
      <dt>{t('console.members.division')}</dt>
      <dd>{member.division || dash}</dd>
      <dt>{t('console.members.name')}</dt>
      <dd>{member.name || dash}</dd>
      <dt>{t('console.member.nickname')}</dt>
      <dd>{member.nickname || dash}</dd>
      <dt>{t('console.members.email')}</dt>
      <dd className="console-members__email">{member.username}</dd>
      <dt>{t('console.members.state')}</dt>
      <dd data-testid="member-state">
        <span className={`console-badge console-badge--${member.state}`}>
          {t(`console.members.state.${member.state}`)}
        </span>
        {member.lockedUntil ? ` ${t('console.member.lockedUntil', { when: when(member.lockedUntil) })}` : null}
      </dd>
      <dt>{t('console.members.access')}</dt>
      <dd data-testid="member-access">{t(member.access ? 'console.members.accessYes' : 'console.members.accessNo')}</dd>
      <dt>{t('console.member.verified')}</dt>
      <dd>{member.emailVerifiedAt ? when(member.emailVerifiedAt) : t('console.member.notVerified')}</dd>
      <dt>{t('console.members.joined')}</dt>
      <dd>{when(member.createdAt)}</dd>
      <dt>{t('console.members.lastLogin')}</dt>
      <dd>{member.lastLoginAt ? when(member.lastLoginAt) : t('console.staff.never')}</dd>
      <dt>{t('console.member.failedLogins')}</dt>
      <dd>{member.failedLogins}</dd>
      <dt>{t('console.member.mailLang')}</dt>
      <dd>{member.lang === 'en' ? 'English' : '한국어'}</dd>
      {member.withdrawnAt ? (
        <>
          <dt>{t('console.member.withdrawnAt')}</dt>
          <dd>{when(member.withdrawnAt)}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** The consents: the terms version each was given to (and its effective date), when it was given and withdrawn. */
function Consents({ consents, canOpenTerms }: { consents: Member['consents']; canOpenTerms: boolean }) {
  const t = useT()
  const when = useWhen()
  if (consents.length === 0) return <EmptyState message={t('console.member.noConsents')} />
  return (
    <div className="console-table-wrap">
      <table className="console-table" data-testid="member-consents">
        <caption>{t('console.member.consents')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.member.consentKind')}</th>
            <th scope="col">{t('console.member.termsVersion')}</th>
            <th scope="col">{t('console.member.granted')}</th>
            <th scope="col">{t('console.member.withdrawn')}</th>
          </tr>
        </thead>
        <tbody>
          {consents.map((c) => (
            <tr key={`${c.kind}-${c.grantedAt}`}>
              <th scope="row">
                {c.kind === 'service' || c.kind === 'privacy' ? t(`console.member.consent.${c.kind}`) : c.kind}
              </th>
              <td>
                <ConsentVersion version={c.termsVersion} canOpen={canOpenTerms} />
              </td>
              <td>
                <time dateTime={c.grantedAt}>{when(c.grantedAt)}</time>
              </td>
              <td>{c.withdrawnAt ? <time dateTime={c.withdrawnAt}>{when(c.withdrawnAt)}</time> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** "Version 2" (a link to it for those who may open the terms) and, below, the day it took effect. */
function ConsentVersion({
  version,
  canOpen,
}: {
  version: Member['consents'][number]['termsVersion']
  canOpen: boolean
}) {
  const t = useT()
  const when = useWhen()
  if (!version) return <>{t('console.member.noTermsVersion')}</>
  const label = t('console.terms.versionN', { version: version.number })
  return (
    <>
      {canOpen && version.id !== null ? <Link to={`/admin/terms/${version.id}`}>{label}</Link> : label}
      {version.effectiveAt ? (
        <>
          <br />
          <span className="console-muted">{t('console.terms.effectiveOn', { date: when(version.effectiveAt) })}</span>
        </>
      ) : null}
    </>
  )
}

/** The administrator's actions, each its own small form (they work without JavaScript). */
function Actions({ member, fresh, result }: { member: Member; fresh: boolean; result: MemberResult | undefined }) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const errorOf = (intent: Intent, field: string) => {
    const key = result?.intent === intent ? result.errors[field] : undefined
    return key ? t(key) : undefined
  }
  const accessIntent: Intent = member.access ? 'revoke' : 'grant'
  return (
    <section className="console-actions" aria-labelledby="member-actions">
      <h2 id="member-actions">{t('console.member.actions')}</h2>
      <div className="console-card">
        <h3>{t('console.member.accessTitle')}</h3>
        <p className="console-muted">{t(member.access ? 'console.member.revokeHelp' : 'console.member.grantHelp')}</p>
        <Form method="post" className="console-form console-form--stack">
          <input type="hidden" name="intent" value={accessIntent} />
          <StepUpField fresh={fresh} error={errorOf(accessIntent, 'code')} />
          <SubmitButton busy={busy}>{t(member.access ? 'console.member.revoke' : 'console.member.grant')}</SubmitButton>
        </Form>
      </div>
      {member.state === 'unverified' ? (
        <div className="console-card">
          <h3>{t('console.member.resendTitle')}</h3>
          <p className="console-muted">{t('console.member.resendHelp')}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <SubmitButton busy={busy}>{t('console.member.resend')}</SubmitButton>
          </Form>
        </div>
      ) : null}
      {member.lockedUntil ? (
        <div className="console-card">
          <h3>{t('console.member.unlockTitle')}</h3>
          <p className="console-muted">{t('console.member.unlockHelp')}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="unlock" />
            <SubmitButton busy={busy}>{t('console.member.unlock')}</SubmitButton>
          </Form>
        </div>
      ) : null}
      <div className="console-card console-card--danger">
        <h3>{t('console.member.withdrawTitle')}</h3>
        <p className="console-muted">{t('console.member.withdrawHelp')}</p>
        <Form method="post" className="console-form">
          <input type="hidden" name="intent" value="withdraw" />
          <label className="console-check">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              aria-invalid={errorOf('withdraw', 'confirm') ? true : undefined}
              aria-describedby={errorOf('withdraw', 'confirm') ? 'withdraw-error' : undefined}
            />
            {t('console.member.withdrawConfirm', { name: member.name, email: member.username })}
          </label>
          {errorOf('withdraw', 'confirm') ? (
            <p id="withdraw-error" className="field__error">
              {errorOf('withdraw', 'confirm')}
            </p>
          ) : null}
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('console.member.withdraw')}
          </button>
        </Form>
      </div>
    </section>
  )
}

export default function MemberPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { member, log } = loaderData
  return (
    <>
      <p>
        <Link to="/admin/members">{t('console.member.back')}</Link>
      </p>
      <h1>{member.state === 'withdrawn' ? t('console.members.withdrawnName', { id: member.id }) : member.name}</h1>
      {actionData?.done ? (
        <p className="console-notice" role="status">
          {t(actionData.done)}
        </p>
      ) : null}
      <FormAlert message={actionData?.message} />
      <section className="console-card" aria-labelledby="member-details">
        <h2 id="member-details">{t('console.member.details')}</h2>
        <Facts member={member} />
      </section>
      {loaderData.canAct ? <Actions member={member} fresh={loaderData.stepUpFresh} result={actionData} /> : null}
      <h2>{t('console.member.consents')}</h2>
      <Consents consents={member.consents} canOpenTerms={loaderData.canOpenTerms} />
      <h2 id="member-access-log">{t('console.member.accessLog')}</h2>
      <p className="console-muted">{t('console.member.accessLogHelp')}</p>
      {log.items.length === 0 ? (
        <EmptyState message={t('console.accessLog.empty')} />
      ) : (
        <AccessLogTable
          items={log.items}
          caption={t('console.accessLog.total', { count: log.total })}
          showMember={false}
        />
      )}
      <Pagination page={log.page} totalRecords={log.total} recordSize={MEMBER_ADMIN_LIMITS.logPageSize} param="log" />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
