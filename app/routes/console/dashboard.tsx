import { Link } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { contentKind } from '#shared/content-kinds.ts'
import type { Route } from './+types/dashboard'
import { recordLink } from './audit-entry.server.ts'
import { EDITOR_AUDIT_SCOPE, sentenceOf } from './audit-sentence.server.ts'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, requireStaff } from './console.server.ts'
import { requestFigures } from './dashboard-requests.server.ts'
import { RequestFigures } from './dashboard-requests.tsx'
import { recordLabel } from './content/record-label.ts'
import { useWhen } from './use-when.ts'
import './dashboard.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.dashboard.title')
}

/** Entries per list of the dashboard; each list links to its whole page. */
const SHOWN = 6

/**
 * The console's first page (issue 33; docs/decisions/052-console-audit-sentences.md): the account,
 * my recent changes and everyone's (in sentences, within what the role may read), what waits
 * (drafts, unpublished records, scheduled popups), missing or outdated translations, the last
 * imports, and for administrators the outbox and the restricted area's access of the last week.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const role = staff.user.role
  const scope = role === 'editor' ? EDITOR_AUDIT_SCOPE : null
  const service = context.services.console
  const editor = context.services.contentEditor
  const changes = { scope, skipActions: 'auth.', page: 1, pageSize: SHOWN }
  const [mine, everyone, imports, pending, translations, outbox, access, requests] = await Promise.all([
    service.listAudit({ ...changes, userId: staff.user.id }),
    service.listAudit(changes),
    service.listAudit({ recordType: 'import', page: 1, pageSize: 3 }),
    editor.pending(),
    editor.translations(),
    role === 'admin' ? context.services.dashboard.outbox() : null,
    role === 'admin' ? context.services.dashboard.restrictedAccess(7) : null,
    requestFigures(context.services, context.lang, new Date()),
  ])
  const entries = (list: typeof mine) =>
    list.rows.map((row) => ({
      id: row.entry.id,
      at: new Date(row.entry.at).toISOString(),
      sentence: sentenceOf(row, context.lang),
      link: recordLink(row.entry.record_type, row.entry.record_id),
    }))
  const record = (kind: Parameters<typeof contentKind>[0], state: Parameters<typeof recordLabel>[1]) => ({
    link: `/admin/content/${kind}/${state.id}`,
    label: recordLabel(contentKind(kind)!, state, context.lang),
  })
  const scheduled = pending.filter((p) => p.why === 'scheduled')
  const waiting = pending.filter((p) => p.why !== 'scheduled')
  const minutesLeft = Math.max(0, Math.floor(staff.remainingMs / 60_000))
  return {
    name: staff.user.name,
    username: staff.user.username,
    role,
    minutesLeft,
    endsAt: staff.endsAt.toISOString(),
    mine: entries(mine),
    everyone: entries(everyone),
    imports: entries(imports),
    waiting: {
      total: waiting.length,
      items: waiting.slice(0, SHOWN).map((p) => ({ ...record(p.kind, p.state), why: p.why })),
    },
    scheduled: {
      total: scheduled.length,
      items: scheduled
        .sort((a, b) => a.startsAt!.getTime() - b.startsAt!.getTime())
        .slice(0, SHOWN)
        .map((p) => ({ ...record(p.kind, p.state), startsAt: p.startsAt!.toISOString() })),
    },
    translations: {
      total: translations.length,
      items: translations.slice(0, SHOWN).map((g) => ({ ...record(g.kind, g.state), lang: g.lang, why: g.why })),
    },
    outbox: outbox && {
      waiting: outbox.waiting,
      failed: outbox.failed,
      lastError: outbox.lastError && { at: outbox.lastError.at.toISOString(), error: outbox.lastError.error },
    },
    access,
    requests,
  }
}

export const headers = consoleHeaders

type Entry = { id: number; at: string; sentence: string; link: string | null }

/** A list of audit entries in sentences, each linked to its record, with how long ago. */
function Changes({ id, title, entries, all }: { id: string; title: string; entries: Entry[]; all: string }) {
  const t = useT()
  return (
    <section className="console-card dashboard-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {entries.length === 0 ? (
        <p className="console-muted">{t('console.dashboard.noChanges')}</p>
      ) : (
        <ul className="dashboard-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.link ? <Link to={entry.link}>{entry.sentence}</Link> : entry.sentence}{' '}
              <RelativeTime iso={entry.at} className="console-muted" />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={all}>{t('console.dashboard.allChanges')}</Link>
      </p>
    </section>
  )
}

