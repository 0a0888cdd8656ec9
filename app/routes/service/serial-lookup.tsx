import { useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { DocumentTable, type DocumentRow } from '#app/components/ui/document-table.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useTypingBeforeHydration } from '#app/utils/use-typing-before-hydration.ts'
import { LIST_SIZES } from '#shared/list-rules.ts'
import { acceptSerialInput, SERIAL_PART1_MAX, SERIAL_PART2_MAX, serialCode, serialProblem } from '#shared/serial.ts'
import { SERIAL_FOCUS, serialHref } from './service-query.ts'
import './serial-lookup.css'

export type SerialRow = DocumentRow & { code: string; model: string }
export type SerialResult = { page: number; total: number; rows: SerialRow[] }

const HINT_ID = 'serial-hint'
/** A page change keeps the serial results in view (the scroll rule's `focus`). */
const SERIAL_PAGE_QUERY = { focus: SERIAL_FOCUS, disableScrollTop: 'true' }

/**
 * Circuit diagrams by serial number: two numeric inputs (2 and 4 digits; anything else is ignored
 * as it is typed, by the shared rule in shared/serial.ts), sent as `code` = first part, hyphen,
 * second part (the hyphen only with a second part). Without JavaScript the form sends code1 and
 * code2, which the loader reads too.
 */
export function SerialLookup({
  code,
  invalid,
  result,
  path,
}: {
  code: string | null
  invalid: boolean
  result: SerialResult | null
  /** The circuit-diagram page the form sends to, when it is shown elsewhere (an unknown unit's page). */
  path?: string
}) {
  const t = useT()
  const navigate = useNavigate()
  const location = useLocation()
  const action = path ?? location.pathname
  const params = new URLSearchParams(path ? '' : location.search)
  const [asked1 = '', asked2 = ''] = (code ?? '').split('-')
  const [part1, setPart1] = useState(() => acceptSerialInput('', asked1, SERIAL_PART1_MAX))
  const [part2, setPart2] = useState(() => acceptSerialInput('', asked2, SERIAL_PART2_MAX))
  const [problem, setProblem] = useState(invalid)
  const firstRef = useRef<HTMLInputElement>(null)
  const form = useRef<HTMLFormElement>(null)
  useTypingBeforeHydration(form, (fields) => {
    setPart1(acceptSerialInput('', String(fields.get('code1') ?? ''), SERIAL_PART1_MAX))
    setPart2(acceptSerialInput('', String(fields.get('code2') ?? ''), SERIAL_PART2_MAX))
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (serialProblem(part1, part2)) {
      setProblem(true)
      firstRef.current?.focus()
      return
    }
    navigate(serialHref(action, params, serialCode(part1, part2)))
  }

  const carried = (['lang', 'page', 'search', 'option_id_list', 'std'] as const).filter((name) => params.get(name))
  return (
    <section className="serial" aria-labelledby="serial-title">
      <h3 id="serial-title" className="service__section-title">
        {t('serial.title')}
      </h3>
      <form ref={form} className="serial__form" method="get" action={action} onSubmit={onSubmit} noValidate>
        {carried.map((name) => (
          <input key={name} type="hidden" name={name} value={params.get(name) ?? ''} />
        ))}
        <input type="hidden" name="focus" value={SERIAL_FOCUS} />
        <input type="hidden" name="disableScrollTop" value="true" />
        <div className="serial__row">
          <TextInput
            ref={firstRef}
            className="serial__part serial__part--1"
            label={t('serial.part1')}
            name="code1"
            value={part1}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={SERIAL_PART1_MAX}
            autoComplete="off"
            placeholder="25"
            aria-describedby={HINT_ID}
            error={problem ? t('serial.errorFirst') : undefined}
            onChange={(event) => {
              setPart1(acceptSerialInput(part1, event.target.value, SERIAL_PART1_MAX))
              setProblem(false)
            }}
          />
          <span className="serial__dash" aria-hidden="true">
            -
          </span>
          <TextInput
            className="serial__part serial__part--2"
            label={t('serial.part2')}
            name="code2"
            value={part2}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={SERIAL_PART2_MAX}
            autoComplete="off"
            placeholder="0100"
            aria-describedby={HINT_ID}
            onChange={(event) => setPart2(acceptSerialInput(part2, event.target.value, SERIAL_PART2_MAX))}
          />
          <div className="serial__buttons">
            <button type="submit" className="button button--primary">
              {t('service.search')}
            </button>
            <Link className="button button--outline" to={serialHref(action, params, null)}>
              {t('service.reset')}
            </Link>
          </div>
        </div>
        <p id={HINT_ID} className="serial__hint">
          {t('serial.hint')}
        </p>
      </form>
      {result ? (
        <div id={SERIAL_FOCUS} className="serial__result">
          <h4 className="service-results__title">{t('serial.results', { code: code ?? '' })}</h4>
          <DocumentTable
            caption={t('serial.results', { code: code ?? '' })}
            rows={result.rows}
            before={[
              { header: t('serial.code'), className: 'doc-table__code', cell: (row) => row.code },
              { header: t('serial.model'), className: 'doc-table__model', cell: (row) => row.model },
            ]}
            empty={<EmptyState variant="search" />}
          />
          <Pagination
            page={result.page}
            totalRecords={result.total}
            {...LIST_SIZES.serial}
            param="serial_page"
            query={SERIAL_PAGE_QUERY}
          />
        </div>
      ) : null}
    </section>
  )
}
