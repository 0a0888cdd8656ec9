import { StatusBadges } from '#app/components/console/list-kit.tsx'
import { publishedStatus } from '#shared/record-status.ts'
import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { ConflictChoices, useConflictTakes, type ConflictField } from '#app/components/console/conflict-choices.tsx'
import { FileNamesProvider } from '#app/components/console/file-names.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Field } from '#app/components/form/field.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { koreaDate } from '#app/utils/korea-date.ts'
import { formValues } from '#app/utils/session.server.ts'
import { documentSchema, FILE_SLOTS, reviseSchema, type DocumentInput, type FileFor } from '#shared/document-form.ts'
import { documentLabel, nextRevision } from '#shared/document-numbers.ts'
import { checkForm } from '#shared/field-errors.ts'
import { consoleDownloadUrl } from '#shared/files.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { localized } from '#shared/locales.ts'
import { CIRCUIT_DIAGRAM_TYPE, CLASSIFICATION_COUNT, classificationKey } from '#shared/service-pages.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/document-edit'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { fileNamesOf } from '../file-names.server.ts'
import { useWhen } from '../use-when.ts'
import {
  expandTaken,
  filesInWords,
  filesValue,
  optionsValue,
  postedFilesValue,
  postedOptionsValue,
} from './document-conflict.ts'
import { DocumentFileSlots } from './document-file-slots.tsx'
import { DocumentTypeOptions } from './document-type-options.tsx'
import { actorOf, archiveOr404, idOr404 } from './documents.server.ts'
import { badRequest, invalid, refusal, type SaveAnswer } from '../save-answer.server.ts'
import { DocumentsTabs } from './documents-tabs.tsx'
import './documents.css'

export function meta({ matches, params }: Route.MetaArgs) {
  return consoleMeta(matches, params.archive === 'service' ? 'console.docs.service' : 'console.docs.reference')
}

export const headers = consoleHeaders

const DONE = ['created', 'save', 'publish', 'unpublish', 'revise'] as const
type Done = (typeof DONE)[number]
const DONE_MESSAGES: Record<Done, MessageKey> = {
  created: 'console.content.done.created',
  save: 'console.content.done.save',
  publish: 'console.content.done.publish',
  unpublish: 'console.content.done.unpublish',
  revise: 'console.docs.done.revise',
}

/**
 * A document as its form posts it, for the comparison after a conflict: its inputs, and its files
 * and option tags as one value each.
 */
function formValuesOf(doc: DocumentInput): Record<string, string> {
  return {
    type: String(doc.type),
    doc_number: doc.doc_number,
    title: doc.title,
    title_en: doc.title_en,
    url: doc.url,
    url_en: doc.url_en,
    product_id: doc.product_id == null ? '' : String(doc.product_id),
    options: optionsValue(doc.option_ids),
    files: filesValue(doc.files),
  }
}

