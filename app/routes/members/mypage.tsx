import { useEffect, useState } from 'react'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { koreaDate, koreaDateTime } from '#app/utils/korea-date.ts'
import {
  data,
  Form,
  Link,
  Navigate,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  useSubmit,
  type ShouldRevalidateFunction,
} from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { MembersOnlyModal } from '#app/components/members-only-modal.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { Modal } from '#app/components/ui/modal.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, getUser, sessionToken, clearedSessionCookiesFor } from '#app/utils/session.server.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'
import { passwordChangeFormSchema } from '#shared/member-rules.ts'
import { INQUIRY_PATH, SERVICE_REQUEST_PATH, serviceRequestStatusHref } from '#shared/service-request-paths.ts'
import { isRequestStatus, requestKindKey, requestStatusKey, type RequestKind } from '#shared/service-request-status.ts'
import { privateHeaders } from './member-page.server.ts'
import type { Route } from './+types/mypage'
import { NewPasswordFields } from '#app/components/form/new-password-fields.tsx'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...routeMeta(matches, { key: 'mypage.title' }, { key: 'mypage.info' }),
    { name: 'robots', content: 'noindex' },
  ]
}

/** Personal data: never stored by a cache. */
export const headers = privateHeaders

/**
 * The member's own information, or `member: null` for an anonymous visitor (the page then shows
 * the members-only gate; without navigation state it goes home, section 2).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context)
  if (!user) return { member: null }
  const requests = await context.services.serviceRequests.listForMember(user.id)
  return {
    /** The member's own A/S requests and inquiries (docs/decisions/069-inquiries.md), newest first. */
    requests: requests.map((r) => ({
      tracking: r.tracking!,
      kind: (r.kind === 'iq' ? 'iq' : 'as') as RequestKind,
      status: isRequestStatus(r.status) ? r.status : 'received',
      updatedAt: r.updatedAt.toISOString(),
      href: serviceRequestStatusHref(r.tracking!),
    })),
    member: {
      company: user.company,
      division: user.division,
      name: user.name,
      username: user.username,
      joinedAt: user.created_at.toISOString(),
    },
  }
}

type MypageResult = FormResult & { done?: 'password' | 'logout' | 'withdraw' }

