import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from 'react-router'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { kindKey, statusKey, THREAD_LIMITS } from '#shared/service-inbox.ts'
import { ATTACHMENT_RULES, SYMPTOMS, symptomKey, type Symptom } from '#shared/service-request-rules.ts'
import { REQUEST_STATUSES, isRequestStatus } from '#shared/service-request-status.ts'
import type { Route } from './+types/request-thread'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders } from '../console.server.ts'
import { useWhen } from '../use-when.ts'
import { loadThread, threadAction, type ThreadAnswer } from './request-thread.server.ts'
import './inbox.css'
import { Fact, RequestFiles } from '#app/routes/service-request/request-parts.tsx'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.inbox.title')
}

export const headers = consoleHeaders

/**
 * /admin/requests/{id} (or its tracking number): a request, its attachments and its whole thread
 * in time order, with the actions (docs/decisions/070-service-inbox.md). Every form is keyed by the
 * request, never by its version, and a refused one shows what it posted again, so typing survives a
 * conflict, an ended session (the console's save guard) and a save of another form of the page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadThread(request, context, params.id)
}

/**
 * A refused stale action (409) reads the request again, so the page shows what changed and its
 * forms carry the version now saved (React Router skips that after a 4xx by default).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate

export async function action({ request, context, params }: Route.ActionArgs) {
  return threadAction(request, context, params.id)
}

const isSymptom = (s: string): s is Symptom => (SYMPTOMS as readonly string[]).includes(s)

export default function RequestThread() {
  const d = useLoaderData<typeof loader>()
  const a = useActionData<ThreadAnswer>()
  const t = useT()
  const lang = useLang()
  const when = useWhen()
  const navigation = useNavigation()
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const r = d.request
  const mine = (form: string) => (a?.form === form ? a : undefined)
  const typed = (form: string, field: string) => mine(form)?.values?.[field]
  // Keyed by the count of my own replies or notes: only my own successful post starts the form afresh.
  const myCount = (kind: string) => d.thread.filter((m) => m.kind === kind && m.mine).length
  const team = lang === 'en' ? r.teamEn : r.team
  const facts: [string, string][] = [
    [t('serviceRequest.field.serial'), r.fields.serial || '-'],
    [t('serviceRequest.field.model'), r.fields.model || '-'],
    [t('serviceRequest.field.site'), r.fields.site || '-'],
    [
      t('serviceRequest.field.symptom'),
      isSymptom(r.fields.symptom) ? t(symptomKey(r.fields.symptom)) : r.fields.symptom || '-',
    ],
    ...Object.entries(r.details).map(([k, v]): [string, string] => [k, String(v)]),
  ]
  const contact: [string, string][] = [
    [t('serviceRequest.field.name'), r.fields.name],
    [t('serviceRequest.field.company'), r.fields.company],
    [t('serviceRequest.field.phone'), r.fields.phone],
    [t('serviceRequest.field.email'), r.fields.email],
    [t('serviceRequest.field.contactTime'), r.fields.contactTime || '-'],
    [t('console.inbox.requesterLang'), r.lang === 'en' ? 'English' : '한국어'],
  ]
  const conflict = a?.changes ? (
    <div className="inbox-conflict" role="alert">
      <p>{t('serviceThread.error.conflict')}</p>
      <ul>
        {a.changes.map((c, i) => (
          <li key={i}>
            {c.at} · {c.by} · {c.what}
          </li>
        ))}
      </ul>
    </div>
  ) : null
  const formAlert = (form: string) =>
    mine(form) ? (
      <>
        {mine(form)?.changes ? conflict : <FormAlert message={mine(form)?.message} />}
        {mine(form)?.done ? (
          <p className="inbox-done" role="status">
            {t(mine(form)!.done!)}
          </p>
        ) : null}
        {mine(form)?.reattach?.length && !mine(form)?.done ? (
          <p className="console-muted">{t('console.inbox.reattach', { names: mine(form)!.reattach!.join(', ') })}</p>
        ) : null}
      </>
    ) : null

  return (
    <div className="inbox-thread">
      <p>
        <Link to="/admin/requests">{t('console.inbox.back')}</Link>
      </p>
      <h1>
        {t('console.inbox.heading', { tracking: r.tracking })}{' '}
        <span className={`console-badge inbox-status inbox-status--${r.status}`}>{t(statusKey(r.status))}</span>{' '}
        <span className="console-badge inbox-kind">{t(kindKey(r.kind))}</span>
      </h1>
      <dl className="inbox-facts">
        <dt>{t('console.inbox.receivedAt')}</dt>
        <dd>{when(r.acceptedAt, '-')}</dd>
        <dt>{t('console.inbox.assignee')}</dt>
        <dd className="inbox-assignee">{r.assignee ?? t('console.inbox.unassigned')}</dd>
        <dt>{t('console.inbox.team')}</dt>
        <dd>{team ?? '-'}</dd>
        <dt>{t('console.inbox.firstResponse')}</dt>
        <dd>{when(r.firstResponseAt, '-')}</dd>
        {r.resolvedAt ? (
          <>
            <dt>{t('console.inbox.resolvedAt')}</dt>
            <dd>{when(r.resolvedAt)}</dd>
          </>
        ) : null}
        {r.closedAt ? (
          <>
            <dt>{t('console.inbox.closedAt')}</dt>
            <dd>{when(r.closedAt)}</dd>
          </>
        ) : null}
      </dl>

      <div className="inbox-columns">
        <section aria-labelledby="inbox-request-title" className="inbox-request">
          <h2 id="inbox-request-title">{t('serviceRequest.status.details')}</h2>
          <dl className="inbox-facts">
            {facts.map(([k, v]) => (
              <Fact key={k} label={k} value={v} />
            ))}
          </dl>
          <p className="inbox-description">{r.fields.description}</p>
          <h3>{t('serviceRequest.status.contact')}</h3>
          <dl className="inbox-facts">
            {contact.map(([k, v]) => (
              <Fact key={k} label={k} value={v} />
            ))}
          </dl>
          <h3>{t('serviceRequest.status.files')}</h3>
          {d.files.length ? <RequestFiles files={d.files} /> : <p>{t('serviceRequest.status.noFiles')}</p>}
        </section>

        <section aria-labelledby="inbox-actions-title" className="inbox-actions">
          <h2 id="inbox-actions-title">{t('console.inbox.actions')}</h2>
          {d.canAct ? (
            <>
              <Form method="post" className="inbox-form" key={`status-${r.id}`}>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="version" value={r.version} />
                <label>
                  {t('console.inbox.status')}
                  <select name="status" defaultValue={typed('status', 'status') ?? r.status} key={`s-${r.status}`}>
                    {REQUEST_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(statusKey(s))}
                      </option>
                    ))}
                  </select>
                </label>
                <SubmitButton busy={busy('status')}>{t('console.inbox.saveStatus')}</SubmitButton>
                {formAlert('status')}
              </Form>
              <Form method="post" className="inbox-form" key={`assign-${r.id}`}>
                <input type="hidden" name="intent" value="assign" />
                <input type="hidden" name="version" value={r.version} />
                <label>
                  {t('console.inbox.assignTo')}
                  <select
                    name="assignee"
                    defaultValue={typed('assign', 'assignee') ?? (r.assigneeId ? String(r.assigneeId) : '')}
                    key={`a-${r.assigneeId ?? 0}`}
                  >
                    <option value="">{t('console.inbox.unassigned')}</option>
                    {d.people.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.id === d.me ? t('console.inbox.me', { name: p.name }) : p.name}
                      </option>
                    ))}
                  </select>
                </label>
                <SubmitButton busy={busy('assign')}>{t('console.inbox.saveAssign')}</SubmitButton>
                {formAlert('assign')}
              </Form>
            </>
          ) : (
            <p className="console-muted">{t('console.inbox.readOnly')}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="inbox-thread-title">
        <h2 id="inbox-thread-title">{t('console.inbox.thread')}</h2>
        {d.thread.length === 0 ? <p>{t('console.inbox.threadEmpty')}</p> : null}
        <ol className="inbox-messages">
          {d.thread.map((m) => (
            <li key={m.id} className={`inbox-message inbox-message--${m.kind}`}>
              <p className="inbox-message__head">
                <span className="inbox-message__kind">{t(`console.inbox.kind.${m.kind}`)}</span> ·{' '}
                {m.kind === 'customer' ? r.fields.name : (m.author ?? t('console.inbox.system'))} ·{' '}
                <time dateTime={m.at}>{when(m.at)}</time>
              </p>
              {m.kind === 'event' ? (
                <p>
                  {m.data?.status && isRequestStatus(m.data.status)
                    ? t('console.inbox.eventStatus', { status: t(statusKey(m.data.status)) })
                    : m.data?.assigneeName
                      ? t('console.inbox.eventAssigned', { name: m.data.assigneeName })
                      : t('console.inbox.eventUnassigned')}
                </p>
              ) : (
                <p className="inbox-message__body">{m.body}</p>
              )}
              {m.files.length ? <RequestFiles files={m.files} /> : null}
            </li>
          ))}
        </ol>
      </section>

      {d.canAct ? (
        <div className="inbox-columns">
          <section aria-labelledby="inbox-reply-title">
            <h2 id="inbox-reply-title">{t('console.inbox.replyTitle')}</h2>
            <p className="console-muted">
              {t(r.lang === 'en' ? 'console.inbox.replyHintEn' : 'console.inbox.replyHintKo', {
                email: r.fields.email,
              })}
            </p>
            <Form
              method="post"
              encType="multipart/form-data"
              className="inbox-form"
              key={`reply-${r.id}-${myCount('reply')}`}
            >
              <input type="hidden" name="intent" value="reply" />
              <input type="hidden" name="version" value={r.version} />
              <Textarea
                name="body"
                label={t('console.inbox.replyBody')}
                defaultValue={typed('reply', 'body') ?? ''}
                maxLength={THREAD_LIMITS.body}
                error={mine('reply')?.errors.body ? t(mine('reply')!.errors.body!) : undefined}
                rows={6}
              />
              <label className="inbox-files">
                {t('console.inbox.files', { count: ATTACHMENT_RULES.count })}
                <input type="file" name="files" multiple accept={ATTACHMENT_RULES.accept} />
              </label>
              <SubmitButton busy={busy('reply')}>{t('console.inbox.sendReply')}</SubmitButton>
              {formAlert('reply')}
            </Form>
          </section>
          <section aria-labelledby="inbox-note-title">
            <h2 id="inbox-note-title">{t('console.inbox.noteTitle')}</h2>
            <p className="console-muted">{t('console.inbox.noteHint')}</p>
            <Form method="post" className="inbox-form" key={`note-${r.id}-${myCount('note')}`}>
              <input type="hidden" name="intent" value="note" />
              <Textarea
                name="body"
                label={t('console.inbox.noteBody')}
                defaultValue={typed('note', 'body') ?? ''}
                maxLength={THREAD_LIMITS.body}
                error={mine('note')?.errors.body ? t(mine('note')!.errors.body!) : undefined}
                rows={4}
              />
              <SubmitButton busy={busy('note')}>{t('console.inbox.addNote')}</SubmitButton>
              {formAlert('note')}
            </Form>
          </section>
        </div>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