/** A document's form (or a new one's at `/new`), its earlier revisions, and what the form offers to choose. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const archive = archiveOr404(params.archive)
  const { documentsAdmin, products, supportRecords } = context.services
  const search = new URL(request.url).searchParams
  const done = search.get('done')
  const canEdit = roleAtLeast(staff.user.role, 'editor')
  const isNew = params.id === 'new'
  if (isNew && !canEdit) throw data(null, { status: 404, headers: consoleHeaders() })
  const doc = isNew ? null : await documentsAdmin.get(archive, idOr404(params.id))
  if (!isNew && !doc) throw data(null, { status: 404, headers: consoleHeaders() })
  const askedType = Number(search.get('type'))
  const type =
    doc?.type ?? (Number.isInteger(askedType) && askedType >= 1 && askedType < CLASSIFICATION_COUNT ? askedType : 1)
  const lang = context.lang
  const productOptions =
    archive === 'reference'
      ? (await products.tree()).flatMap((f) => [
          { id: f.id, label: localized(f, 'title', lang) },
          ...f.product_list.flatMap((s) => [
            { id: s.id, label: `— ${localized(s, 'title', lang)}` },
            ...s.product_list.map((i) => ({ id: i.id, label: `— — ${localized(i, 'title', lang)}` })),
          ]),
        ])
      : []
  // Every service page's option groups (a handful each): the form shows those of the chosen page.
  const optionGroups =
    archive === 'service'
      ? (await supportRecords.optionGroups(null)).map((g) => ({
          id: g.id,
          type: g.type,
          title: localized(g, 'title', lang),
          options: g.options.map((o) => ({ id: o.id, title: localized(o, 'title', lang), code: o.code })),
        }))
      : []
  return {
    archive,
    canEdit,
    done: DONE.includes(done as Done) ? (done as Done) : null,
    suggested: isNew ? await documentsAdmin.suggestNumber(archive, type) : null,
    type,
    productOptions,
    optionGroups,
    doc: doc && {
      ...doc,
      revised_at: doc.revised_at.toISOString(),
      updated_at: doc.updated_at.toISOString(),
      revisions: doc.revisions.map((r) => ({
        ...r,
        revised_at: r.revised_at.toISOString(),
        archived_at: r.archived_at.toISOString(),
      })),
    },
  }
}

/** save / save-publish (new), save, publish, unpublish, revise: editors and administrators. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const archive = archiveOr404(params.archive)
  const form = await formValues(request)
  const admin = context.services.documentsAdmin
  const actor = actorOf(staff, context)
  const intent = form.intent ?? ''
  const fields = Object.fromEntries(Object.entries(form).filter(([k]) => k !== 'intent' && k !== 'version'))
  // What the form posted, with its files and option tags also as one value each (the conflict compares them).
  const posted = { ...fields, files: postedFilesValue(fields), options: postedOptionsValue(fields) }
  const done = (id: number, what: Done) =>
    redirect(`/admin/documents/${archive}/${id}?done=${what}`, { headers: consoleHeaders() })

  if (params.id === 'new') {
    if (intent !== 'save' && intent !== 'save-publish') return badRequest()
    // An empty number takes the next free one of the classification.
    if (!form.doc_number?.trim() && Number(form.type) >= 1 && Number(form.type) < CLASSIFICATION_COUNT)
      form.doc_number = await admin.suggestNumber(archive, Number(form.type))
    const checked = checkForm(documentSchema(archive), form)
    if (!checked.ok) return invalid(checked.errors, { values: posted, form: 'edit' })
    const result = await admin.create(archive, actor, checked.data, intent === 'save-publish')
    if (!result.ok) return refusal(result, context.lang, { values: posted, form: 'edit' })
    throw done(result.id, intent === 'save-publish' ? 'publish' : 'created')
  }

  const id = idOr404(params.id)
  const version = Number(form.version)
  if (!Number.isInteger(version)) return badRequest()
  let result
  if (intent === 'save') {
    const checked = checkForm(documentSchema(archive), form)
    if (!checked.ok) return invalid(checked.errors, { values: posted, form: 'edit' })
    result = await admin.save(archive, actor, id, version, checked.data)
  } else if (intent === 'publish' || intent === 'unpublish') {
    result = await admin.setPublished(archive, actor, id, version, intent === 'publish')
  } else if (intent === 'revise') {
    const checked = checkForm(reviseSchema, form)
    if (!checked.ok) return invalid(checked.errors, { values: posted, form: 'revise' })
    result = await admin.revise(archive, actor, id, version, checked.data)
  } else return badRequest()
  if (!result.ok) {
    // A stale save also answers the document as saved now, for the editor to compare field by field.
    const saved = intent === 'save' && result.reason === 'conflict' ? await admin.get(archive, id) : null
    // Publishing posts no fields: its refusal names its own form and leaves the document form's typing alone.
    if (intent === 'publish' || intent === 'unpublish') return refusal(result, context.lang, { form: 'publish' })
    // The names of the files either side holds (one the other editor uploaded is new to this page).
    const fileNames = saved
      ? await fileNamesOf(context, [...postedFiles(fields).map((f) => f.key), ...saved.files.map((f) => f.key)])
      : undefined
    return refusal(result, context.lang, {
      values: posted,
      form: intent === 'revise' ? 'revise' : 'edit',
      ...(saved ? { theirs: formValuesOf(saved), fileNames } : {}),
    })
  }
  throw done(id, intent as Done)
}

type Loaded = Route.ComponentProps['loaderData']

/** The file slots as posted (shown again after a refusal). */
const postedFiles = (values: Record<string, string>) =>
  Array.from({ length: FILE_SLOTS }, (_, i) => ({
    key: values[`file_${i}`] ?? '',
    for: (values[`file_${i}_for`] ?? 'auto') as FileFor,
  }))

