import { useMemo } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { AutosaveStatus, useAutosave } from '../autosave.tsx'
import { ConflictChoices, useConflictTakes } from '#app/components/console/conflict-choices.tsx'
import { FileNamesProvider } from '#app/components/console/file-names.tsx'
import { StatusBadges } from '#app/components/console/list-kit.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { contentKind, fileColumns } from '#shared/content-kinds.ts'
import { contentSchema } from '#shared/content-schema.ts'
import { isAltToPublish } from '#shared/media-rules.ts'
import type { Lang } from '#shared/locales.ts'
import { recordStatuses } from '#shared/record-status.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/content-edit'
import { consoleMeta } from '../console-meta.ts'
import { useWhen } from '../use-when.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { fileNamesOf } from '../file-names.server.ts'
import { AltToPublish } from './alt-to-publish.tsx'
import { ContentFieldInput } from './content-field.tsx'
import { actorOf, CONTENT_FORM_LIMIT, idOr404, kindOr404, toFormValues } from './content.server.ts'
import { badRequest, consoleAnswer, refusal, type SaveAnswer } from '../save-answer.server.ts'
import './content.css'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData?.title ?? 'console.content.title')
}

export const headers = consoleHeaders

const DONE = [
  'created',
  'save',
  'draft',
  'publish',
  'unpublish',
  'discard',
  'restored',
  'publish-ko',
  'publish-en',
  'unpublish-ko',
  'unpublish-en',
] as const
type Done = (typeof DONE)[number]

/** A record's form (or a new one's, at `/new`), its state and who changed it last. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const kind = kindOr404(params.kind)
  const done = new URL(request.url).searchParams.get('done')
  const base = {
    kind: kind.kind,
    title: kind.title,
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    done: DONE.includes(done as Done) ? (done as Done) : null,
  }
  if (params.id === 'new') {
    if (kind.singleton || !base.canEdit) throw data(null, { status: 404, headers: consoleHeaders() })
    return { ...base, record: null, fileNames: {} }
  }
  const state = await context.services.contentEditor.get(kind.kind, idOr404(params.id))
  if (!state) throw data(null, { status: 404, headers: consoleHeaders() })
  return {
    ...base,
    // The original names of the record's images and files, shown in their fields instead of the keys.
    fileNames: await fileNamesOf(
      context,
      fileColumns(kind).map((c) => state.values[c] as string | null),
    ),
    record: {
      id: state.id,
      values: toFormValues(state.values),
      published: state.published,
      hasDraft: state.hasDraft,
      languages: state.languages,
      window: state.window,
      version: state.version,
      updatedAt: state.updatedAt.toISOString(),
      updatedBy: state.updatedBy,
    },
  }
}

/**
 * save (a new record: unpublished; a published one: its draft), save-publish, save-publish-ko and
 * -en (one language: docs/decisions/043-per-language-publishing.md), publish, unpublish,
 * unpublish-ko and -en, discard, delete. Editors and administrators; every outcome says what happened.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const kind = kindOr404(params.kind)
  const form = await formValues(request, { limit: CONTENT_FORM_LIMIT })
  const editor = context.services.contentEditor
  const actor = actorOf(staff, context)
  const intent = form.intent ?? ''
  const version = Number(form.version)
  const isNew = params.id === 'new'
  if (!isNew && !Number.isInteger(version)) return badRequest()

  let result
  if (isNew) {
    if (intent !== 'save' && intent !== 'save-publish') return badRequest()
    result = await editor.create(actor, kind.kind, form, intent === 'save-publish')
  } else {
    const id = idOr404(params.id)
    const lang = LANG_INTENTS[intent]
    if (intent === 'save' || intent === 'save-publish')
      result = await editor.save(actor, kind.kind, id, version, form, intent === 'save-publish')
    else if (intent.startsWith('save-publish-') && lang)
      result = await editor.save(actor, kind.kind, id, version, form, lang)
    else if (intent.startsWith('unpublish-') && lang)
      result = await editor.unpublishLanguage(actor, kind.kind, id, version, lang)
    else if (intent === 'publish' || intent === 'unpublish')
      result = await editor.setPublished(actor, kind.kind, id, version, intent === 'publish')
    else if (intent === 'discard') result = await editor.discardDraft(actor, kind.kind, id, version)
    else if (intent === 'delete') {
      if (form.confirm !== 'yes')
        return consoleAnswer<SaveAnswer>({ errors: { confirm: 'console.error.required' } }, 400)
      result = await editor.remove(actor, kind.kind, id, version)
      if (result.ok) throw redirect(`/admin/content/${kind.kind}?deleted=1`, { headers: consoleHeaders() })
    } else return badRequest()
  }

  if (result.ok) {
    const record = await editor.get(kind.kind, result.id)
    const done: Done = isNew
      ? intent === 'save-publish'
        ? 'publish'
        : 'created'
      : intent === 'save'
        ? record?.published && record.hasDraft
          ? 'draft'
          : 'save'
        : intent === 'save-publish'
          ? 'publish'
          : (intent.replace(/^save-/, '') as Done)
    throw redirect(`/admin/content/${kind.kind}/${result.id}?done=${done}`, { headers: consoleHeaders() })
  }
  const posted = Object.fromEntries(
    Object.entries(form).filter(([k]) => k !== 'intent' && k !== 'version' && k !== 'confirm'),
  )
  // A conflict also answers what is saved now (the draft, if any), for the editor to compare field by field.
  const saved =
    !result.ok && result.reason === 'conflict' && !isNew ? await editor.get(kind.kind, idOr404(params.id)) : null
  const theirs = saved ? toFormValues(saved.values) : undefined
  // The names of the files either side holds (one uploaded by the other editor is new to this page).
  const fileNames = await fileNamesOf(
    context,
    fileColumns(kind).flatMap((c) => [posted[c], theirs?.[c]]),
  )
  return refusal(result, context.lang, { values: posted, fileNames, ...(theirs ? { theirs } : {}) })
}

/** The intents of one language, and their language. */
const LANG_INTENTS: Record<string, Lang | undefined> = {
  'save-publish-ko': 'ko',
  'save-publish-en': 'en',
  'unpublish-ko': 'ko',
  'unpublish-en': 'en',
}

