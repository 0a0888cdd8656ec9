import { Link } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { groupDigits } from '#shared/group-digits.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { isImportKind } from '#shared/import-kinds.ts'
import type { Route } from './+types/import-report'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, notFound, requireStaff } from './console.server.ts'
import { RunState } from './import-run-parts.tsx'
import { useWhen } from './use-when.ts'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.imports.reportHeading')
}

/** One check or import (docs/decisions/067-terms-and-imports-lists.md): what, by whom, when, its counts and its first problems in the console's language. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'viewer')
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null
  const run = id === null ? null : await context.services.imports.runReport(id)
  if (!run) throw notFound()
  return {
    id: run.id,
    kind: isImportKind(run.kind) ? run.kind : null,
    file: run.file_name,
    zip: run.zip_name,
    dryRun: run.dry_run,
    state: run.status,
    who: run.user_id ? `${run.who ?? ''} (${run.who_username ?? run.user_id})` : null,
    startedAt: run.started_at.toISOString(),
    finishedAt: run.finished_at?.toISOString() ?? null,
    summary:
      run.rows === null
        ? null
        : { rows: run.rows, inserted: run.inserted ?? 0, updated: run.updated ?? 0, files: run.files ?? 0 },
    problemCount: run.problem_count,
    problems: (run.problems ?? []).map((p) => ({
      row: p.row,
      column: p.column,
      message: translate(context.lang, p.problem as MessageKey, p.vars),
    })),
  }
}

export const headers = consoleHeaders

export default function ImportReport({ loaderData: run }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const outcome = () => {
    if (run.state === 'running') return t('console.imports.stillRunning')
    if (run.problemCount > 0)
      return run.problems.length < run.problemCount
        ? t('console.imports.problemsShown', {
            count: groupDigits(run.problemCount),
            shown: groupDigits(run.problems.length),
          })
        : t('console.import.problems', { count: groupDigits(run.problemCount) })
    if (!run.summary) return t('console.imports.failedError')
    const counts = {
      rows: groupDigits(run.summary.rows),
      inserted: groupDigits(run.summary.inserted),
      updated: groupDigits(run.summary.updated),
      files: groupDigits(run.summary.files),
    }
    return t(run.state === 'dry-run' ? 'console.imports.summaryDryRun' : 'console.import.done', counts)
  }
  return (
    <>
      <p>
        <Link to="/admin/imports">{t('console.imports.back')}</Link>
      </p>
      <h1>{t('console.imports.reportTitle', { id: run.id })}</h1>
      <section className="console-card import-report" aria-labelledby="import-report-facts">
        <h2 id="import-report-facts">{t('console.imports.facts')}</h2>
        <dl>
          <dt>{t('console.imports.file')}</dt>
          <dd>{run.file}</dd>
          {run.zip ? (
            <>
              <dt>{t('console.imports.zip')}</dt>
              <dd>{run.zip}</dd>
            </>
          ) : null}
          <dt>{t('console.imports.kind')}</dt>
          <dd>{run.kind ? t(`console.import.kind.${run.kind}`) : ''}</dd>
          <dt>{t('console.imports.state')}</dt>
          <dd>
            <RunState state={run.state} />
            {run.dryRun && run.state === 'failed' ? ` (${t('console.imports.state.dry-run')})` : null}
          </dd>
          <dt>{t('console.imports.person')}</dt>
          <dd>{run.who ?? t('console.imports.commandLine')}</dd>
          <dt>{t('console.imports.date')}</dt>
          <dd>
            <time dateTime={run.startedAt}>{when(run.startedAt)}</time>
          </dd>
          <dt>{t('console.imports.finished')}</dt>
          <dd>{run.finishedAt ? <time dateTime={run.finishedAt}>{when(run.finishedAt)}</time> : '—'}</dd>
        </dl>
        <p role="status">{outcome()}</p>
      </section>
      {run.problems.length > 0 ? (
        <div className="console-table-wrap">
          <table className="console-table import-problems">
            <caption>{t('console.imports.problemsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.import.row')}</th>
                <th scope="col">{t('console.import.column')}</th>
                <th scope="col">{t('console.import.message')}</th>
              </tr>
            </thead>
            <tbody>
              {run.problems.map((p, i) => (
                <tr key={i}>
                  <td>{p.row === 0 ? t('console.import.wholeFile') : groupDigits(p.row)}</td>
                  <td>
                    <code>{p.column}</code>
                  </td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
