import { data } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { LABEL_CODES, LABEL_LAYOUTS, LABEL_LIMITS, LABEL_SELECTIONS, labelQuery } from '#shared/label-rules.ts'
import type { Route } from './+types/labels'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { readLabelRequest } from './labels-request.server.ts'
import './labels.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.labels.title')
}

export const headers = consoleHeaders

/**
 * Nameplate labels (docs/decisions/060-nameplate-labels.md): a GET form chooses orders by ORD number,
 * project, delivery dates or a list of serials, with the layout and the code; the answer lists the
 * orders found (the first 50) and links the PDF (`/admin/labels/pdf` with the same query). Editors
 * and administrators. An empty form asks; a bad one is a 400 with the message at its field.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ['admin', 'editor'])
  const url = new URL(request.url)
  const example = `${context.siteUrl.replace(/\/+$/, '')}/id/TM250142-3`
  if (!url.searchParams.has('by'))
    return {
      example,
      typed: { by: 'ord', layout: 'sheet', code: 'qr' } as Record<string, string>,
      errors: {},
      result: null,
    }
  const asked = readLabelRequest(url)
  if (!asked.ok)
    return data(
      { example, typed: asked.typed, errors: asked.errors, result: null },
      { status: 400, headers: consoleHeaders() },
    )
  const choice = await context.services.labels.choose(asked.request)
  return {
    example,
    typed: Object.fromEntries(Object.entries(asked.request).map(([k, v]) => [k, String(v)])),
    errors: {},
    result: {
      count: choice.orders.length,
      withoutSerial: choice.withoutSerial.length,
      tooMany: choice.tooMany,
      orders: choice.orders.slice(0, LABEL_LIMITS.previewMax),
      pdf: `/admin/labels/pdf?${labelQuery(asked.request).toString()}`,
    },
  }
}

const SELECTION_KEYS: Record<(typeof LABEL_SELECTIONS)[number], MessageKey> = {
  ord: 'console.labels.by.ord',
  project: 'console.labels.by.project',
  delivery: 'console.labels.by.delivery',
  serials: 'console.labels.by.serials',
}
const LAYOUT_KEYS: Record<(typeof LABEL_LAYOUTS)[number], MessageKey> = {
  sheet: 'console.labels.layout.sheet',
  single: 'console.labels.layout.single',
}
const CODE_KEYS: Record<(typeof LABEL_CODES)[number], MessageKey> = {
  qr: 'console.labels.code.qr',
  datamatrix: 'console.labels.code.datamatrix',
}

/** A group of radio buttons with its legend. */
function Choices<V extends string>({
  name,
  legend,
  values,
  labels,
  checked,
}: {
  name: string
  legend: string
  values: readonly V[]
  labels: Record<V, MessageKey>
  checked: string | undefined
}) {
  const t = useT()
  return (
    <fieldset className="console-card labels-choices">
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value} className="labels-choice">
          <input type="radio" name={name} value={value} defaultChecked={(checked ?? values[0]) === value} />
          {t(labels[value])}
        </label>
      ))}
    </fieldset>
  )
}

export default function Labels({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { typed, result } = loaderData
  const errors = loaderData.errors as Partial<Record<string, MessageKey>>
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined)
  return (
    <>
      <h1>{t('console.labels.title')}</h1>
      <p className="console-muted">
        {t('console.labels.help', { link: loaderData.example, max: LABEL_LIMITS.labelsMax })}
      </p>
      <form method="get" className="console-form labels-form" noValidate>
        <Choices
          name="by"
          legend={t('console.labels.by')}
          values={LABEL_SELECTIONS}
          labels={SELECTION_KEYS}
          checked={typed.by}
        />
        <div className="labels-fields">
          <TextInput
            name="ord"
            label={t('console.labels.ord')}
            hint={t('console.labels.ordHint')}
            defaultValue={typed.ord ?? ''}
            maxLength={7}
            inputMode="numeric"
            error={error('ord')}
          />
          <TextInput
            name="project"
            label={t('console.labels.project')}
            defaultValue={typed.project ?? ''}
            maxLength={100}
            error={error('project')}
          />
          <TextInput
            name="from"
            type="date"
            label={t('console.labels.from')}
            defaultValue={typed.from ?? ''}
            error={error('from')}
          />
          <TextInput name="to" type="date" label={t('console.labels.to')} defaultValue={typed.to ?? ''} />
          <Textarea
            name="serials"
            label={t('console.labels.serials')}
            hint={t('console.labels.serialsHint', { max: LABEL_LIMITS.serialsMax })}
            defaultValue={typed.serials ?? ''}
            maxLength={LABEL_LIMITS.serialsTextMax}
            rows={4}
            error={error('serials')}
          />
        </div>
        <Choices
          name="layout"
          legend={t('console.labels.layout')}
          values={LABEL_LAYOUTS}
          labels={LAYOUT_KEYS}
          checked={typed.layout}
        />
        <Choices
          name="code"
          legend={t('console.labels.code')}
          values={LABEL_CODES}
          labels={CODE_KEYS}
          checked={typed.code}
        />
        <button type="submit" className="button button--primary form-submit">
          {t('console.labels.find')}
        </button>
      </form>
      {result ? (
        <section aria-labelledby="labels-result" className="labels-result">
          <h2 id="labels-result">{t('console.labels.caption')}</h2>
          <p role="status">
            {result.tooMany
              ? t('console.labels.tooMany', { max: LABEL_LIMITS.labelsMax })
              : result.count === 0
                ? t('console.labels.none')
                : t('console.labels.found', { count: result.count })}
            {result.withoutSerial > 0 ? ` ${t('console.labels.withoutSerial', { count: result.withoutSerial })}` : ''}
          </p>
          {!result.tooMany && result.count > 0 ? (
            <>
              <p>
                <a className="button button--primary" href={result.pdf} download data-testid="labels-pdf">
                  {t('console.labels.download')}
                </a>
              </p>
              <div className="console-table-wrap">
                <table className="console-table">
                  <caption className="visually-hidden">{t('console.labels.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('console.labels.column.serial')}</th>
                      <th scope="col">{t('console.labels.column.model')}</th>
                      <th scope="col">{t('console.labels.column.ord')}</th>
                      <th scope="col">{t('console.labels.column.workNo')}</th>
                      <th scope="col">{t('console.labels.column.project')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.orders.map((o) => (
                      <tr key={`${o.system}-${o.work_no}`}>
                        <td>{o.serial_no}</td>
                        <td>{o.model ?? '-'}</td>
                        <td>{o.ord_no ?? '-'}</td>
                        <td>
                          {o.system} {o.work_no}
                        </td>
                        <td>{o.project_name}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {result.count > result.orders.length ? (
                <p className="console-muted">
                  {t('console.labels.more', { count: result.count - result.orders.length })}
                </p>
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