const DONE_MESSAGES: Record<Done, MessageKey> = {
  'publish-ko': 'console.content.done.publishKo',
  'publish-en': 'console.content.done.publishEn',
  'unpublish-ko': 'console.content.done.unpublishKo',
  'unpublish-en': 'console.content.done.unpublishEn',
  created: 'console.content.done.created',
  save: 'console.content.done.save',
  draft: 'console.content.done.draft',
  publish: 'console.content.done.publish',
  unpublish: 'console.content.done.unpublish',
  discard: 'console.content.done.discard',
  restored: 'console.content.done.restored',
}

export default function ContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const kind = contentKind(loaderData.kind)!
  const record = loaderData.record
  // After a conflict, values the editor took from the saved version (the rest of the form as it stood).
  const taken = useConflictTakes(actionData)
  const values = taken.values ?? actionData?.values ?? record?.values ?? {}
  const loadedVersion = actionData?.version ?? record?.version
  // Typing is saved as the draft a few seconds after it stops; the forms then carry the version it made.
  const autosave = useAutosave({
    formRef: taken.formRef,
    url: `/admin/content/${kind.kind}/${record?.id ?? 'new'}/autosave`,
    version: loadedVersion,
    enabled: Boolean(record && loaderData.canEdit),
  })
  const version = autosave.version
  // The kind's schema checks the form before it is sent; the action checks again with the same one.
  const schema = useMemo(() => contentSchema(kind), [kind])
  const { errors, onSubmit, onInput } = useFormErrors(schema, actionData?.errors)
  const isPublic = Boolean(record?.published)
  const when = useWhen()
  const heading = t(record ? 'console.content.editTitle' : 'console.content.newTitle', { kind: t(loaderData.title) })
  const fileNames = { ...loaderData.fileNames, ...actionData?.fileNames }
  const files = new Set(fileColumns(kind))
  return (
    <FileNamesProvider names={fileNames}>
      <p className="content-crumb">
        <Link to="/admin/content">{t('console.content.title')}</Link>
        {kind.singleton ? null : (
          <>
            {' › '}
            <Link to={`/admin/content/${kind.kind}`}>{t(loaderData.title)}</Link>
          </>
        )}
      </p>
      <h1>{heading}</h1>
      {loaderData.done && !actionData ? (
        <p className="console-notice" role="status">
          {t(DONE_MESSAGES[loaderData.done])}
        </p>
      ) : null}
      <FormAlert
        message={
          Object.values(errors).some(isAltToPublish)
            ? { key: 'console.altToPublish.title' }
            : Object.keys(errors).length > 0
              ? { key: 'console.content.invalid' }
              : actionData?.message
        }
      />
      <AltToPublish kind={kind} errors={errors} values={values} names={fileNames} />
      {record ? (
        <div className="content-state">
          <StatusBadges status={recordStatuses(record)} />
          <span className="console-muted">
            {t('console.content.updated')}:{' '}
            {t('console.content.updatedBy', { time: when(record.updatedAt), name: record.updatedBy ?? '—' })}
          </span>
          <a href={`${kind.publicPath}?preview=all`} target="_blank" rel="noopener">
            {t('console.content.preview')}
          </a>
          <span className="console-muted content-state__hint">{t('console.content.previewHint')}</span>
          <Link to={`/admin/content/${kind.kind}/${record.id}/history`}>{t('console.history.link')}</Link>
        </div>
      ) : null}
      {!loaderData.canEdit ? <p className="console-muted">{t('console.content.readOnly')}</p> : null}
      {actionData?.theirs && actionData.values ? (
        <ConflictChoices
          key={actionData.version}
          fields={kind.fields.flatMap((field) =>
            (field.bilingual ? [field.name, `${field.name}_en`] : [field.name]).map((name, i) => ({
              name,
              label: field.bilingual
                ? `${t(field.label)} (${t(i === 0 ? 'console.content.korean' : 'console.content.english')})`
                : t(field.label),
              rich: field.type === 'richtext',
              // A file is compared by its original name, not its storage key.
              ...(files.has(name) ? { show: (v: string) => (v ? (fileNames[v] ?? v) : '') } : {}),
            })),
          )}
          mine={actionData.values}
          theirs={actionData.theirs}
          by={actionData.by ?? ''}
          onTake={taken.take(values)}
        />
      ) : null}
      <Form
        method="post"
        ref={taken.formRef}
        className="console-form content-form"
        noValidate
        key={`${loadedVersion ?? 'new'}-${actionData ? 'posted' : 'loaded'}-${taken.restart}`}
        onSubmit={onSubmit}
        onInput={onInput}
      >
        <fieldset disabled={!loaderData.canEdit} className="content-form__fields">
          <legend className="visually-hidden">{heading}</legend>
          {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
          {kind.fields.map((field) => (
            <ContentFieldInput key={field.name} field={field} values={values} errors={errors} />
          ))}
        </fieldset>
        {loaderData.canEdit ? (
          <div className="content-actions">
            <button className="button button--outline" type="submit" name="intent" value="save" disabled={busy}>
              {t(isPublic ? 'console.content.saveDraft' : 'console.content.save')}
            </button>
            <button className="button button--primary" type="submit" name="intent" value="save-publish" disabled={busy}>
              {t(isPublic ? 'console.content.publish' : 'console.content.saveAndPublish')}
            </button>
            {record && !kind.singleton ? (
              <>
                <button
                  className="button button--outline"
                  type="submit"
                  name="intent"
                  value="save-publish-ko"
                  disabled={busy}
                >
                  {t('console.content.publishKo')}
                </button>
                <button
                  className="button button--outline"
                  type="submit"
                  name="intent"
                  value="save-publish-en"
                  disabled={busy}
                >
                  {t('console.content.publishEn')}
                </button>
              </>
            ) : null}
            {busy ? (
              <span role="status" className="console-muted">
                {t('console.content.busy')}
              </span>
            ) : null}
          </div>
        ) : null}
        {record && loaderData.canEdit ? <AutosaveStatus state={autosave.state} /> : null}
      </Form>
      {record && loaderData.canEdit ? (
        <div className="content-actions content-actions--secondary">
          {record.hasDraft ? (
            <Form method="post" className="console-inline-form">
              <input type="hidden" name="version" value={version} />
              <button className="button button--outline" type="submit" name="intent" value="discard" disabled={busy}>
                {t('console.content.discard')}
              </button>
            </Form>
          ) : null}
          {!kind.singleton && record.published ? (
            <Form method="post" className="console-inline-form">
              <input type="hidden" name="version" value={version} />
              <button className="button button--outline" type="submit" name="intent" value="unpublish" disabled={busy}>
                {t('console.content.unpublish')}
              </button>
              {record.languages.ko !== 'off' && record.languages.en !== 'off' ? (
                <>
                  <button
                    className="button button--outline"
                    type="submit"
                    name="intent"
                    value="unpublish-ko"
                    disabled={busy}
                  >
                    {t('console.content.unpublishKo')}
                  </button>
                  <button
                    className="button button--outline"
                    type="submit"
                    name="intent"
                    value="unpublish-en"
                    disabled={busy}
                  >
                    {t('console.content.unpublishEn')}
                  </button>
                </>
              ) : null}
            </Form>
          ) : null}
          {!kind.singleton ? (
            <Form method="post" className="console-inline-form content-delete">
              <input type="hidden" name="version" value={version} />
              <label className="console-check">
                <input type="checkbox" name="confirm" value="yes" required />
                {t('console.content.deleteConfirm')}
              </label>
              <button className="button button--outline" type="submit" name="intent" value="delete" disabled={busy}>
                {t('console.content.delete')}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {!kind.singleton ? (
        <p>
          <Link to={`/admin/content/${kind.kind}`}>{t('console.content.back')}</Link>
        </p>
      ) : null}
    </FileNamesProvider>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
