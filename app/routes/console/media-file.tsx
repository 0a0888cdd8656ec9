import { Form, Link, useNavigation } from 'react-router'
import { ConflictChoices, useConflictTakes, type ConflictField } from '#app/components/console/conflict-choices.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { UploadField } from '#app/components/console/upload-field.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { checkForm } from '#shared/field-errors.ts'
import type { MediaFile as StoredFile } from '#server/services/files/media-library.ts'
import type { ReplaceRefusal } from '#server/services/files/replace-file.ts'
import { consoleMediaUrl, mediaUrl, STORAGE_KEY_MAX } from '#shared/files.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { ALT_MAX, mediaDetailsSchema } from '#shared/media-rules.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import { formatFileSize } from '#shared/uploads.ts'
import type { Route } from './+types/media-file'
import { recordLink } from './audit-entry.server.ts'
import { typeLabel } from './audit-sentence.server.ts'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, notFound, requireStaff } from './console.server.ts'
import { FocalPointPicker } from './focal-point-picker.tsx'
import { badRequest, consoleAnswer, refusal, type SaveAnswer } from './save-answer.server.ts'
import { useWhen } from './use-when.ts'
import './media.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.media.title')
}

const keyOf = (request: Request) => new URL(request.url).searchParams.get('key') ?? ''

/** The percentage the form shows of a fraction 0..1 (0.125 → "12.5"). */
const percentOf = (fraction: number) => String(Math.round(fraction * 1000) / 10)

/** A file's description as the form posts it (what a conflict compares). */
const describedValues = (file: StoredFile) => ({
  alt: file.alt,
  alt_en: file.alt_en,
  focal_x: percentOf(file.focalX),
  focal_y: percentOf(file.focalY),
})

/** One stored file: every staff member sees it; editors and administrators describe it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const file = await context.services.media.find(keyOf(request))
  if (!file) throw notFound()
  const uses = await context.services.media.whereUsed(file.key)
  return {
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    uses: uses.map((use) => ({
      kind: typeLabel(use.recordType),
      recordType: use.recordType,
      name: use.name,
      id: use.id,
      link: recordLink(use.recordType, use.id),
    })),
    file: {
      ...file,
      createdAt: file.createdAt.toISOString(),
      focalX: percentOf(file.focalX),
      focalY: percentOf(file.focalY),
    },
  }
}

export const headers = consoleHeaders

/** Saves the alternative text and focal point; a refused save answers with what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const form = await formValues(request)
  const actor = { id: staff.user.id, ip: context.clientIp }
  if (form.intent === 'replace') {
    const replacement = form.replacement ?? ''
    if (replacement === '' || replacement.length > STORAGE_KEY_MAX)
      return consoleAnswer<SaveAnswer>(
        { errors: { replacement: 'console.mediaLib.error.noReplacement' }, form: 'replace' },
        400,
      )
    const result = await context.services.media.replace(actor, keyOf(request), replacement)
    if (!result.ok)
      return consoleAnswer<SaveAnswer>(
        { errors: {}, form: 'replace', message: { key: REPLACE_REFUSALS[result.reason] } },
        result.reason === 'not-found' ? 404 : 400,
      )
    return consoleAnswer<SaveAnswer>({ errors: {}, form: 'replace', done: 'replaced' })
  }
  // The description's version as the editor loaded it: one saved since is not overwritten.
  if (!/^\d{1,9}$/.test(form.version ?? '')) return badRequest()
  const values = {
    alt: form.alt ?? '',
    alt_en: form.alt_en ?? '',
    focal_x: form.focal_x ?? '',
    focal_y: form.focal_y ?? '',
  }
  const checked = checkForm(mediaDetailsSchema, values)
  if (!checked.ok)
    return consoleAnswer<SaveAnswer>(
      { errors: checked.errors, values, message: { key: 'console.mediaLib.error.invalid' } },
      400,
    )
  const saved = await context.services.media.describe(actor, keyOf(request), Number(form.version), checked.data)
  if (saved.ok) return consoleAnswer<SaveAnswer>({ errors: {}, done: 'saved' })
  if (saved.reason === 'not-found')
    return consoleAnswer<SaveAnswer>({ errors: {}, values, message: { key: 'console.mediaLib.error.notFound' } }, 404)
  // Saved by someone else meanwhile (409): the typing stays, their description shown beside it.
  return refusal(saved, context.lang, { values, theirs: describedValues(saved.current) })
}

const REPLACE_REFUSALS: Record<ReplaceRefusal, MessageKey> = {
  'not-found': 'console.mediaLib.error.notFound',
  replacement: 'console.mediaLib.error.noReplacement',
  kind: 'console.mediaLib.error.replaceKind',
}

/** New content under the same address: an upload field, then a button that puts it in place. */
function ReplaceForm({ isImage, answer }: { isImage: boolean; answer: SaveAnswer | undefined }) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const mine = answer?.form === 'replace' ? answer : undefined
  const error = mine?.errors.replacement
  return (
    <Form method="post" className="console-card media-replace" aria-labelledby="media-replace">
      <h2 id="media-replace">{t('console.mediaLib.replaceTitle')}</h2>
      <p className="console-muted">{t('console.mediaLib.replaceIntro')}</p>
      <FormAlert message={mine?.message} />
      {mine?.done === 'replaced' ? <p role="status">{t('console.mediaLib.replaced')}</p> : null}
      <input type="hidden" name="intent" value="replace" />
      <UploadField
        name="replacement"
        label={t('console.mediaLib.replacement')}
        kind={isImage ? 'image' : 'file'}
        error={error ? t(error) : undefined}
      />
      <button type="submit" className="button" disabled={busy}>
        {t('console.mediaLib.replace')}
      </button>
    </Form>
  )
}

