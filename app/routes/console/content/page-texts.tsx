import { data, Form, Link, useNavigation } from 'react-router'
import { ConflictChoices, useConflictTakes } from '#app/components/console/conflict-choices.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { isTextPage, TEXT_PAGES, type TextPage } from '#shared/page-texts.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/page-texts'
import { consoleMeta } from '../console-meta.ts'
import { AutosaveStatus, useAutosave } from '../autosave.tsx'
import { useWhen } from '../use-when.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { actorOf, CONTENT_FORM_LIMIT } from './content.server.ts'
import { badRequest, refusal } from '../save-answer.server.ts'
import './content.css'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? TEXT_PAGES[loaderData.page].title : 'console.content.title')
}

export const headers = consoleHeaders

function pageOr404(page: string | undefined): TextPage {
  if (!page || !isTextPage(page)) throw data(null, { status: 404, headers: consoleHeaders() })
  return page
}

/** Every text of the page in both languages, side by side, with what was changed. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const page = pageOr404(params.page)
  const loaded = await context.services.pageTexts.load(page)
  const done = new URL(request.url).searchParams
  return {
    page,
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    texts: loaded.texts,
    stamp: loaded.stamp,
    updatedAt: loaded.updatedAt?.toISOString() ?? null,
    updatedBy: loaded.updatedBy,
    done:
      done.get('done') === 'publish' || done.get('done') === 'draft'
        ? { kind: done.get('done') as 'publish' | 'draft', count: Number(done.get('count')) || 0 }
        : null,
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const page = pageOr404(params.page)
  const form = await formValues(request, { limit: CONTENT_FORM_LIMIT })
  const { intent, stamp, ...texts } = form
  if ((intent !== 'save' && intent !== 'publish') || !/^\d{1,15}$/.test(stamp ?? '')) return badRequest()
  const result = await context.services.pageTexts.save(
    actorOf(staff, context),
    page,
    Number(stamp),
    texts,
    intent === 'publish',
  )
  if (result.ok) {
    // Texts an autosave already kept as drafts are saved too: say how many drafts the page holds.
    const count =
      result.changed === 0 && intent === 'save'
        ? (await context.services.pageTexts.load(page)).texts.filter((text) => text.hasDraft).length
        : result.changed
    return new Response(null, {
      status: 302,
      headers: {
        ...consoleHeaders(),
        Location: `/admin/texts/${page}?done=${intent === 'publish' ? 'publish' : 'draft'}&count=${count}`,
      },
    })
  }
  // A conflict also answers the texts saved now (drafts applied), to compare field by field.
  const theirs =
    result.reason === 'conflict'
      ? Object.fromEntries(
          (await context.services.pageTexts.load(page)).texts.flatMap((text) => [
            [`${text.key}.ko`, text.ko],
            [`${text.key}.en`, text.en],
          ]),
        )
      : undefined
  return refusal(result, context.lang, { values: texts, ...(theirs ? { theirs } : {}) })
}

export default function PageTexts({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const meta = TEXT_PAGES[loaderData.page]
  const stamp = actionData?.version ?? loaderData.stamp
  const errors = actionData?.errors ?? {}
  // After a conflict, texts the editor took from the saved version (the rest of the form as it stood).
  const taken = useConflictTakes(actionData)
  const posted = taken.values ?? actionData?.values
  // Typing is saved as drafts a few seconds after it stops; the form then carries the lock it made.
  const autosave = useAutosave({
    formRef: taken.formRef,
    url: `/admin/texts/${loaderData.page}/autosave`,
    version: stamp,
    enabled: loaderData.canEdit,
  })
  const sideLabel = (key: string, l: 'ko' | 'en') =>
    `${key} (${t(l === 'ko' ? 'console.content.korean' : 'console.content.english')})`
  const when = useWhen()
  const done = loaderData.done
  return (
    <>
      <p className="content-crumb">
        <Link to="/admin/content">{t('console.content.title')}</Link>
      </p>
      <h1>{t(meta.title)}</h1>
      <p className="console-muted">{t('console.texts.lead')}</p>
      {done && !actionData ? (
        <p className="console-notice" role="status">
          {done.count === 0
            ? t('console.texts.none')
            : t(done.kind === 'publish' ? 'console.texts.published' : 'console.texts.saved', { count: done.count })}
        </p>
      ) : null}
      <FormAlert message={actionData?.message} />
      <div className="content-state">
        {loaderData.updatedAt ? (
          <span className="console-muted">
            {t('console.content.updated')}:{' '}
            {t('console.content.updatedBy', { time: when(loaderData.updatedAt), name: loaderData.updatedBy ?? '—' })}
          </span>
        ) : null}
        <a href={`${meta.publicPath}?preview=all`} target="_blank" rel="noopener">
          {t('console.content.preview')}
        </a>
        <Link to={`/admin/history/page-texts/${loaderData.page}`}>{t('console.history.link')}</Link>
      </div>
      {!loaderData.canEdit ? <p className="console-muted">{t('console.content.readOnly')}</p> : null}
      {actionData?.theirs && actionData.values ? (
        <ConflictChoices
          key={actionData.version}
          fields={loaderData.texts.flatMap((text) =>
            (['ko', 'en'] as const).map((l) => ({ name: `${text.key}.${l}`, label: sideLabel(text.key, l) })),
          )}
          mine={actionData.values}
          theirs={actionData.theirs}
          by={actionData.by ?? ''}
          onTake={taken.take(posted)}
        />
      ) : null}
      <Form
        method="post"
        ref={taken.formRef}
        className="console-form"
        noValidate
        key={`${stamp}-${actionData ? 'posted' : 'loaded'}-${taken.restart}`}
      >
        <input type="hidden" name="stamp" value={autosave.version} />
        <fieldset disabled={!loaderData.canEdit} className="content-form__fields">
          <legend className="visually-hidden">{t(meta.title)}</legend>
          {loaderData.texts.map((text) => (
            <div key={text.key} className="content-text">
              <p className="content-text__key">
                <code>{text.key}</code>
                {text.hasDraft ? (
                  <span className="content-badge content-badge--draft">{t('console.texts.draft')}</span>
                ) : text.changed ? (
                  <span className="content-badge content-badge--on">{t('console.texts.changed')}</span>
                ) : null}
              </p>
              <div className="content-pair">
                {(['ko', 'en'] as const).map((l) => (
                  <Textarea
                    key={l}
                    name={`${text.key}.${l}`}
                    label={sideLabel(text.key, l)}
                    rows={text[l].length > 120 ? 4 : 2}
                    defaultValue={posted?.[`${text.key}.${l}`] ?? text[l]}
                    error={errors[`${text.key}.${l}`] ? t(errors[`${text.key}.${l}`]!) : undefined}
                    required
                  />
                ))}
              </div>
            </div>
          ))}
        </fieldset>
        {loaderData.canEdit ? (
          <div className="content-actions">
            <button className="button button--outline" type="submit" name="intent" value="save" disabled={busy}>
              {t('console.content.saveDraft')}
            </button>
            <button className="button button--primary" type="submit" name="intent" value="publish" disabled={busy}>
              {t('console.content.saveAndPublish')}
            </button>
          </div>
        ) : null}
        {loaderData.canEdit ? <AutosaveStatus state={autosave.state} /> : null}
      </Form>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
