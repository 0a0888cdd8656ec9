import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DocumentTitle, type DocumentRow } from '#app/components/ui/document-table.tsx'
import { DownloadList } from '#app/components/ui/download-list.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { classificationKey } from '#shared/service-pages.ts'
import { serviceRequestHref } from '#shared/service-request-paths.ts'
import type { loadUnitPage } from './unit.server.ts'

/** The page of a found unit, as the loader makes it. */
export type UnitView = Extract<Awaited<ReturnType<typeof loadUnitPage>>['data'], { kind: 'unit' }>

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** A document or diagram as one item of a phone-width list: title, number and revision, downloads with their names. */
function DocumentItem({ row }: { row: DocumentRow & { docNumber?: string; revision?: string } }) {
  const t = useT()
  return (
    <li className="unit-docs__item">
      <DocumentTitle row={row} />
      {row.docNumber ? (
        <span className="unit-docs__number">
          {`${row.docNumber} · ${t('doc.revision', { revision: row.revision ?? '' })}`}
        </span>
      ) : null}
      <DownloadList files={row.files} showLabels />
    </li>
  )
}

/**
 * What anyone sees of a unit (docs/decisions/058-unit-pages.md): serial and model, the circuit
 * diagrams of the serial, the model's current documents by class, and the after-sales contact.
 * `children` (the restricted part, or the sign-in hint) comes before the contact.
 */
export function UnitPublic({ unit, children }: { unit: UnitView; children: ReactNode }) {
  const t = useT()
  return (
    <>
      <dl className="unit__facts">
        <div className="unit__fact">
          <dt>{t('unit.serial')}</dt>
          <dd className="unit__serial">{unit.serial}</dd>
        </div>
        <div className="unit__fact">
          <dt>{t('unit.model')}</dt>
          <dd>
            {unit.model ?? t('unit.modelUnknown')}
            {unit.product?.href ? (
              <>
                {' '}
                <Link className="unit__product" to={unit.product.href}>
                  {t('unit.productLink', { product: unit.product.title })}
                </Link>
              </>
            ) : null}
          </dd>
        </div>
      </dl>

      <section className="unit__section" aria-labelledby="unit-circuit">
        <h2 id="unit-circuit" className="unit__heading">
          {t('unit.circuit.title')}
        </h2>
        {unit.circuit.rows.length > 0 ? (
          <ul className="unit-docs">
            {unit.circuit.rows.map((row) => (
              <DocumentItem key={row.id} row={row} />
            ))}
          </ul>
        ) : (
          <EmptyState message={t('unit.circuit.none')} />
        )}
        <p className="unit__more">
          <Link to={unit.circuit.lookupHref}>
            {unit.circuit.total > unit.circuit.rows.length
              ? t('unit.circuit.more', { total: unit.circuit.total })
              : t('unit.circuit.lookup')}
          </Link>
        </p>
      </section>

      <section className="unit__section" aria-labelledby="unit-documents">
        <h2 id="unit-documents" className="unit__heading">
          {t('unit.documents.title')}
        </h2>
        {unit.documents.length > 0 ? (
          <>
            <p className="unit__note">{t('unit.documents.lead')}</p>
            {unit.documents.map((group) => (
              <section key={group.type} className="unit-docs__class" aria-labelledby={`unit-class-${group.type}`}>
                <h3 id={`unit-class-${group.type}`} className="unit-docs__class-title">
                  {t(classificationKey(group.type))}
                </h3>
                <ul className="unit-docs">
                  {group.rows.map((row) => (
                    <DocumentItem key={row.id} row={row} />
                  ))}
                </ul>
              </section>
            ))}
          </>
        ) : (
          <EmptyState message={t('unit.documents.none')} />
        )}
      </section>

      {children}

      <section className="unit__section" aria-labelledby="unit-service">
        <h2 id="unit-service" className="unit__heading">
          {t('unit.service.title')}
        </h2>
        {unit.asPhone ? (
          <p className="unit__call">
            <a className="button button--primary unit__call-link" href={telHref(unit.asPhone)}>
              {t('unit.service.call', { phone: unit.asPhone })}
            </a>
            <span className="unit__note">{t('home.cs.hours')}</span>
          </p>
        ) : null}
        {/* The after-sales service request, the serial filled in (docs/decisions/065-service-requests.md). */}
        <p className="unit__request">
          <Link className="button button--outline" to={serviceRequestHref(unit.serial)}>
            {t('unit.service.request')}
          </Link>
          <span className="unit__note">{t('unit.service.requestHint', { serial: unit.serial })}</span>
        </p>
      </section>
    </>
  )
}
