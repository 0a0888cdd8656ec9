import { Form, Link, redirect, useNavigation } from 'react-router'
import { ConflictChoices, useConflictTakes, type ConflictField } from '#app/components/console/conflict-choices.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { TextInput } from '#app/components/form/text-input.tsx'
import { RichTextField } from '#app/components/console/rich-text-field.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { translate } from '#shared/i18n/messages.ts'
import { koreaTime, TERMS_LIMITS, TERMS_SLUG, termsDraftSchema, termsPublishSchema } from '#shared/terms-rules.ts'
import type { TermsType } from '#shared/type-codes.ts'
import type { Route } from './+types/terms-version'
import { AutosaveStatus, useAutosave } from './autosave.tsx'
import { consoleMeta } from './console-meta.ts'
import { consoleHeaders, notFound, requireStaff } from './console.server.ts'
import { badRequest, conflictMessage, consoleAnswer } from './save-answer.server.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import { TermsStateBadge } from './terms-parts.tsx'
import { savedTexts, TERMS_TEXTS, versionId } from './terms-version.server.ts'
import './terms.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.terms.editTitle')
}

/** One version: a draft to edit, preview and publish; a published one to read (and, while scheduled, to take back). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'editor')
  const id = versionId(params.id)
  const row = id === null ? null : await context.services.terms.get(id)
  if (!row) throw notFound()
  return {
    id: row.id,
    slug: TERMS_SLUG[row.type as TermsType],
    state: row.state,
    version: row.version,
    title: row.title,
    title_en: row.title_en,
    description: row.description,
    description_en: row.description_en,
    effectiveAt: row.effective_at?.toISOString() ?? null,
    publishedAt: row.published_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by_name,
    latestEffectiveAt: row.latestEffectiveAt?.toISOString() ?? null,
  }
}

export const headers = consoleHeaders

type EditorResult = FormResult & {
  saved?: boolean
  published?: { version: number; effectiveAt: string }
  unscheduled?: boolean
  /** After a stale save: what the form posted (kept in it) and the texts saved now, by whom. */
  values?: Record<string, string>
  theirs?: Record<string, string>
  by?: string
  /**
   * After a stale save: the saved draft's time (its lock), which the form then carries, so saving
   * again replaces that save knowingly; and the same as a number, naming this conflict answer.
   */
  updatedAt?: string
  version?: number
}

const answer = consoleAnswer<EditorResult>

type Refused = { ok: false; reason: string; by?: string | null; at?: Date }

/** On a stale save of the texts: what the form posted and the draft as saved now, for the editor to compare. */
type ConflictParts = Pick<EditorResult, 'values' | 'theirs'>

/** The answer to a refusal the save, publication, deletion or unscheduling can meet. */
function refused(result: Refused, lang: 'ko' | 'en', parts: ConflictParts = {}) {
  switch (result.reason) {
    case 'conflict':
      return answer(
        {
          errors: {},
          message: conflictMessage(lang, result.by ?? null, result.at!, 'console.terms.conflict'),
          ...parts,
          by: result.by ?? translate(lang, 'console.content.someone'),
          updatedAt: result.at!.toISOString(),
          version: result.at!.getTime(),
        },
        409,
      )
    case 'not-draft':
      return answer({ errors: {}, message: { key: 'console.terms.errorNotDraft' } }, 409)
    case 'forbidden':
      return answer({ errors: {}, message: { key: 'console.terms.errorForbidden' } }, 403)
    case 'past':
      return answer({ errors: { effective_at: 'console.terms.errorPast' } }, 400)
    case 'not-after':
      return answer({ errors: { effective_at: 'console.terms.errorNotAfter' } }, 400)
    case 'empty':
      return answer({ errors: {}, message: { key: 'console.terms.errorEmpty' } }, 400)
    default:
      throw notFound()
  }
}

