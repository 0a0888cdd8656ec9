import { useActionData, useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SubPage } from '#app/components/sub-page.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import { rootFromMatches } from '#app/utils/root-data.ts'
import { routeMeta } from '#app/utils/route-meta.ts'
import { privateHeaders } from '#app/utils/session.server.ts'
import { translate } from '#shared/i18n/messages.ts'
import { defaultLang } from '#shared/locales.ts'
import { groupDigits } from '#shared/group-digits.ts'
import { inquiryTopicKey, regionKey, symptomKey } from '#shared/service-request-rules.ts'
import { requestStatusKey } from '#shared/service-request-status.ts'
import type { Route } from './+types/request-status'
import { loadRequestStatus } from './request-status.server.ts'
import { loadCustomerThread, submitAnswer, type AnswerResult } from './request-answer.server.ts'
import { CustomerThread } from './request-thread.tsx'
import './service-request.css'
import { Fact, RequestFiles } from './request-parts.tsx'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const lang = rootFromMatches(matches)?.lang ?? defaultLang
  const key = loaderData?.kind === 'iq' ? 'inquiry.status.title' : 'serviceRequest.status.title'
  const title = translate(lang, key, { tracking: loaderData?.tracking ?? '' })
  return [...routeMeta(matches, title, title), { name: 'robots', content: 'noindex' }]
}

/**
 * Personal data behind a private key: stored by no cache, the key passed on as a referrer only to
 * this site.
 */
export const headers = () => ({ ...privateHeaders(), 'Referrer-Policy': 'same-origin' })

/** /service/as/requests/{tracking}: what was filed (an A/S request or an inquiry) and its status, for its requester only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [status, thread] = await Promise.all([
    loadRequestStatus(request, context, params.tracking),
    loadCustomerThread(request, context, params.tracking),
  ])
  return { ...status, thread }
}

/** The customer's answer (docs/decisions/070-service-inbox.md). */
export async function action({ request, context, params }: Route.ActionArgs) {
  return submitAnswer(request, context, params.tracking)
}

export default function RequestStatus() {
  const d = useLoaderData<typeof loader>()
  const answer = useActionData<AnswerResult>()
  const t = useT()
  const lang = useLang()
  const iq = d.kind === 'iq'
  const x = d.details
  const rows: [string, string][] = iq
    ? [
        [t('inquiry.field.topic'), t(inquiryTopicKey(x.topic))],
        [t('serviceRequest.field.model'), d.model || '-'],
        [t('inquiry.field.quantity'), x.quantity ? groupDigits(Number(x.quantity)) : '-'],
        [t('inquiry.field.deliveryDate'), x.deliveryDate || '-'],
        [t('inquiry.field.valveType'), x.valveType || '-'],
        [t('inquiry.field.valveSize'), x.valveSize || '-'],
        [t('inquiry.field.torque'), x.torque || '-'],
        [t('inquiry.field.voltage'), x.voltage || '-'],
        [t('inquiry.field.description'), d.description],
      ]
    : [
        [t('serviceRequest.field.serial'), d.serial || '-'],
        [t('serviceRequest.field.model'), d.model || '-'],
        [t('serviceRequest.field.site'), d.site || '-'],
        [t('serviceRequest.field.symptom'), t(symptomKey(d.symptom))],
        [t('serviceRequest.field.description'), d.description],
      ]
  const contact: [string, string][] = [
    [t('serviceRequest.field.name'), d.contact.name],
    [t('serviceRequest.field.company'), d.contact.company],
    [t('serviceRequest.field.phone'), d.contact.phone],
    [t('serviceRequest.field.email'), d.contact.email],
    [t('serviceRequest.field.region'), t(regionKey(d.region))],
    [t('serviceRequest.field.contactTime'), d.contact.time || '-'],
  ]
  return (
    <SubPage
      section="service"
      title={t(iq ? 'inquiry.status.title' : 'serviceRequest.status.title', { tracking: d.tracking })}
    >
      <div className="service-request">
        {d.isNew ? (
          <p className="service-request__notice" role="status">
            {t(iq ? 'inquiry.status.accepted' : 'serviceRequest.status.accepted', { tracking: d.tracking })}
          </p>
        ) : null}
        <dl className="service-request__facts">
          <dt>{t('serviceRequest.status.tracking')}</dt>
          <dd className="service-request__tracking">{d.tracking}</dd>
          <dt>{t('serviceRequest.status.state')}</dt>
          <dd className="service-request__state">{t(requestStatusKey(d.status))}</dd>
          <dt>{t('serviceRequest.status.receivedAt')}</dt>
          <dd>{koreaDateTime(d.acceptedAt, lang)}</dd>
          {d.updatedAt !== d.acceptedAt ? (
            <>
              <dt>{t('mypage.requests.updated')}</dt>
              <dd>{koreaDateTime(d.updatedAt, lang)}</dd>
            </>
          ) : null}
        </dl>
        <h2 className="service-request__heading">{t('serviceRequest.status.details')}</h2>
        <dl className="service-request__facts">
          {rows.map(([label, value]) => (
            <Fact key={label} label={label} value={value} />
          ))}
        </dl>
        <h2 className="service-request__heading">{t('serviceRequest.status.files')}</h2>
        {d.files.length ? (
          <RequestFiles files={d.files} className="service-request__files" />
        ) : (
          <p>{t('serviceRequest.status.noFiles')}</p>
        )}
        <h2 className="service-request__heading">{t('serviceRequest.status.contact')}</h2>
        <dl className="service-request__facts">
          {contact.map(([label, value]) => (
            <Fact key={label} label={label} value={value} />
          ))}
        </dl>
        <CustomerThread thread={d.thread} answer={answer} />
        <p className="service-request__note">{t('serviceRequest.status.private')}</p>
      </div>
    </SubPage>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
