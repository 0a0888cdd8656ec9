import { useEffect, useRef, useState } from 'react'
import { Form, useLocation, useSearchParams } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { formValues, requestInfo } from '#app/utils/session.server.ts'
import { emailRegistSchema } from '#shared/member-rules.ts'
import { oneTimeLinkHeaders } from './member-page.server.ts'
import type { Route } from './+types/confirm'
import { MemberResult } from './member-result.tsx'
import './members.css'

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...routeMeta(matches, { key: 'confirm.title' }, { key: 'confirm.title' }),
    { name: 'robots', content: 'noindex' },
  ]
}

/** The address carries a single-use code: not cached, and not passed on as a referrer. */
export const headers = oneTimeLinkHeaders

/**
 * Without JavaScript the page offers a button that posts the code here. (With JavaScript the
 * page calls GET email/regist itself, like the specification's client. Neither happens on a
 * plain GET of the page, so mail scanners that fetch links do not use the code up.)
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request)
  const parsed = emailRegistSchema.safeParse(values)
  if (!parsed.success) return { ok: false }
  const result = await context.services.members.verifyEmail(
    { username: parsed.data.username, code: parsed.data.email_regist_code },
    requestInfo(context),
  )
  return { ok: result.ok }
}

type Status = 'checking' | 'success' | 'failed' | 'sent'

export default function Confirm({ actionData }: Route.ComponentProps) {
  const t = useT()
  const [params] = useSearchParams()
  const location = useLocation()
  const username = params.get('username') ?? ''
  const code = params.get('email_regist_code') ?? ''
  const sentState = (location.state as { sent?: boolean } | null)?.sent === true
  const [status, setStatus] = useState<Status>(actionData ? (actionData.ok ? 'success' : 'failed') : 'checking')
  const started = useRef(false)

  useEffect(() => {
    if (actionData || started.current) return
    started.current = true
    if (!code) {
      setStatus(sentState ? 'sent' : 'failed')
      return
    }
    const query = new URLSearchParams({ email_regist_code: code, ...(username ? { username } : {}) })
    fetch(`/api/email/regist?${query}`, { headers: { accept: 'application/json' } })
      .then((res) => setStatus(res.ok ? 'success' : 'failed'))
      .catch(() => setStatus('failed'))
  }, [actionData, code, username, sentState])

  return (
    <SubPage section="member" title={t('confirm.title')}>
      <div className="member-card" aria-live="polite">
        {status === 'checking' ? (
          <div className="member-result">
            <p className="member-result__title">{t('confirm.checking')}</p>
            <noscript>
              <Form method="post" className="member-result__actions">
                <input type="hidden" name="username" value={username} />
                <input type="hidden" name="email_regist_code" value={code} />
                <button type="submit" className="button button--primary">
                  {t('confirm.verify')}
                </button>
              </Form>
            </noscript>
          </div>
        ) : null}
        {status === 'sent' ? (
          <div className="member-result">
            <p className="member-result__title">{t('signup.sent')}</p>
          </div>
        ) : null}
        {status === 'success' ? (
          <MemberResult
            title={t('confirm.success')}
            body={t('confirm.successBody')}
            to="/login"
            action={t('confirm.login')}
          />
        ) : null}
        {status === 'failed' ? (
          <MemberResult
            title={t('confirm.failed')}
            body={t('confirm.failedBody')}
            to="/signup"
            action={t('confirm.back')}
          />
        ) : null}
      </div>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
