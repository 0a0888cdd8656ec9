import { data, Form, Link, useNavigation } from 'react-router'
import { ConflictChoices, useConflictTakes } from '#app/components/console/conflict-choices.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
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
import { badRequest, consoleAnswer, conflictMessage, refusal, type SaveAnswer } from '../save-answer.server.ts'
import { PageTextFilter, PageTextSection, textName, useTextFilter } from './page-text-section.tsx'
import './content.css'
import './page-texts.css'

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? TEXT_PAGES[loaderData.page].title : 'console.content.title')
}

export const headers = consoleHeaders

function pageOr404(page: string | undefined): TextPage {
  if (!page || !isTextPage(page)) throw data(null, { status: 404, headers: consoleHeaders() })
  return page
}

/** A page's sections with each text's values and state, and the lock its form carries. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const page = pageOr404(params.page)
  const loaded = await context.services.pageTexts.load(page)
  const search = new URL(request.url).searchParams
  const done = search.get('done')
  const byKey = new Map(loaded.texts.map((text) => [text.key, text]))
  return {
    page,
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    sections: loaded.sections.map((section) => ({
      ...section,
      texts: section.texts.map((text) => {
        const row = byKey.get(text.key)!
        return { ...text, ko: row.ko, en: row.en, changed: row.changed, hasDraft: row.hasDraft }
      }),
    })),
    lock: loaded.lock,
    revision: loaded.revision,
    query: (search.get('q') ?? '').slice(0, 100),
    updatedAt: loaded.updatedAt?.toISOString() ?? null,
    updatedBy: loaded.updatedBy,
    done:
      done === 'publish' || done === 'draft'
        ? { kind: done as 'publish' | 'draft', count: Number(search.get('count')) || 0 }
        : null,
  }
}

/** A page copy's answer: the lock is the texts' tokens (a string), not a version number. */
type TextsAnswer = Omit<SaveAnswer, 'version'> & { version?: string }

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const page = pageOr404(params.page)
  const form = await formValues(request, { limit: CONTENT_FORM_LIMIT })
  const { intent, lock: posted, ...texts } = form
  const lock = context.services.pageTexts.parseLock(posted)
  if ((intent !== 'save' && intent !== 'publish') || !lock) return badRequest<TextsAnswer>()
  const result = await context.services.pageTexts.save(actorOf(staff, context), page, lock, texts, intent === 'publish')
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
  if (result.reason !== 'conflict') return refusal(result, context.lang, { values: texts })
  // Only the texts changed on both sides are compared; the answered lock saves over them knowingly.
  const by = result.by ?? undefined
  return consoleAnswer<TextsAnswer>(
    {
      errors: {},
      values: texts,
      theirs: 'theirs' in result ? result.theirs : {},
      ...(by ? { by } : {}),
      version: 'lock' in result ? result.lock : posted,
      message: conflictMessage(context.lang, result.by, result.at),
    },
    409,
  )
}

export default function PageTexts({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const meta = TEXT_PAGES[loaderData.page]
  const answer = actionData as TextsAnswer | undefined
  const lock = answer?.version ?? loaderData.lock
  const errors = answer?.errors ?? {}
  // After a conflict, texts the editor took from the saved version (the rest of the form as it stood).
  const taken = useConflictTakes(answer)
  const posted = taken.values ?? answer?.values
  // Typing is saved as drafts a few seconds after it stops; the form then carries the lock it made.
  const autosave = useAutosave({
    formRef: taken.formRef,
    url: `/admin/texts/${loaderData.page}/autosave`,
    version: lock,
    enabled: loaderData.canEdit,
  })
  const filter = useTextFilter(loaderData.query, loaderData.sections)
  const when = useWhen()
  const done = loaderData.done
  const names = new Map<string, string>(
    loaderData.sections.flatMap((section) =>
      section.texts.flatMap((text) =>
        (['ko', 'en'] as const).map((l) => [`${text.key}.${l}`, textName(t, section, text, l)] as const),
      ),
    ),
  )
  const total = loaderData.sections.reduce((n, s) => n + s.texts.length, 0)
  // Sections holding a refused or compared text start open.
  const flagged = new Set([...Object.keys(errors), ...Object.keys(answer?.theirs ?? {})])
  return (
    <>
      <p className="content-crumb">
        <Link to="/admin/content">{t('console.content.title')}</Link>
      </p>
      <h1>{t(meta.title)}</h1>
      <p className="console-muted">{t('console.texts.lead')}</p>
      {done && !answer ? (
        <p className="console-notice" role="status">
          {done.count === 0
            ? t('console.texts.none')
            : t(done.kind === 'publish' ? 'console.texts.published' : 'console.texts.saved', { count: done.count })}
        </p>
      ) : null}
      <FormAlert message={answer?.message} />
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
      {answer?.theirs && answer.values ? (
        <ConflictChoices
          key={answer.version}
          fields={Object.keys(answer.theirs).map((name) => ({ name, label: names.get(name) ?? name }))}
          mine={answer.values}
          theirs={answer.theirs}
          by={answer.by ?? ''}
          onTake={taken.take(posted)}
        />
      ) : null}
      <PageTextFilter filter={filter} total={total} />
      <Form
        method="post"
        ref={taken.formRef}
        className="console-form page-copy"
        noValidate
        key={`${loaderData.revision}-${answer ? 'posted' : 'loaded'}-${taken.restart}`}
      >
        <input type="hidden" name="lock" value={autosave.version} />
        <fieldset disabled={!loaderData.canEdit} className="content-form__fields">
          <legend className="visually-hidden">{t(meta.title)}</legend>
          {loaderData.sections.map((section) => (
            <PageTextSection
              key={section.id}
              section={section}
              publicPath={meta.publicPath}
              shown={filter.shown}
              openByDefault={total <= 30}
              posted={posted}
              errors={errors}
              flagged={flagged}
            />
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
