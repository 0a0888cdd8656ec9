import { diffWords } from 'diff'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { shownValue } from '../audit-entry.server.ts'
import { contentKind, type ContentField } from '#shared/content-kinds.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/content-history'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { useWhen } from '../use-when.ts'
import { actorOf, idOr404, kindOr404, toFormValues } from './content.server.ts'
import { badRequest, refusal } from '../save-answer.server.ts'
import './content.css'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData?.title ?? 'console.content.title')
}

export const headers = consoleHeaders

/** A field's columns with their labels: a bilingual one as its Korean and English sides. */
function columnsOf(field: ContentField): { column: string; side: 'ko' | 'en' | null }[] {
  return field.bilingual
    ? [
        { column: field.name, side: 'ko' },
        { column: `${field.name}_en`, side: 'en' },
      ]
    : [{ column: field.name, side: null }]
}

const positive = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null)

/**
 * A record's saved versions (docs/decisions/042-record-history.md), newest first: who, when, what it
 * did and which fields it changed; two chosen ones (`?a=&b=`, the two newest by default) side by side
 * with the changed words marked; "restore" makes one the current draft.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const kind = kindOr404(params.kind)
  const id = idOr404(params.id)
  const editor = context.services.contentEditor
  const record = await editor.get(kind.kind, id)
  if (!record) throw data(null, { status: 404, headers: consoleHeaders() })
  const versions = (await editor.history(kind.kind, id)).map((v) => ({ ...v, values: toFormValues(v.values) }))
  const url = new URL(request.url).searchParams
  const pick = (n: number | null, fallback: number) => versions.find((v) => v.id === n) ?? versions[fallback]
  const older = pick(positive(url.get('a')), 1) ?? null
  const newer = pick(positive(url.get('b')), 0) ?? null
  const columns = kind.fields.flatMap(columnsOf)
  const changedFrom = (i: number) => {
    const previous = versions[i + 1]
    return previous ? columns.filter((c) => previous.values[c.column] !== versions[i]!.values[c.column]) : []
  }
  return {
    kind: kind.kind,
    title: kind.title,
    id,
    version: record.version,
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    versions: versions.map((v, i) => ({
      id: v.id,
      version: v.version,
      action: v.action,
      published: v.published,
      savedAt: v.savedAt.toISOString(),
      savedBy: v.savedBy,
      changed: changedFrom(i).map((c) => c.column),
    })),
    compare:
      older && newer && older.id !== newer.id
        ? {
            a: older.id,
            b: newer.id,
            rows: columns.map(({ column }) => ({
              column,
              parts: diffWords(shownValue(older.values[column]), shownValue(newer.values[column])).map((p) => ({
                text: p.value,
                change: p.added ? ('added' as const) : p.removed ? ('removed' as const) : null,
              })),
            })),
          }
        : null,
  }
}

/** "Restore this version": it becomes the current draft (checked as a save, audited), to publish as usual. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const kind = kindOr404(params.kind)
  const id = idOr404(params.id)
  const form = await formValues(request)
  const version = positive(form.version ?? null)
  const versionId = positive(form.version_id ?? null)
  if (form.intent !== 'restore' || version === null || versionId === null) return badRequest()
  const result = await context.services.contentEditor.restore(
    actorOf(staff, context),
    kind.kind,
    id,
    version,
    versionId,
  )
  if (result.ok) throw redirect(`/admin/content/${kind.kind}/${id}?done=restored`, { headers: consoleHeaders() })
  return refusal(result, context.lang)
}

const ACTIONS: Record<string, MessageKey> = {
  'content.create': 'console.history.action.create',
  'content.create-publish': 'console.history.action.createPublish',
  'content.save': 'console.history.action.save',
  'content.draft': 'console.history.action.draft',
  'content.publish': 'console.history.action.publish',
  'content.unpublish': 'console.history.action.unpublish',
  'content.discard-draft': 'console.history.action.discard',
  'content.restore': 'console.history.action.restore',
}

export default function ContentHistory({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const busy = useNavigation().state !== 'idle'
  const kind = contentKind(loaderData.kind)!
  const { versions, compare } = loaderData
  const labelOf = new Map(
    kind.fields.flatMap((field) =>
      columnsOf(field).map(({ column, side }) => [
        column,
        side
          ? `${t(field.label)} (${t(side === 'ko' ? 'console.content.korean' : 'console.content.english')})`
          : t(field.label),
      ]),
    ),
  )
  const editUrl = `/admin/content/${loaderData.kind}/${loaderData.id}`
  const numberOf = (versionId: number) => versions.find((v) => v.id === versionId)?.version
  return (
    <>
      <p className="content-crumb">
        <Link to="/admin/content">{t('console.content.title')}</Link>
        {' › '}
        <Link to={editUrl}>{t('console.content.editTitle', { kind: t(loaderData.title) })}</Link>
      </p>
      <h1>{t('console.history.title', { kind: t(loaderData.title) })}</h1>
      <FormAlert message={actionData?.message} />
      {versions.length === 0 ? (
        <p className="console-muted">{t('console.history.none')}</p>
      ) : (
        <form method="get" className="history-form">
          <table className="console-table history-table">
            <caption>{t('console.history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.history.compareA')}</th>
                <th scope="col">{t('console.history.compareB')}</th>
                <th scope="col">{t('console.history.version')}</th>
                <th scope="col">{t('console.history.what')}</th>
                {loaderData.canEdit ? <th scope="col">{t('console.history.restoreHead')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => {
                const name = t('console.history.versionName', { version: v.version })
                return (
                  <tr key={v.id}>
                    <td>
                      <input
                        type="radio"
                        name="a"
                        value={v.id}
                        defaultChecked={compare?.a === v.id}
                        aria-label={`${t('console.history.compareA')}: ${name}`}
                      />
                    </td>
                    <td>
                      <input
                        type="radio"
                        name="b"
                        value={v.id}
                        defaultChecked={compare?.b === v.id}
                        aria-label={`${t('console.history.compareB')}: ${name}`}
                      />
                    </td>
                    <th scope="row">{name}</th>
                    <td>
                      {t('console.history.sentence', {
                        name: v.savedBy ?? t('console.content.someone'),
                        time: when(v.savedAt),
                        action: t(ACTIONS[v.action] ?? 'console.history.action.save'),
                      })}
                      {v.changed.length > 0 ? (
                        <>
                          {' '}
                          {t('console.history.changed', {
                            fields: v.changed.map((c) => labelOf.get(c) ?? c).join(', '),
                          })}
                        </>
                      ) : null}
                    </td>
                    {loaderData.canEdit ? (
                      <td>
                        {v.version === loaderData.version ? (
                          <span className="console-muted">{t('console.history.current')}</span>
                        ) : (
                          <Form method="post" className="console-inline-form">
                            <input type="hidden" name="version" value={loaderData.version} />
                            <input type="hidden" name="version_id" value={v.id} />
                            <button
                              type="submit"
                              name="intent"
                              value="restore"
                              className="button button--outline catalogue-small"
                              disabled={busy}
                              aria-label={`${t('console.history.restore')}: ${name}`}
                            >
                              {t('console.history.restore')}
                            </button>
                          </Form>
                        )}
                      </td>
                    ) : null}
                  </tr>
                )
              })}
            </tbody>
          </table>
          {versions.length > 1 ? (
            <button type="submit" className="button button--outline">
              {t('console.history.compare')}
            </button>
          ) : null}
        </form>
      )}
      {compare ? (
        <section aria-labelledby="history-compare" className="history-compare">
          <h2 id="history-compare">
            {t('console.history.compareTitle', {
              a: numberOf(compare.a) ?? '?',
              b: numberOf(compare.b) ?? '?',
            })}
          </h2>
          <table className="console-table">
            <caption className="visually-hidden">{t('console.history.compareCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.history.field')}</th>
                <th scope="col">{t('console.history.versionName', { version: numberOf(compare.a) ?? '?' })}</th>
                <th scope="col">{t('console.history.versionName', { version: numberOf(compare.b) ?? '?' })}</th>
              </tr>
            </thead>
            <tbody>
              {compare.rows.map((row) => (
                <tr key={row.column} className={row.parts.some((p) => p.change) ? 'is-changed' : undefined}>
                  <th scope="row">{labelOf.get(row.column) ?? row.column}</th>
                  <td>
                    {row.parts
                      .filter((p) => p.change !== 'added')
                      .map((p, i) =>
                        p.change === 'removed' ? <del key={i}>{p.text}</del> : <span key={i}>{p.text}</span>,
                      )}
                  </td>
                  <td>
                    {row.parts
                      .filter((p) => p.change !== 'removed')
                      .map((p, i) =>
                        p.change === 'added' ? <ins key={i}>{p.text}</ins> : <span key={i}>{p.text}</span>,
                      )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <p>
        <Link to={editUrl}>{t('console.history.back')}</Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
