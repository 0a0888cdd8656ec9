import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FileNamesProvider } from '#app/components/console/file-names.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { FILE_SLOTS, type FileFor } from '#shared/document-form.ts'
import { checkForm } from '#shared/field-errors.ts'
import { serialSchema } from '#shared/record-forms.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/serial-edit'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { DocumentFileSlots } from './document-file-slots.tsx'
import { actorOf, idOr404 } from './documents.server.ts'
import { DocumentsTabs } from './documents-tabs.tsx'
import { invalid, outcome, type SaveAnswer } from '../save-answer.server.ts'
import './documents.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.serials.title')
}

export const headers = consoleHeaders

/** A serial record's form (or a new one's at `/new`). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const canEdit = roleAtLeast(staff.user.role, 'editor')
  const done = new URL(request.url).searchParams.get('done')
  if (params.id === 'new') {
    if (!canEdit) throw data(null, { status: 404, headers: consoleHeaders() })
    return { canEdit, serial: null, done: null }
  }
  const serial = await context.services.supportRecords.serial(idOr404(params.id))
  if (!serial) throw data(null, { status: 404, headers: consoleHeaders() })
  return {
    canEdit,
    done: done === 'save' || done === 'created' ? done : null,
    serial: {
      id: serial.id,
      code1: serial.code1,
      code2: serial.code2,
      title: serial.title,
      title_en: serial.title_en,
      model: serial.model,
      published: serial.published,
      version: serial.version,
      files: serial.files.map((f) => ({ key: f.file_name, for: f.icon as FileFor })),
    },
    // The files' original names (the attachments keep them), shown instead of their keys.
    fileNames: Object.fromEntries(serial.files.map((f) => [f.file_name, f.origin_file_name])),
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const form = await formValues(request)
  const records = context.services.supportRecords
  const actor = actorOf(staff, context)
  if (form.intent === 'delete' && params.id !== 'new') {
    const result = await records.removeSerial(actor, idOr404(params.id), Number(form.version))
    if (result.ok) throw redirect('/admin/documents/serials', { headers: consoleHeaders() })
    return outcome(result, context.lang, { form: 'serial', values: form }, 'delete')
  }
  const checked = checkForm(serialSchema, form)
  if (!checked.ok) return invalid(checked.errors, { form: 'serial', values: form })
  const { values, files } = checked.data
  const result =
    params.id === 'new'
      ? await records.createSerial(actor, values, files)
      : await records.saveSerial(actor, idOr404(params.id), Number(form.version), values, files)
  if (result.ok)
    throw redirect(`/admin/documents/serials/${result.id}?done=${params.id === 'new' ? 'created' : 'save'}`, {
      headers: consoleHeaders(),
    })
  return outcome(result, context.lang, { form: 'serial', values: form }, 'save')
}

export default function SerialEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const { serial, canEdit } = loaderData
  const posted = actionData as SaveAnswer | undefined
  const values = posted?.values
  const v = (k: 'code1' | 'code2' | 'title' | 'title_en' | 'model') => values?.[k] ?? serial?.[k] ?? ''
  const e = (k: string) => (posted?.errors[k] ? t(posted.errors[k]) : undefined)
  const files = values
    ? Array.from({ length: FILE_SLOTS }, (_, i) => ({
        key: values[`file_${i}`] ?? '',
        for: (values[`file_${i}_for`] ?? 'auto') as FileFor,
      }))
    : (serial?.files ?? [])
  const published = values ? values.published === 'on' : (serial?.published ?? true)
  return (
    <FileNamesProvider names={'fileNames' in loaderData ? loaderData.fileNames : undefined}>
      <p className="content-crumb">
        <Link to="/admin/documents/serials">{t('console.serials.title')}</Link>
      </p>
      <h1>{serial ? `${serial.code1}-${serial.code2} ${serial.title}` : t('console.serials.new')}</h1>
      <DocumentsTabs />
      {loaderData.done && !posted ? (
        <p className="console-notice" role="status">
          {t(loaderData.done === 'created' ? 'console.content.done.created' : 'console.content.done.save')}
        </p>
      ) : null}
      <FormAlert message={posted?.message} />
      <p className="docs-note">{t('console.serials.lead')}</p>
      <Form
        method="post"
        className="console-form docs-form"
        noValidate
        key={`${posted?.values ? 'posted' : 'loaded'}-${serial?.version ?? 'new'}`}
      >
        <fieldset disabled={!canEdit} className="content-form__fields">
          <legend className="visually-hidden">{t('console.serials.title')}</legend>
          {serial ? <input type="hidden" name="version" value={serial.version} /> : null}
          <div className="docs-pair">
            <TextInput
              name="code1"
              label={t('console.serials.code1')}
              required
              defaultValue={v('code1')}
              error={e('code1')}
              inputMode="numeric"
              maxLength={2}
              hint={t('console.serials.code1Hint')}
            />
            <TextInput
              name="code2"
              label={t('console.serials.code2')}
              required
              defaultValue={v('code2')}
              error={e('code2')}
              inputMode="numeric"
              maxLength={4}
              hint={t('console.serials.code2Hint')}
            />
            <TextInput
              name="title"
              label={t('console.docs.titleKo')}
              required
              defaultValue={v('title')}
              error={e('title')}
              maxLength={300}
            />
            <TextInput
              name="title_en"
              label={t('console.docs.titleEn')}
              required
              defaultValue={v('title_en')}
              error={e('title_en')}
              maxLength={300}
            />
            <TextInput
              name="model"
              label={t('console.serials.model')}
              defaultValue={v('model')}
              error={e('model')}
              maxLength={100}
            />
          </div>
          <label className="console-check">
            <input type="checkbox" name="published" defaultChecked={published} />
            {t('console.serials.published')}
          </label>
          <DocumentFileSlots legend={t('console.serials.files')} files={files} errors={posted?.errors ?? {}} />
        </fieldset>
        {canEdit ? (
          <div className="content-actions">
            <button className="button button--primary" type="submit" name="intent" value="save" disabled={busy}>
              {t('console.content.save')}
            </button>
          </div>
        ) : null}
      </Form>
      {serial && canEdit ? (
        <Form method="post" className="console-inline-form content-actions content-actions--secondary">
          <input type="hidden" name="version" value={serial.version} />
          <button className="button button--outline" type="submit" name="intent" value="delete" disabled={busy}>
            {t('console.content.delete')}
          </button>
        </Form>
      ) : null}
    </FileNamesProvider>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