/** Password change, logout and withdrawal. Each is guarded again; each ends with the session cookie cleared. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const { members } = context.services
  const clear = new Headers()
  for (const cookie of clearedSessionCookiesFor(context)) clear.append('Set-Cookie', cookie)

  if (values.intent === 'logout') {
    await members.logout(sessionToken(request))
    return data<MypageResult>({ done: 'logout', errors: {} }, { headers: clear })
  }
  const user = await getUser(request, context)
  if (!user) throw redirect('/')

  if (values.intent === 'withdraw') {
    await members.withdraw(user.id)
    return data<MypageResult>({ done: 'withdraw', errors: {} }, { headers: clear })
  }

  const parsed = passwordChangeFormSchema.safeParse(values)
  if (!parsed.success) return data<MypageResult>({ errors: fieldErrors(parsed.error) }, { status: 400 })
  const result = await members.changePassword(user.id, parsed.data)
  if (result.ok) return data<MypageResult>({ done: 'password', errors: {} }, { headers: clear })
  if (result.reason === 'password')
    return data<MypageResult>({ errors: { old_password: 'member.error.passwordMismatch' } }, { status: 400 })
  if (result.reason === 'limited')
    return data<MypageResult>({ errors: {}, message: { key: 'member.error.tooManyAttempts' } }, { status: 429 })
  throw redirect('/')
}

/** After logout, withdrawal or a password change the page stays as it was under its closing dialog. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as MypageResult | undefined)?.done ? false : defaultShouldRevalidate

const doneMessage = { password: 'mypage.changed', logout: 'mypage.loggedOut', withdraw: 'mypage.resigned' } as const
const doneTarget = { password: '/login', logout: '/', withdraw: '/' } as const

export default function Mypage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const hydrated = useHydrated()
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const submit = useSubmit()
  const result = actionData
  const { errorFor, onSubmit, onInput } = useFormErrors(passwordChangeFormSchema, result?.errors)
  const [confirming, setConfirming] = useState<'logout' | 'withdraw' | null>(null)
  const [done, setDone] = useState<MypageResult['done']>()
  const busy = navigation.state !== 'idle'

  useEffect(() => {
    if (result?.done) setDone(result.done)
  }, [result])

  // Reachable only with navigation state (section 2); the server cannot see it, so check after hydration.
  if (!hydrated)
    return (
      <SubPage section="member" title={t('mypage.title')}>
        {null}
      </SubPage>
    )
  if (location.state == null && !done) return <Navigate to="/" replace />
  const member = loaderData.member
  if (!member && !done) return <MembersOnlyModal open onClose={() => navigate('/', { replace: true })} />

  return (
    <SubPage section="member" title={t('mypage.title')}>
      <div className="member-card member-card--wide">
        {member ? (
          <section aria-labelledby="mypage-info">
            <h2 id="mypage-info" className="member-section__title">
              {t('mypage.info')}
            </h2>
            <div className="member-form member-form--readonly">
              <TextInput label={t('member.company')} name="company" value={member.company} readOnly />
              <TextInput label={t('member.division')} name="division" value={member.division} readOnly />
              <TextInput label={t('member.name')} name="name" value={member.name} readOnly />
              <TextInput label={t('member.username')} name="username" value={member.username} readOnly />
            </div>
            <p className="member-joined">
              {t('mypage.joined')} <time dateTime={member.joinedAt}>{koreaDate(member.joinedAt)}</time>
              {' ('}
              <RelativeTime iso={member.joinedAt} />
              {')'}
            </p>
            <p className="member-note">{t('mypage.readonlyNote')}</p>
          </section>
        ) : null}

        {member ? <MyRequests requests={loaderData.requests ?? []} /> : null}

        <section aria-labelledby="mypage-password" className="member-section">
          <h2 id="mypage-password" className="member-section__title">
            {t('mypage.changePassword')}
          </h2>
          <Form
            method="post"
            noValidate
            className="member-form"
            onSubmit={onSubmit}
            onInput={onInput}
            state={location.state}
          >
            <input type="hidden" name="intent" value="password" />
            <input type="text" name="username" value={member?.username ?? ''} autoComplete="username" readOnly hidden />
            <TextInput
              label={t('mypage.currentPassword')}
              name="old_password"
              type="password"
              autoComplete="current-password"
              maxLength={MEMBER_LIMITS.oldPasswordMax}
              required
              error={errorFor('old_password')}
            />
            <NewPasswordFields
              name="new_password"
              confirmName="new_password_confirm"
              labelKey="mypage.newPassword"
              confirmLabelKey="mypage.newPasswordConfirm"
              error={errorFor}
            />
            <FormAlert message={result?.message} />
            <SubmitButton busy={busy}>{t('mypage.changeSubmit')}</SubmitButton>
          </Form>
        </section>

        <div className="member-actions">
          <button
            type="button"
            className="button button--outline"
            onClick={() => setConfirming('logout')}
            disabled={busy}
          >
            {t('mypage.logout')}
          </button>
          <button
            type="button"
            className="button member-actions__resign"
            onClick={() => setConfirming('withdraw')}
            disabled={busy}
          >
            {t('mypage.resign')}
          </button>
        </div>
      </div>

      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        confirmText={confirming === 'withdraw' ? t('mypage.resign') : t('mypage.logout')}
        actions={
          <button type="button" className="button button--outline" onClick={() => setConfirming(null)}>
            {t('modal.cancel')}
          </button>
        }
        onConfirm={() => {
          const intent = confirming
          setConfirming(null)
          if (intent) submit({ intent }, { method: 'post', state: location.state })
        }}
      >
        <p>{t(confirming === 'withdraw' ? 'mypage.resignConfirm' : 'mypage.logoutConfirm')}</p>
      </Modal>

      <Modal
        open={done !== undefined}
        closeButton={false}
        onClose={() => navigate(doneTarget[done!], { replace: true })}
        onConfirm={() => navigate(doneTarget[done!], { replace: true })}
      >
        <p>{done ? t(doneMessage[done]) : null}</p>
      </Modal>
    </SubPage>
  )
}

type MyRequest = {
  tracking: string
  kind: RequestKind
  status: Parameters<typeof requestStatusKey>[0]
  updatedAt: string
  href: string
}

/** The member's requests of both kinds: number (the status page's link), kind, status and last update in Korea time. */
function MyRequests({ requests }: { requests: MyRequest[] }) {
  const t = useT()
  const lang = useLang()
  return (
    <section aria-labelledby="mypage-requests" className="member-section">
      <h2 id="mypage-requests" className="member-section__title">
        {t('mypage.requests')}
      </h2>
      {requests.length ? (
        <div className="mypage-requests__scroll">
          <table className="mypage-requests">
            <thead>
              <tr>
                <th scope="col">{t('mypage.requests.tracking')}</th>
                <th scope="col">{t('mypage.requests.kind')}</th>
                <th scope="col">{t('mypage.requests.status')}</th>
                <th scope="col">{t('mypage.requests.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.tracking}>
                  <th scope="row">
                    <Link to={r.href}>{r.tracking}</Link>
                  </th>
                  <td>{t(requestKindKey(r.kind))}</td>
                  <td>{t(requestStatusKey(r.status))}</td>
                  <td>
                    <time dateTime={r.updatedAt}>{koreaDateTime(r.updatedAt, lang)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="member-note">{t('mypage.requests.empty')}</p>
      )}
      <p className="mypage-requests__new">
        <Link className="button button--outline" to={SERVICE_REQUEST_PATH}>
          {t('mypage.requests.newAs')}
        </Link>
        <Link className="button button--outline" to={INQUIRY_PATH}>
          {t('mypage.requests.newIq')}
        </Link>
      </p>
    </section>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