/** The classification (reference) or the service page, grouped by first depth (type = second + 6 × first + 1). */
function TypeSelect({
  archive,
  value,
  onChange,
  error,
}: {
  archive: 'reference' | 'service'
  value: number
  onChange: (type: number) => void
  error: string | undefined
}) {
  const t = useT()
  const label = t(archive === 'service' ? 'console.docs.depth' : 'console.docs.classification')
  return (
    <Field label={label} required error={error}>
      {(control) => (
        <select
          {...control}
          name="type"
          className="field__input"
          value={String(value)}
          onChange={(e) => onChange(Number(e.target.value))}
        >
          <DocumentTypeOptions grouped={archive === 'service'} />
        </select>
      )}
    </Field>
  )
}

/** The option tags of a service document: the groups of its page, as checkboxes. */
function OptionTags({
  groups,
  type,
  chosen,
  error,
}: {
  groups: Loaded['optionGroups']
  type: number
  chosen: Set<number>
  error: string | undefined
}) {
  const t = useT()
  const shown = groups.filter((g) => g.type === type)
  return (
    <fieldset aria-describedby={error ? 'docs-options-error' : undefined}>
      <legend>{t('console.docs.options')}</legend>
      {type === CIRCUIT_DIAGRAM_TYPE ? <p className="docs-note">{t('console.docs.standardNote')}</p> : null}
      {shown.length === 0 ? <p className="console-muted">{t('console.docs.noOptions')}</p> : null}
      {shown.map((g) => (
        <fieldset key={g.id}>
          <legend>{g.title}</legend>
          <div className="docs-options">
            {g.options.map((o) => (
              <label key={o.id} className="console-check">
                <input type="checkbox" name={`option_${o.id}`} defaultChecked={chosen.has(o.id)} />
                {o.title}
                {o.code ? ` (${o.code})` : ''}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {error ? (
        <p id="docs-options-error" className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** The form's fields as the conflict comparison names and words them (files by their original names). */
function conflictFields(
  t: ReturnType<typeof useT>,
  loaded: Loaded,
  fileNames: Record<string, string>,
): ConflictField[] {
  const service = loaded.archive === 'service'
  const optionTitles = new Map(loaded.optionGroups.flatMap((g) => g.options.map((o) => [String(o.id), o.title])))
  const productTitles = new Map(loaded.productOptions.map((p) => [String(p.id), p.label.replace(/^(— )+/, '')]))
  return [
    {
      name: 'type',
      label: t(service ? 'console.docs.depth' : 'console.docs.classification'),
      show: (v) => (v ? t(classificationKey(Number(v))) : ''),
    },
    { name: 'doc_number', label: t('console.docs.number') },
    { name: 'title', label: t('console.docs.titleKo') },
    { name: 'title_en', label: t('console.docs.titleEn') },
    { name: 'url', label: t('console.docs.urlKo') },
    { name: 'url_en', label: t('console.docs.urlEn') },
    ...(service
      ? [
          {
            name: 'options',
            label: t('console.docs.options'),
            show: (v: string) =>
              v
                .split(',')
                .filter(Boolean)
                .map((id) => optionTitles.get(id) ?? id)
                .join(', '),
          },
        ]
      : [
          {
            name: 'product_id',
            label: t('console.docs.product'),
            show: (v: string) => (v ? (productTitles.get(v) ?? v) : t('console.docs.noProduct')),
          },
        ]),
    {
      name: 'files',
      label: t('console.docs.currentFiles'),
      show: (v: string) => filesInWords(v, t('console.docs.for.both'), (key) => fileNames[key]),
    },
  ]
}

export default function DocumentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const busy = useNavigation().state !== 'idle'
  const { archive, doc, canEdit } = loaderData
  const editPosted: SaveAnswer | undefined = actionData?.form === 'edit' ? actionData : undefined
  const revisePosted = actionData?.form === 'revise' ? actionData : undefined
  // After a conflict, values the editor took from the saved version (the rest of the form as it stood).
  const taken = useConflictTakes(editPosted)
  const shown = taken.values ?? editPosted?.values
  const values: Record<string, string> = shown ? expandTaken(shown) : {}
  const errors = editPosted?.errors ?? {}
  const version = actionData?.version ?? doc?.version
  const [type, setType] = useState(Number(values.type ?? loaderData.type))
  const err = (name: string) => (errors[name] ? t(errors[name]) : undefined)
  const value = (name: string, fallback: string | number | null | undefined) =>
    values[name] ?? (fallback === null || fallback === undefined ? '' : String(fallback))
  const chosen = new Set(
    shown
      ? Object.keys(values)
          .filter((k) => k.startsWith('option_'))
          .map((k) => Number(k.slice(7)))
      : (doc?.option_ids ?? []),
  )
  const take = taken.take(values)
  const onTake = (name: string, taken: string) => {
    if (name === 'type') setType(Number(taken))
    take(name, taken)
  }
  const listPath = `/admin/documents/${archive}`
  const section = t(archive === 'service' ? 'console.docs.service' : 'console.docs.reference')
  const heading = doc ? documentLabel(doc.doc_number, doc.revision) : t('console.docs.new')
  // Keyed by the version loaded (a save that went through starts the form over with what is saved),
  // never by an answer: a refused save, or another form's, leaves the typing in place.
  const formKey = `${doc?.version ?? 'new'}-${taken.restart}`
  // The stored files' original names (the attachments keep them), shown instead of their keys.
  const fileNames: Record<string, string> = {
    ...Object.fromEntries((doc?.stored_files ?? []).map((f) => [f.file_name, f.origin_file_name])),
    ...actionData?.fileNames,
  }
  return (
    <FileNamesProvider names={fileNames}>
      <p className="content-crumb">
        <Link to={listPath}>{section}</Link>
      </p>
      <h1>{heading}</h1>
      <DocumentsTabs />
      {loaderData.done && !actionData ? (
        <p className="console-notice" role="status">
          {t(DONE_MESSAGES[loaderData.done])}
        </p>
      ) : null}
      <FormAlert message={actionData?.message} />
      {doc ? (
        <div className="content-state">
          <StatusBadges status={publishedStatus(doc.published)} />
          <span className="console-muted">
            {t('console.content.updated')}:{' '}
            {t('console.content.updatedBy', { time: when(doc.updated_at), name: doc.updated_by ?? '—' })}
          </span>
          <Link to={`/admin/history/document/${doc.id}?archive=${archive}`}>{t('console.history.link')}</Link>
        </div>
      ) : null}
      {!canEdit ? <p className="console-muted">{t('console.content.readOnly')}</p> : null}
      {editPosted?.theirs && editPosted.values ? (
        <ConflictChoices
          key={editPosted.version}
          fields={conflictFields(t, loaderData, fileNames)}
          mine={editPosted.values}
          theirs={editPosted.theirs}
          by={editPosted.by ?? ''}
          onTake={onTake}
        />
      ) : null}
      <Form method="post" ref={taken.formRef} className="console-form docs-form" noValidate key={formKey}>
        <fieldset disabled={!canEdit} className="content-form__fields">
          <legend className="visually-hidden">{heading}</legend>
          {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
          <TypeSelect archive={archive} value={type} onChange={setType} error={err('type')} />
          <TextInput
            name="doc_number"
            label={t('console.docs.number')}
            required={Boolean(doc)}
            defaultValue={value('doc_number', doc?.doc_number)}
            placeholder={loaderData.suggested ?? undefined}
            hint={
              doc
                ? t('console.docs.numberHint')
                : t('console.docs.numberNewHint', { number: loaderData.suggested ?? '' })
            }
            error={err('doc_number')}
            maxLength={40}
            autoCapitalize="characters"
          />
          <div className="docs-pair">
            <TextInput
              name="title"
              label={t('console.docs.titleKo')}
              required
              defaultValue={value('title', doc?.title)}
              error={err('title')}
              maxLength={300}
              lang="ko"
            />
            <TextInput
              name="title_en"
              label={t('console.docs.titleEn')}
              required
              defaultValue={value('title_en', doc?.title_en)}
              error={err('title_en')}
              maxLength={300}
              lang="en"
            />
            <TextInput
              name="url"
              type="url"
              label={t('console.docs.urlKo')}
              defaultValue={value('url', doc?.url)}
              error={err('url')}
              hint={t('console.docs.urlHint')}
              maxLength={1000}
            />
            <TextInput
              name="url_en"
              type="url"
              label={t('console.docs.urlEn')}
              defaultValue={value('url_en', doc?.url_en)}
              error={err('url_en')}
              maxLength={1000}
            />
          </div>
          {archive === 'reference' ? (
            <Field label={t('console.docs.product')} hint={t('console.docs.productHint')} error={err('product_id')}>
              {(control) => (
                <select
                  {...control}
                  name="product_id"
                  className="field__input"
                  defaultValue={value('product_id', doc?.product_id)}
                >
                  <option value="">{t('console.docs.noProduct')}</option>
                  {loaderData.productOptions.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            <OptionTags groups={loaderData.optionGroups} type={type} chosen={chosen} error={err('options')} />
          )}
          <DocumentFileSlots
            legend={t('console.docs.currentFiles')}
            files={shown ? postedFiles(values) : (doc?.files ?? [])}
            errors={errors}
          />
        </fieldset>
        {canEdit ? (
          <div className="content-actions">
            <button className="button button--outline" type="submit" name="intent" value="save" disabled={busy}>
              {t('console.content.save')}
            </button>
            {!doc ? (
              <button
                className="button button--primary"
                type="submit"
                name="intent"
                value="save-publish"
                disabled={busy}
              >
                {t('console.content.saveAndPublish')}
              </button>
            ) : null}
          </div>
        ) : null}
      </Form>
      {doc && canEdit ? (
        <Form method="post" className="console-inline-form content-actions content-actions--secondary">
          <input type="hidden" name="version" value={version} />
          <button
            className="button button--outline"
            type="submit"
            name="intent"
            value={doc.published ? 'unpublish' : 'publish'}
            disabled={busy}
          >
            {t(doc.published ? 'console.content.unpublish' : 'console.docs.publish')}
          </button>
        </Form>
      ) : null}
      {doc && canEdit ? (
        <section className="console-card" aria-labelledby="docs-revise">
          <h2 id="docs-revise">{t('console.docs.reviseTitle')}</h2>
          <p className="console-muted">
            {t('console.docs.reviseHelp', {
              current: documentLabel(doc.doc_number, doc.revision),
              date: koreaDate(doc.revised_at),
            })}
          </p>
          <Form
            method="post"
            className="console-form docs-form"
            noValidate
            key={`revise-${version}-${revisePosted ? 'posted' : 'loaded'}`}
          >
            <input type="hidden" name="version" value={version} />
            <TextInput
              name="revision"
              label={t('console.docs.newRevision')}
              defaultValue={revisePosted?.values?.revision ?? ''}
              placeholder={nextRevision(doc.revision)}
              hint={t('console.docs.newRevisionHint', { next: nextRevision(doc.revision) })}
              error={revisePosted?.errors.revision ? t(revisePosted.errors.revision) : undefined}
              maxLength={7}
            />
            <DocumentFileSlots
              legend={t('console.docs.newFiles')}
              files={revisePosted?.values ? postedFiles(revisePosted.values) : []}
              errors={revisePosted?.errors ?? {}}
            />
            <button className="button button--primary" type="submit" name="intent" value="revise" disabled={busy}>
              {t('console.docs.reviseSubmit')}
            </button>
          </Form>
        </section>
      ) : null}
      {doc ? (
        <section className="console-card docs-revisions" aria-labelledby="docs-revisions">
          <h2 id="docs-revisions">{t('console.docs.revisions')}</h2>
          {doc.revisions.length === 0 ? (
            <p className="console-muted">{t('console.docs.noRevisions')}</p>
          ) : (
            <ul>
              {doc.revisions.map((r) => (
                <li key={r.id}>
                  <strong>{documentLabel(r.doc_number, r.revision)}</strong> · {r.title} ·{' '}
                  {t('console.docs.revisionDates', {
                    issued: koreaDate(r.revised_at),
                    replaced: when(r.archived_at),
                    name: r.archived_by ?? '—',
                  })}
                  {r.files.length > 0 ? (
                    <ul>
                      {r.files.map((f) => (
                        <li key={f.file_name}>
                          <a href={consoleDownloadUrl(f)} download>
                            {`[${f.icon}] ${f.origin_file_name}`}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <p>
        <Link to={listPath}>{t('console.content.back')}</Link>
      </p>
    </FileNamesProvider>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