export default function Dashboard({ loaderData: data }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const why = (w: string) => t(w === 'draft' ? 'console.content.why.draft' : 'console.content.why.unpublished')
  return (
    <>
      <h1>{t('console.dashboard.title')}</h1>
      <section className="console-card" aria-labelledby="dashboard-account">
        <h2 id="dashboard-account">{t('console.dashboard.welcome', { name: data.name })}</h2>
        <dl className="console-facts">
          <dt>{t('console.dashboard.account')}</dt>
          <dd data-testid="dashboard-account">{data.username}</dd>
          <dt>{t('console.dashboard.role')}</dt>
          <dd data-testid="dashboard-role">{t(`console.role.${data.role}`)}</dd>
          <dt>{t('console.dashboard.remaining')}</dt>
          <dd data-testid="dashboard-remaining">
            <time dateTime={data.endsAt}>{t('console.dashboard.minutes', { minutes: data.minutesLeft })}</time>
          </dd>
        </dl>
        <p className="console-muted">{t('console.dashboard.sessionRule')}</p>
      </section>

      <RequestFigures data={data.requests} />

      <div className="dashboard-grid">
        <Changes id="dashboard-mine" title={t('console.dashboard.mine')} entries={data.mine} all="/admin/audit" />
        <Changes
          id="dashboard-everyone"
          title={t('console.dashboard.everyone')}
          entries={data.everyone}
          all="/admin/audit"
        />

        <section className="console-card dashboard-card" aria-labelledby="dashboard-waiting">
          <h2 id="dashboard-waiting">{t('console.dashboard.waiting', { count: data.waiting.total })}</h2>
          {data.waiting.items.length === 0 ? (
            <p className="console-muted">{t('console.content.pending.none')}</p>
          ) : (
            <ul className="dashboard-list">
              {data.waiting.items.map((item) => (
                <li key={item.link}>
                  <Link to={item.link}>{item.label}</Link> <span className="console-muted">{why(item.why)}</span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to="/admin/content">{t('console.dashboard.allContent')}</Link>
          </p>
        </section>

        <section className="console-card dashboard-card" aria-labelledby="dashboard-scheduled">
          <h2 id="dashboard-scheduled">{t('console.dashboard.scheduled', { count: data.scheduled.total })}</h2>
          {data.scheduled.items.length === 0 ? (
            <p className="console-muted">{t('console.dashboard.noScheduled')}</p>
          ) : (
            <ul className="dashboard-list">
              {data.scheduled.items.map((item) => (
                <li key={item.link}>
                  <Link to={item.link}>{item.label}</Link>{' '}
                  <span className="console-muted">
                    {t('console.content.why.scheduled', { date: when(item.startsAt) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="console-card dashboard-card" aria-labelledby="dashboard-translations">
          <h2 id="dashboard-translations">{t('console.dashboard.translations', { count: data.translations.total })}</h2>
          {data.translations.items.length === 0 ? (
            <p className="console-muted">{t('console.content.translations.none')}</p>
          ) : (
            <ul className="dashboard-list">
              {data.translations.items.map((item) => (
                <li key={`${item.link}-${item.lang}`}>
                  <Link to={item.link}>{item.label}</Link>{' '}
                  <span className="console-muted">
                    {t(item.lang === 'ko' ? 'console.content.korean' : 'console.content.english')} ·{' '}
                    {t(
                      item.why === 'missing'
                        ? 'console.dashboard.translationMissing'
                        : 'console.dashboard.translationOutdated',
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to="/admin/content#content-translations">{t('console.dashboard.allTranslations')}</Link>
          </p>
        </section>

        <Changes
          id="dashboard-imports"
          title={t('console.dashboard.imports')}
          entries={data.imports}
          all="/admin/imports"
        />

        {data.outbox ? (
          <section className="console-card dashboard-card" aria-labelledby="dashboard-outbox">
            <h2 id="dashboard-outbox">{t('console.dashboard.outbox')}</h2>
            <dl className="console-facts">
              <dt>{t('console.dashboard.outboxWaiting')}</dt>
              <dd data-testid="dashboard-outbox-waiting">{data.outbox.waiting}</dd>
              <dt>{t('console.dashboard.outboxFailed')}</dt>
              <dd data-testid="dashboard-outbox-failed">{data.outbox.failed}</dd>
            </dl>
            {data.outbox.lastError ? (
              <p className="console-muted">
                {t('console.dashboard.outboxLastError', { date: when(data.outbox.lastError.at) })}{' '}
                <code>{data.outbox.lastError.error}</code>
              </p>
            ) : null}
          </section>
        ) : null}

        {data.access ? (
          <section className="console-card dashboard-card" aria-labelledby="dashboard-access">
            <h2 id="dashboard-access">{t('console.dashboard.access')}</h2>
            {data.access.length === 0 ? (
              <p className="console-muted">{t('console.dashboard.noAccess')}</p>
            ) : (
              <table className="console-table">
                <caption className="visually-hidden">{t('console.dashboard.access')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('console.dashboard.accessDay')}</th>
                    <th scope="col">{t('console.dashboard.accessViews')}</th>
                    <th scope="col">{t('console.dashboard.accessPeople')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.access.map((row) => (
                    <tr key={row.day}>
                      <td>{row.day}</td>
                      <td>{row.views}</td>
                      <td>{row.people}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p>
              <Link to="/admin/access-log">{t('console.dashboard.allAccess')}</Link>
            </p>
          </section>
        ) : null}
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
