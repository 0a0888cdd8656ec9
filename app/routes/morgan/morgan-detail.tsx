import { useRef } from 'react'
import { data, useLoaderData } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { routeMeta } from '#app/utils/route-meta.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { privateHeaders, requireRestrictedAccess } from '#app/utils/session.server.ts'
import { orderPackagePath } from '#shared/order-package.ts'
import type { Route } from './+types/morgan-detail'
import { COPY } from './morgan-copy.ts'
import { listFallback, readDetailParams } from './morgan.server.ts'
import { dottedDate } from './morgan-query.ts'
import { OrderSpec } from './order-spec.tsx'
import { PreviousButton } from './previous-button.tsx'
import { printDate } from './print-date.ts'
import { usePrintAll } from './use-print-all.ts'
import './morgan-detail.css'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.workNo} · ${COPY.detailTitle(loaderData.system)}` : COPY.areaTitle
  return [...routeMeta(matches, title, COPY.metaDescription), { name: 'robots', content: 'noindex' }]
}

/** Order data of one member: no cache may keep it. */
export const headers = privateHeaders

/**
 * /morgan/detail/{ERP|EPS}/{work number}: every field of the order in its groups. The system is
 * read case-insensitively; another system, a malformed or an unknown work number is a 404.
 * The service writes the access log.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireRestrictedAccess(request, context)
  const asked = readDetailParams(params.type, params.id)
  const order = asked
    ? await context.services.restricted.detail({ user, ip: context.clientIp }, asked.system, asked.workNo)
    : null
  if (!order) throw data(null, { status: 404 })
  const fields = order.groups.flatMap((g) => g.sections.flatMap((s) => s.fields))
  for (const field of fields) if (field.key === 'delivery_date') field.value = dottedDate(field.value)
  return {
    system: order.system,
    workNo: order.work_no,
    project: fields.find((f) => f.key === 'project_name')?.value ?? '',
    groups: order.groups,
    printedOn: printDate(new Date()),
    fallback: listFallback(request, order.system),
  }
}

export default function MorganDetail() {
  const d = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const root = useRef<HTMLElement>(null)
  const printedOn = usePrintAll(root, d.printedOn)
  return (
    <article ref={root} className="morgan-detail" aria-labelledby="detail-title">
      <header className="print-header">
        <span>{COPY.detailTitle(d.system)}</span>
        <span>
          {COPY.workNo} {d.workNo}
        </span>
        <span>
          {COPY.printedOn} {printedOn}
        </span>
      </header>
      <p className="morgan-detail__system">{COPY.detailTitle(d.system)}</p>
      <h1 id="detail-title" className="morgan-detail__title">
        <span className="morgan-detail__work">{d.workNo}</span>{' '}
        <span className="morgan-detail__project">{d.project}</span>
      </h1>
      {/* Keyed by the order, so groups opened on one order are closed on the next. */}
      <OrderSpec key={d.workNo} groups={d.groups} />
      <div className="morgan-detail__actions">
        <PreviousButton fallback={d.fallback} />
        {hydrated ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => window.print()}
            aria-describedby="print-hint"
          >
            {COPY.print}
          </button>
        ) : null}
        <a
          className="button"
          href={orderPackagePath(d.system, d.workNo)}
          download
          aria-describedby="package-hint"
          data-testid="order-package"
        >
          {COPY.packageDownload}
        </a>
        <p id="print-hint" className="morgan-detail__hint">
          {COPY.printHint}
        </p>
        <p id="package-hint" className="morgan-detail__hint">
          {COPY.packageHint}
        </p>
      </div>
    </article>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