/** The description's fields as the conflict comparison names them. */
function conflictFields(t: ReturnType<typeof useT>): ConflictField[] {
  return [
    { name: 'alt', label: t('console.mediaLib.altKo') },
    { name: 'alt_en', label: t('console.mediaLib.altEn') },
    { name: 'focal_x', label: t('console.mediaLib.focalX') },
    { name: 'focal_y', label: t('console.mediaLib.focalY') },
  ]
}

export default function MediaFile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useWhen()
  const busy = useNavigation().state !== 'idle'
  const { file, canEdit } = loaderData
  const described = actionData?.form === 'replace' ? undefined : actionData
  // After a conflict, values the editor took from the saved description (the rest of the form as it stood).
  const taken = useConflictTakes(described)
  const typed = taken.values ?? described?.values
  const errors = actionData?.errors ?? {}
  const isImage = file.contentType.startsWith('image/')
  const error = (field: string) => {
    const key = errors[field]
    return key ? t(key, { max: ALT_MAX }) : undefined
  }
  return (
    <>
      <p>
        <Link to="/admin/media">{t('console.mediaLib.back')}</Link>
      </p>
      <h1>{t('console.mediaLib.edit', { name: file.name })}</h1>
      <section className="console-card" aria-labelledby="media-facts">
        <h2 id="media-facts">{t('console.mediaLib.facts')}</h2>
        <dl className="media-facts">
          <dt>{t('console.mediaLib.original')}</dt>
          <dd>{file.name}</dd>
          <dt>{t('console.media.type')}</dt>
          <dd>
            {file.contentType}
            {file.width && file.height ? ` · ${file.width}×${file.height}` : null}
          </dd>
          <dt>{t('console.media.size')}</dt>
          <dd>{formatFileSize(file.size)}</dd>
          <dt>{t('console.media.uploader')}</dt>
          <dd>{file.uploader ?? t('console.media.system')}</dd>
          <dt>{t('console.media.date')}</dt>
          <dd>
            <time dateTime={file.createdAt}>{when(file.createdAt)}</time>
          </dd>
          {isImage ? (
            <>
              <dt>{t('console.mediaLib.publicUrl')}</dt>
              <dd>
                <code className="media-key">{mediaUrl(file.key)}</code>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      {canEdit ? <ReplaceForm isImage={isImage} answer={actionData} /> : null}
      <section className="console-card" aria-labelledby="media-uses">
        <h2 id="media-uses">{t('console.mediaLib.uses')}</h2>
        {loaderData.uses.length === 0 ? (
          <p className="console-muted">{t('console.mediaLib.unused')}</p>
        ) : (
          <ul>
            {loaderData.uses.map((use) => {
              const label = `${use.kind ? t(use.kind) : use.recordType} ${use.name ? `‘${use.name}’` : `#${use.id}`}`
              return (
                <li key={`${use.recordType}-${use.id}`}>{use.link ? <Link to={use.link}>{label}</Link> : label}</li>
              )
            })}
          </ul>
        )}
      </section>
      {!canEdit ? <p className="console-notice">{t('console.mediaLib.viewerNote')}</p> : null}
      {isImage && described?.theirs && described.values ? (
        <ConflictChoices
          key={described.version}
          fields={conflictFields(t)}
          mine={described.values}
          theirs={described.theirs}
          by={described.by ?? ''}
          onTake={taken.take(typed)}
        />
      ) : null}
      {isImage ? (
        <Form
          method="post"
          ref={taken.formRef}
          className="console-form media-describe"
          noValidate
          // Keyed by the version loaded (a save that went through starts it over with what is saved)
          // and the conflict's takes, never by a refusal: a refused save leaves the typing in place.
          key={`${file.version}-${taken.restart}`}
        >
          <FormAlert message={described?.message} />
          {described?.done === 'saved' ? <p role="status">{t('console.mediaLib.saved')}</p> : null}
          <input type="hidden" name="version" value={described?.version ?? file.version} />
          <fieldset className="console-card" disabled={!canEdit}>
            <legend>{t('console.mediaLib.altTitle')}</legend>
            <p className="console-muted">{t('console.mediaLib.altIntro')}</p>
            <TextInput
              name="alt"
              label={t('console.mediaLib.altKo')}
              hint={t('console.mediaLib.altHint', { max: ALT_MAX })}
              defaultValue={typed?.alt ?? file.alt}
              maxLength={ALT_MAX}
              error={error('alt')}
              lang="ko"
            />
            <TextInput
              name="alt_en"
              label={t('console.mediaLib.altEn')}
              hint={t('console.mediaLib.altHint', { max: ALT_MAX })}
              defaultValue={typed?.alt_en ?? file.alt_en}
              maxLength={ALT_MAX}
              error={error('alt_en')}
              lang="en"
            />
          </fieldset>
          <fieldset className="console-card" disabled={!canEdit}>
            <legend>{t('console.mediaLib.focalTitle')}</legend>
            <p className="console-muted">{t('console.mediaLib.focalIntro')}</p>
            <FocalPointPicker
              src={consoleMediaUrl(file.key)}
              width={file.width ?? 800}
              height={file.height ?? 600}
              x={typed?.focal_x ?? file.focalX}
              y={typed?.focal_y ?? file.focalY}
              errors={{ x: error('focal_x'), y: error('focal_y') }}
              disabled={!canEdit}
            />
          </fieldset>
          {canEdit ? (
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('console.mediaLib.save')}
            </button>
          ) : null}
        </Form>
      ) : (
        <p className="console-muted">{t('console.mediaLib.notImage')}</p>
      )}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