/**
 * `save` the texts; `publish` saves them and publishes with the effective date; `delete` a draft;
 * `unschedule` a version not yet in force. Every one checks the role again in the service, and a
 * save or publication based on an older save is refused (who saved since, and when).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const id = versionId(params.id)
  if (id === null) throw notFound()
  const values = await formValues(request, { limit: TERMS_LIMITS.formBytes })
  const terms = context.services.terms
  const actor = { id: staff.user.id, role: staff.user.role, ip: context.clientIp }
  const expected = values.updated_at ?? ''

  if (values.intent === 'save' || values.intent === 'publish') {
    const draft = termsDraftSchema.safeParse(values)
    const publish = termsPublishSchema.safeParse(values)
    if (!draft.success || (values.intent === 'publish' && !publish.success)) {
      return answer(
        {
          errors: {
            ...(draft.success ? {} : fieldErrors(draft.error)),
            ...(publish.success ? {} : fieldErrors(publish.error)),
          },
        },
        400,
      )
    }
    const saved = await terms.saveDraft(actor, id, draft.data, expected)
    if (!saved.ok) {
      // A stale save keeps what the form posted and answers the draft as saved now, to compare field by field.
      const posted = Object.fromEntries([...TERMS_TEXTS, 'effective_at'].map((name) => [name, values[name] ?? '']))
      const now = saved.reason === 'conflict' ? await terms.get(id) : null
      return refused(saved, context.lang, {
        values: posted,
        ...(now && !now.published_at ? { theirs: savedTexts(now, posted) } : {}),
      })
    }
    if (values.intent === 'save') return answer({ errors: {}, saved: true })
    const published = await terms.publish(actor, id, {
      effectiveAt: koreaTime(publish.data!.effective_at),
      expectedUpdatedAt: saved.updatedAt.toISOString(),
    })
    if (!published.ok) return refused(published, context.lang)
    return answer({
      errors: {},
      published: { version: published.version, effectiveAt: published.effectiveAt.toISOString() },
    })
  }
  if (values.intent === 'delete') {
    const deleted = await terms.deleteDraft(actor, id, expected)
    if (!deleted.ok) return refused(deleted, context.lang)
    return redirect('/admin/terms', { headers: consoleHeaders() })
  }
  if (values.intent === 'unschedule') {
    const result = await terms.unschedule(actor, id)
    if (!result.ok) return refused(result, context.lang)
    return answer({ errors: {}, unscheduled: true })
  }
  return badRequest<EditorResult>()
}

const editorSchema = termsDraftSchema.extend(termsPublishSchema.shape)

function DraftEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const busy = useNavigation().state !== 'idle'
  const { errorFor, onSubmit, onInput } = useFormErrors(editorSchema, actionData?.errors)
  const previewHref = `/terms/${loaderData.slug}?preview=${loaderData.id}`
  // After a conflict the form keeps the editor's typing (it is not re-mounted) and carries the
  // saved draft's time, so saving again replaces it knowingly; a value taken from the saved draft
  // starts the form over with it and the rest as it stood.
  const taken = useConflictTakes(actionData)
  const values: Record<string, string | undefined> = taken.values ?? {
    title: loaderData.title,
    title_en: loaderData.title_en,
    description: loaderData.description,
    description_en: loaderData.description_en,
  }
  const loadedAt = actionData?.updatedAt ?? loaderData.updatedAt
  // Typing is saved as the draft a few seconds after it stops; the form then carries the time it made.
  const autosave = useAutosave({
    formRef: taken.formRef,
    url: `/admin/terms/${loaderData.id}/autosave`,
    version: loadedAt,
    enabled: true,
  })
  const updatedAt = String(autosave.version)
  const conflictFields: ConflictField[] = [
    { name: 'title', label: t('console.terms.fieldTitle') },
    { name: 'description', label: t('console.terms.fieldBody'), rich: true },
    { name: 'title_en', label: t('console.terms.fieldTitleEn') },
    { name: 'description_en', label: t('console.terms.fieldBodyEn'), rich: true },
  ]
  return (
    <>
      {actionData?.theirs && actionData.values ? (
        <ConflictChoices
          key={actionData.version}
          fields={conflictFields}
          mine={actionData.values}
          theirs={actionData.theirs}
          by={actionData.by ?? ''}
          onTake={taken.take(taken.values ?? actionData.values)}
        />
      ) : null}
      <Form
        method="post"
        ref={taken.formRef}
        key={taken.restart}
        noValidate
        onSubmit={onSubmit}
        onInput={onInput}
        className="console-form terms-editor"
      >
        <input type="hidden" name="updated_at" value={updatedAt} />
        <div className="terms-editor__columns">
          <fieldset>
            <legend>{t('console.terms.korean')}</legend>
            <TextInput
              label={t('console.terms.fieldTitle')}
              name="title"
              lang="ko"
              defaultValue={values.title ?? ''}
              maxLength={TERMS_LIMITS.title}
              required
              error={errorFor('title')}
            />
            <RichTextField
              label={t('console.terms.fieldBody')}
              name="description"
              defaultValue={values.description ?? ''}
              required
              error={errorFor('description')}
            />
          </fieldset>
          <fieldset>
            <legend>{t('console.terms.english')}</legend>
            <TextInput
              label={t('console.terms.fieldTitleEn')}
              name="title_en"
              lang="en"
              defaultValue={values.title_en ?? ''}
              maxLength={TERMS_LIMITS.title}
              required
              error={errorFor('title_en')}
            />
            <RichTextField
              label={t('console.terms.fieldBodyEn')}
              name="description_en"
              defaultValue={values.description_en ?? ''}
              required
              error={errorFor('description_en')}
            />
          </fieldset>
        </div>
        <div className="terms-editor__actions">
          <button type="submit" name="intent" value="save" className="button button--outline" disabled={busy}>
            {t('console.terms.save')}
          </button>
          <a className="button button--outline" href={previewHref} target="_blank" rel="noopener">
            {t('console.terms.preview')}
          </a>
        </div>
        <AutosaveStatus state={autosave.state} />
        <p className="console-muted">{t('console.terms.previewHint')}</p>
        <fieldset className="terms-editor__publish">
          <legend>{t('console.terms.publishTitle')}</legend>
          <TextInput
            label={t('console.terms.effectiveInput')}
            name="effective_at"
            type="datetime-local"
            defaultValue={values.effective_at ?? ''}
            hint={
              loaderData.latestEffectiveAt
                ? t('console.terms.effectiveHintAfter', { date: koreaDateTime(loaderData.latestEffectiveAt, lang) })
                : t('console.terms.effectiveHint')
            }
            error={errorFor('effective_at')}
          />
          <button type="submit" name="intent" value="publish" className="button button--primary" disabled={busy}>
            {t('console.terms.publish')}
          </button>
        </fieldset>
      </Form>
      <Form method="post" className="console-inline-form terms-editor__delete">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="updated_at" value={updatedAt} />
        <button type="submit" className="button button--outline" disabled={busy}>
          {t('console.terms.delete')}
        </button>
      </Form>
    </>
  )
}

/** A published version: read only (it never changes); while scheduled it can be taken back to a draft. */
function PublishedVersion({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const { slug, state } = loaderData
  const publicHref =
    state === 'scheduled'
      ? `/terms/${slug}?preview=${loaderData.id}`
      : state === 'current'
        ? `/terms/${slug}`
        : `/terms/${slug}?version=${loaderData.version}`
  return (
    <>
      <p>
        <a className="button button--outline" href={publicHref} target="_blank" rel="noopener">
          {t(state === 'scheduled' ? 'console.terms.preview' : 'console.terms.viewPublic')}
        </a>
      </p>
      {state === 'scheduled' ? (
        <Form method="post" className="console-inline-form">
          <input type="hidden" name="intent" value="unschedule" />
          <button type="submit" className="button button--outline" disabled={busy}>
            {t('console.terms.unschedule')}
          </button>
        </Form>
      ) : null}
      <div className="terms-editor__columns">
        <section lang="ko" aria-label={t('console.terms.korean')}>
          <h2>{loaderData.title}</h2>
          <div className="terms-editor__read rich-text" dangerouslySetInnerHTML={{ __html: loaderData.description }} />
        </section>
        <section lang="en" aria-label={t('console.terms.english')}>
          <h2>{loaderData.title_en}</h2>
          <div
            className="terms-editor__read rich-text"
            dangerouslySetInnerHTML={{ __html: loaderData.description_en }}
          />
        </section>
      </div>
    </>
  )
}

export default function TermsVersion(props: Route.ComponentProps) {
  const { loaderData, actionData } = props
  const t = useT()
  const lang = useLang()
  const typeName = t(loaderData.slug === 'service' ? 'terms.service' : 'terms.privacy')
  return (
    <>
      <p>
        <Link to="/admin/terms">{t('console.terms.back')}</Link>
      </p>
      <h1>
        {typeName} ·{' '}
        {loaderData.version
          ? t('console.terms.versionN', { version: loaderData.version })
          : t('console.terms.draftN', { id: loaderData.id })}
      </h1>
      <p className="terms-editor__status">
        <TermsStateBadge state={loaderData.state} />{' '}
        {loaderData.effectiveAt
          ? t('console.terms.effectiveOn', { date: koreaDateTime(loaderData.effectiveAt, lang) })
          : null}{' '}
        <span className="console-muted">
          {t('console.terms.savedBy', {
            time: koreaDateTime(loaderData.updatedAt, lang),
            name: loaderData.updatedBy ?? '—',
          })}
        </span>{' '}
        <Link to={`/admin/history/terms/${loaderData.id}`}>{t('console.history.link')}</Link>
      </p>
      {actionData?.saved ? (
        <p className="console-notice" role="status">
          {t('console.terms.saved')}
        </p>
      ) : null}
      {actionData?.published ? (
        <p className="console-notice" role="status">
          {t('console.terms.published', {
            version: actionData.published.version,
            date: koreaDateTime(actionData.published.effectiveAt, lang),
          })}
        </p>
      ) : null}
      {actionData?.unscheduled ? (
        <p className="console-notice" role="status">
          {t('console.terms.unscheduled')}
        </p>
      ) : null}
      <FormAlert message={actionData?.message} />
      {loaderData.state === 'draft' ? <DraftEditor {...props} /> : <PublishedVersion loaderData={loaderData} />}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
