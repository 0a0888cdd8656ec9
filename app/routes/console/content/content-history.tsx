import { data, Link, redirect, useNavigation } from 'react-router'
import { VersionHistory } from '#app/components/console/record-history.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { historyView } from '../history/history.server.ts'
import { contentKind, fileColumns, type ContentField } from '#shared/content-kinds.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/content-history'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { fileNamesOf } from '../file-names.server.ts'
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
  const columns = kind.fields.flatMap(columnsOf).map((c) => c.column)
  // Images and files are compared by their original names, not their storage keys.
  const files = new Set(fileColumns(kind))
  const fileNames = await fileNamesOf(
    context,
    versions.flatMap((v) => [...files].map((c) => v.values[c] as string | null | undefined)),
  )
  const display = (column: string, value: unknown) =>
    files.has(column) && typeof value === 'string' ? (fileNames[value] ?? value) : value
  return {
    kind: kind.kind,
    title: kind.title,
    id,
    version: record.version,
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    ...historyView(versions, columns, new URL(request.url).searchParams, (v) => v.version === record.version, display),
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

export default function ContentHistory({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const kind = contentKind(loaderData.kind)!
  const labels = new Map(
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
  return (
    <>
      <p className="content-crumb">
        <Link to="/admin/content">{t('console.content.title')}</Link>
        {' › '}
        <Link to={editUrl}>{t('console.content.editTitle', { kind: t(loaderData.title) })}</Link>
      </p>
      <h1>{t('console.history.title', { kind: t(loaderData.title) })}</h1>
      <FormAlert message={actionData?.message} />
      <VersionHistory
        versions={loaderData.versions}
        compare={loaderData.compare}
        labels={labels}
        canRestore={loaderData.canEdit}
        restoreFields={{ version: loaderData.version }}
        busy={busy}
      />
      <p>
        <Link to={editUrl}>{t('console.history.back')}</Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
