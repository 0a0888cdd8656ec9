import { groupDigits } from '#shared/group-digits.ts'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Field } from '#app/components/form/field.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import {
  IMPORT_KINDS,
  IMPORT_LIMITS,
  ZIP_KINDS,
  type ImportKind,
  type ImportProblemView,
  type ImportSummary,
} from '#shared/import-kinds.ts'
import { formatFileSize } from '#shared/uploads.ts'
import type { Route } from './+types/import'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { checkImport, runImport } from './import-request.ts'
import './import.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.import.title')
}

/** Editors and administrators import (the import calls check the role again). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'editor')
  return null
}

export const headers = consoleHeaders

type State =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'problems'; problems: ImportProblemView[] }
  | { phase: 'ready'; summary: ImportSummary }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'done'; summary: ImportSummary }
  | { phase: 'error'; message: string }

function Problems({ problems }: { problems: ImportProblemView[] }) {
  const t = useT()
  return (
    <div className="console-table-wrap">
      <table className="console-table import-problems">
        <caption>{t('console.import.problems', { count: problems.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.import.row')}</th>
            <th scope="col">{t('console.import.column')}</th>
            <th scope="col">{t('console.import.message')}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={i}>
              <td>{p.row === 0 ? t('console.import.wholeFile') : p.row}</td>
              <td>
                <code>{p.column}</code>
              </td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * /admin/import (docs/decisions/022-bulk-import.md): choose the kind and the files, check them
 * (every problem as row, column, message, nothing written), then import with a progress bar.
 * The templates are CSV (UTF-8 with BOM, for Excel) and XLSX.
 */
export default function Import() {
  const t = useT()
  const lang = useLang()
  const [kind, setKind] = useState<ImportKind>('reference')
  const [state, setState] = useState<State>({ phase: 'idle' })
  const form = useRef<HTMLFormElement>(null)
  const resultRef = useRef<HTMLElement>(null)
  // A result (problems, ready, done, an error) or the start of the progress is brought into view and focused.
  const phase = state.phase
  useEffect(() => {
    if (phase === 'idle' || phase === 'checking') return
    const result = resultRef.current
    result?.scrollIntoView({ block: 'nearest' })
    if (phase !== 'running') result?.focus({ preventScroll: true })
  }, [phase])
  const takesZip = ZIP_KINDS.includes(kind)
  const busy = state.phase === 'checking' || state.phase === 'running'
  const body = () => new FormData(form.current!)

  const check = async (event: FormEvent) => {
    event.preventDefault()
    const table = body().get('table')
    if (!(table instanceof File) || table.size === 0)
      return setState({ phase: 'error', message: t('console.import.noFile') })
    setState({ phase: 'checking' })
    const answer = await checkImport(kind, lang, body())
    if (!answer.ok) setState({ phase: 'error', message: answer.message ?? t('error.generic.body') })
    else if (answer.result.ok) setState({ phase: 'ready', summary: answer.result.summary })
    else setState({ phase: 'problems', problems: answer.result.problems })
  }

  const run = async () => {
    setState({ phase: 'running', done: 0, total: state.phase === 'ready' ? state.summary.rows : 0 })
    const end = await runImport(kind, lang, body(), (done, total) => setState({ phase: 'running', done, total }))
    if (end.type === 'done') setState({ phase: 'done', summary: end.summary })
    else if (end.type === 'problems') setState({ phase: 'problems', problems: end.problems })
    else
      setState({
        phase: 'error',
        message:
          end.type === 'failed'
            ? t('console.import.failed', { message: end.message })
            : (end.message ?? t('error.generic.body')),
      })
  }

  const reset = () => setState({ phase: 'idle' })
  const kindLabel = (k: ImportKind) => t(`console.import.kind.${k}`)
  const percent = state.phase === 'running' && state.total > 0 ? Math.floor((state.done / state.total) * 100) : 0

  return (
    <>
      <h1>{t('console.import.title')}</h1>
      <p className="console-muted">{t('console.import.intro')}</p>
      <form ref={form} className="console-card import-form" onSubmit={(e) => void check(e)} onChange={reset} noValidate>
        <Field label={t('console.import.kind')}>
          {(control) => (
            <select
              {...control}
              name="kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as ImportKind)}
              disabled={busy}
            >
              {IMPORT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {kindLabel(k)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('console.import.file')}
          required
          hint={t('console.import.fileHint', { size: formatFileSize(IMPORT_LIMITS.table) })}
        >
          {(control) => <input {...control} type="file" name="table" accept=".csv,.xlsx,text/csv" disabled={busy} />}
        </Field>
        {takesZip ? (
          <Field
            label={t('console.import.zip')}
            hint={t('console.import.zipHint', { size: formatFileSize(IMPORT_LIMITS.zip) })}
          >
            {(control) => <input {...control} type="file" name="zip" accept=".zip,application/zip" disabled={busy} />}
          </Field>
        ) : null}
        <div className="import-actions">
          <button type="submit" className="button button--outline" disabled={busy}>
            {state.phase === 'checking' ? t('console.import.checking') : t('console.import.check')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={state.phase !== 'ready'}
            onClick={() => void run()}
          >
            {t('console.import.run')}
          </button>
        </div>
      </form>

      {/* Right below the form, where the editor acted; shown and focused when a result arrives. */}
      <section className="import-result" aria-live="polite" ref={resultRef} tabIndex={-1}>
        {state.phase === 'problems' ? <Problems problems={state.problems} /> : null}
        {state.phase === 'ready' ? <p role="status">{t('console.import.ready', { ...state.summary })}</p> : null}
        {state.phase === 'running' ? (
          <div className="import-progress">
            <label htmlFor="import-progress">{t('console.import.progress')}</label>
            <progress id="import-progress" max={Math.max(state.total, 1)} value={state.done}>
              {percent}%
            </progress>
            <p>
              {t('console.import.progressText', {
                done: groupDigits(state.done),
                total: groupDigits(state.total),
                percent,
              })}
            </p>
          </div>
        ) : null}
        {state.phase === 'done' ? (
          <div className="import-progress">
            <label htmlFor="import-progress">{t('console.import.progress')}</label>
            <progress id="import-progress" max={Math.max(state.summary.rows, 1)} value={state.summary.rows}>
              100%
            </progress>
            <p>
              {t('console.import.progressText', {
                done: groupDigits(state.summary.rows),
                total: groupDigits(state.summary.rows),
                percent: 100,
              })}
            </p>
            <p role="status" className="import-done">
              {t('console.import.done', { ...state.summary })}
            </p>
          </div>
        ) : null}
        {state.phase === 'error' ? (
          <p className="form-alert" role="alert">
            {state.message}
          </p>
        ) : null}
      </section>
      <section className="import-templates" aria-labelledby="import-templates">
        <h2 id="import-templates">{t('console.import.templates')}</h2>
        <ul>
          {IMPORT_KINDS.map((k) => (
            <li key={k}>
              <a href={`/admin/import/template?kind=${k}&format=csv`} download>
                {t('console.import.templateCsv', { kind: kindLabel(k) })}
              </a>
              {' · '}
              <a href={`/admin/import/template?kind=${k}&format=xlsx`} download>
                {t('console.import.templateXlsx', { kind: kindLabel(k) })}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
