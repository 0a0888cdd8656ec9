import { Link } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { INQUIRY_PATH, SERVICE_REQUEST_PATH } from '#shared/service-request-paths.ts'
import './customer-center.css'

export type CustomerContacts = { salesPhone: string; salesEmail: string; asPhone: string }

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** Customer Center panel: sales phone and e-mail, the after-sales line with its hours, and the 3Q philosophy. */
export function CustomerCenter({ contacts, headingId }: { contacts: CustomerContacts; headingId: string }) {
  const t = useT()
  const quick = [
    { title: t('home.cs.q1'), text: t('home.cs.q1Text') },
    { title: t('home.cs.q2'), text: t('home.cs.q2Text') },
    { title: t('home.cs.q3'), text: t('home.cs.q3Text') },
  ]
  return (
    <div className="cs">
      <h2 id={headingId} className="home-heading cs__heading">
        {t('home.cs.title')}
      </h2>
      <dl className="cs__contacts">
        {contacts.salesPhone ? (
          <div className="cs__row">
            <dt>{t('home.cs.salesPhone')}</dt>
            <dd>
              <a href={telHref(contacts.salesPhone)}>{contacts.salesPhone}</a>
              {/* The inquiry / quotation form (docs/decisions/069-inquiries.md), beside the sales number as the
                  A/S form beside the A/S number; a short label, so it shares the number's line. */}
              <Link className="cs__request" to={INQUIRY_PATH}>
                {t('home.cs.inquiry')}
              </Link>
            </dd>
          </div>
        ) : null}
        {contacts.salesEmail ? (
          <div className="cs__row">
            <dt>{t('home.cs.salesEmail')}</dt>
            <dd>
              <a href={`mailto:${contacts.salesEmail}`}>{contacts.salesEmail}</a>
            </dd>
          </div>
        ) : null}
        {contacts.asPhone ? (
          <div className="cs__row">
            <dt>{t('home.cs.asPhone')}</dt>
            <dd>
              <a href={telHref(contacts.asPhone)}>{contacts.asPhone}</a>
              <span className="cs__hours">{t('home.cs.hours')}</span>
              {/* The after-sales request form (docs/decisions/065-service-requests.md): a text link in the row, so the full-page section keeps one screen. */}
              <Link className="cs__request" to={SERVICE_REQUEST_PATH}>
                {t('serviceRequest.entry')}
              </Link>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="cs__philosophy">
        <h3 className="cs__subheading">{t('home.cs.philosophy')}</h3>
        <ul className="cs__quick">
          {quick.map((q) => (
            <li key={q.title}>
              <strong>{q.title}</strong>
              <span>{q.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
