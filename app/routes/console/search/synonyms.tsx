import { useState } from 'react'
import { Form, Link, redirect, useNavigation, useSubmit } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import { SYNONYM_FILTER_MAX, SYNONYM_RULES, synonymTermsOf } from '#shared/synonym-rules.ts'
import type { Route } from './+types/synonyms'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { badRequest, consoleAnswer, refusal, type SaveAnswer } from '../save-answer.server.ts'
import { useWhen } from '../use-when.ts'
import './synonyms.css'

/**
 * The synonym groups of site search (docs/decisions/047-search-words-forms-synonyms.md, addendum):
 * every staff member reads them, editors and administrators add, edit and delete them. Plain forms
 * (they work without JavaScript): `?q=` filters by any member, `?edit=<id>` opens a group's form in
 * its row, `?delete=<id>` asks in its row before deleting (with JavaScript the console's dialog asks).
 * Every change is checked and audited by the service and used by search at once.
 */

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.synonyms.title')
}

export const headers = consoleHeaders

const PATH = '/admin/search/synonyms'
const DONE = ['created', 'saved', 'deleted'] as const
type Done = (typeof DONE)[number]

/** A group id from the form or the address (a positive integer), else null. */
const idOf = (value: string | null | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null

/** The filter word as the list uses it: NFC, trimmed, at most SYNONYM_FILTER_MAX characters. */
const queryOf = (value: string | null | undefined) => (value ?? '').normalize('NFC').trim().slice(0, SYNONYM_FILTER_MAX)

/** This page's address with the filter kept. */
const pageHref = (query: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ ...(query ? { q: query } : {}), ...extra })
  const search = params.toString()
  return search ? `${PATH}?${search}` : PATH
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const params = new URL(request.url).searchParams
  const query = queryOf(params.get('q'))
  const synonyms = context.services.search.synonyms
  const all = await synonyms.list()
  const shown = query ? await synonyms.list(query) : all
  const canEdit = roleAtLeast(staff.user.role, 'editor')
  const done = params.get('done')
  return {
    canEdit,
    query,
    total: all.length,
    editId: canEdit ? idOf(params.get('edit')) : null,
    deleteId: canEdit ? idOf(params.get('delete')) : null,
    done: DONE.includes(done as Done) ? (done as Done) : null,
    groups: shown.map((group) => ({ id: group.id, terms: group.terms, updatedAt: group.updatedAt.toISOString() })),
  }
}

/** create, save (with `id`), delete (with `id` and `confirm=yes`): editors and administrators. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const form = await formValues(request)
  const synonyms = context.services.search.synonyms
  const actor = { userId: staff.user.id, ip: context.clientIp }
  const query = queryOf(new URL(request.url).searchParams.get('q'))
  const back = (done: Done, id?: number) =>
    redirect(`${pageHref(query, { done })}${id ? `#synonym-${id}` : ''}`, { headers: consoleHeaders() })
  const id = idOf(form.id)
  switch (form.intent) {
    case 'create':
    case 'save': {
      if (form.intent === 'save' && id === null) return badRequest()
      // The group's version as the editor saw it (its last change, in ms): a group changed since is not overwritten.
      const version = /^\d{1,15}$/.test(form.version ?? '') ? Number(form.version) : null
      if (form.intent === 'save' && version === null) return badRequest()
      const values = { terms: form.terms ?? '' }
      const result = await synonyms.save({ id, terms: synonymTermsOf(values.terms), version }, actor)
      if (result.ok) throw back(id === null ? 'created' : 'saved', result.id)
      // A group deleted meanwhile: what was typed moves to the new-group form, never lost.
      if (result.reason === 'not-found')
        return consoleAnswer<SaveAnswer>(
          { errors: {}, form: 'new', values, message: { key: 'console.synonyms.gone' } },
          404,
        )
      // Changed by someone else meanwhile: the typing stays in the form, their members shown beside it (409).
      const theirs = result.reason === 'conflict' ? { theirs: { terms: result.terms.join('\n') } } : {}
      return refusal(result, context.lang, { form: id === null ? 'new' : `edit-${id}`, values, ...theirs })
    }
    case 'delete': {
      if (id === null) return badRequest()
      // Not confirmed (a form no page of ours sends): the row asks, as `?delete=` does.
      if (form.confirm !== 'yes') return consoleAnswer<SaveAnswer>({ errors: {}, form: `delete-${id}` }, 400)
      if (!(await synonyms.remove(id, actor)))
        return consoleAnswer<SaveAnswer>({ errors: {}, message: { key: 'search.synonyms.error.notFound' } }, 404)
      throw back('deleted')
    }
    default:
      return badRequest()
  }
}

type Posted = SaveAnswer | undefined
type Group = { id: number; terms: string[]; updatedAt: string }

/** The members of a group as one line (labels, the dialog). */
const listed = (terms: readonly string[]) => terms.join(', ')

/** The members' box of the new-group form and of a group's form in its row. */
function TermsField({
  label,
  defaultValue,
  posted,
  autoFocus,
  placeholder,
}: {
  label: string
  defaultValue: string
  posted: Posted
  autoFocus?: boolean
  placeholder?: string
}) {
  const t = useT()
  const error = posted?.errors.terms
  return (
    <Textarea
      name="terms"
      label={label}
      required
      rows={3}
      defaultValue={posted?.values?.terms ?? defaultValue}
      error={error ? t(error) : undefined}
      hint={t('console.synonyms.hint', {
        min: SYNONYM_RULES.minTerms,
        max: SYNONYM_RULES.maxTerms,
        length: SYNONYM_RULES.maxLength,
      })}
      autoFocus={autoFocus}
      placeholder={placeholder}
    />
  )
}

/** A group's members, each a chip. */
function Chips({ terms }: { terms: readonly string[] }) {
  return (
    <ul className="synonym-chips">
      {terms.map((term) => (
        <li key={term} className="synonym-chip">
          {term}
        </li>
      ))}
    </ul>
  )
}

/**
 * Delete, asked once. Without JavaScript the button opens `?delete=<id>`, where the row asks; with
 * it the console's dialog asks, and its confirmation posts the deletion.
 */
function DeleteButton({ group, query, busy }: { group: Group; query: string; busy: boolean }) {
  const t = useT()
  const submit = useSubmit()
  const [open, setOpen] = useState(false)
  return (
    <>
      <form
        method="get"
        action={PATH}
        className="console-inline-form"
        onSubmit={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        {query ? <input type="hidden" name="q" value={query} /> : null}
        <input type="hidden" name="delete" value={group.id} />
        <button
          type="submit"
          className="button button--outline synonym-button"
          disabled={busy}
          aria-label={t('console.synonyms.deleteGroup', { terms: listed(group.terms) })}
        >
          {t('console.content.delete')}
        </button>
      </form>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('console.synonyms.deleteTitle')}
        confirmText={t('console.synonyms.deleteYes')}
        onConfirm={() => {
          setOpen(false)
          void submit(
            { intent: 'delete', id: String(group.id), confirm: 'yes' },
            { method: 'post', action: pageHref(query) },
          )
        }}
        actions={
          <button type="button" className="button button--outline" onClick={() => setOpen(false)}>
            {t('modal.cancel')}
          </button>
        }
      >
        <p>{t('console.synonyms.deleteConfirm', { terms: listed(group.terms) })}</p>
      </Modal>
    </>
  )
}

/** The row's question before a deletion (without JavaScript, or a deletion posted unconfirmed). */
function DeleteQuestion({ group, query, busy }: { group: Group; query: string; busy: boolean }) {
  const t = useT()
  return (
    <Form method="post" action={pageHref(query)} className="synonym-confirm" aria-labelledby={`delete-${group.id}`}>
      <p id={`delete-${group.id}`} role="alert">
        {t('console.synonyms.deleteConfirm', { terms: listed(group.terms) })}
      </p>
      <input type="hidden" name="id" value={group.id} />
      <input type="hidden" name="confirm" value="yes" />
      <div className="console-inline-form">
        <button type="submit" name="intent" value="delete" className="button button--primary" disabled={busy}>
          {t('console.synonyms.deleteYes')}
        </button>
        <Link to={pageHref(query)} className="button button--outline">
          {t('modal.cancel')}
        </Link>
      </div>
    </Form>
  )
}

function GroupRow({
  group,
  query,
  canEdit,
  editing,
  deleting,
  posted,
  busy,
}: {
  group: Group
  query: string
  canEdit: boolean
  editing: boolean
  deleting: boolean
  posted: Posted
  busy: boolean
}) {
  const t = useT()
  const when = useWhen()
  return (
    <tr id={`synonym-${group.id}`}>
      <td>
        {editing ? (
          <Form method="post" action={pageHref(query)} className="console-form synonym-edit" noValidate>
            <input type="hidden" name="id" value={group.id} />
            <input type="hidden" name="version" value={posted?.version ?? Date.parse(group.updatedAt)} />
            {posted?.theirs?.terms ? (
              <div className="synonym-theirs">
                <p>{t('console.synonyms.theirs', { name: posted.by ?? '' })}</p>
                <Chips terms={posted.theirs.terms.split('\n')} />
              </div>
            ) : null}
            <TermsField
              label={t('console.synonyms.editLabel', { terms: listed(group.terms) })}
              defaultValue={group.terms.join('\n')}
              posted={posted}
              autoFocus
            />
            <div className="console-inline-form">
              <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
                {t('console.content.save')}
              </button>
              <Link to={`${pageHref(query)}#synonym-${group.id}`} className="button button--outline">
                {t('modal.cancel')}
              </Link>
            </div>
          </Form>
        ) : (
          <Chips terms={group.terms} />
        )}
        {deleting && !editing ? <DeleteQuestion group={group} query={query} busy={busy} /> : null}
      </td>
      <td className="synonym-when">
        <time dateTime={group.updatedAt}>{when(group.updatedAt)}</time>
        <br />
        <RelativeTime iso={group.updatedAt} className="console-muted" />
      </td>
      {canEdit ? (
        <td>
          {editing ? null : (
            <div className="synonym-actions">
              <Link
                to={`${pageHref(query, { edit: String(group.id) })}#synonym-${group.id}`}
                className="button button--outline synonym-button"
                aria-label={t('console.synonyms.editGroup', { terms: listed(group.terms) })}
              >
                {t('console.synonyms.edit')}
              </Link>
              <DeleteButton group={group} query={query} busy={busy} />
            </div>
          )}
        </td>
      ) : null}
    </tr>
  )
}

export default function Synonyms({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const { canEdit, query, groups, total, done } = loaderData
  const posted = actionData as Posted
  const postedTo = (name: string) => (posted?.form === name ? posted : undefined)
  const editing = (id: number) => loaderData.editId === id || posted?.form === `edit-${id}`
  const deleting = (id: number) => loaderData.deleteId === id || posted?.form === `delete-${id}`
  const moved = posted?.form === 'new' && posted.message?.key === 'console.synonyms.gone'
  return (
    <>
      <h1>{t('console.synonyms.title')}</h1>
      <p className="console-muted">{t('console.synonyms.lead')}</p>
      {done && !posted ? (
        <p className="console-notice" role="status">
          {t(`console.synonyms.done.${done}`)}
        </p>
      ) : null}
      <FormAlert message={posted?.message} />
      {canEdit ? (
        <section className="console-card" aria-labelledby="synonym-new">
          <h2 id="synonym-new">{t('console.synonyms.new')}</h2>
          {/* Keyed by the count: emptied once its group is added, kept while it is refused; shown anew with
              an edit's typing when its group was deleted meanwhile (no loader runs after a refusal). */}
          <Form
            method="post"
            action={pageHref(query)}
            className="console-form synonym-new"
            noValidate
            key={`new-${total}${moved ? '-moved' : ''}`}
          >
            <TermsField
              label={t('console.synonyms.members')}
              defaultValue=""
              posted={postedTo('new')}
              placeholder={t('console.synonyms.placeholder')}
            />
            <button type="submit" name="intent" value="create" className="button button--primary" disabled={busy}>
              {t('console.synonyms.add')}
            </button>
          </Form>
        </section>
      ) : (
        <p className="console-muted">{t('console.content.readOnly')}</p>
      )}
      <form
        method="get"
        action={PATH}
        className="console-filter"
        role="search"
        aria-label={t('console.synonyms.filterLabel')}
      >
        <label>
          {t('console.synonyms.filter')}
          <input type="search" name="q" defaultValue={query} maxLength={SYNONYM_FILTER_MAX} key={query} />
        </label>
        <button type="submit" className="button button--primary">
          {t('console.synonyms.filterSubmit')}
        </button>
        {query ? (
          <Link to={PATH} className="button button--outline">
            {t('console.synonyms.showAll')}
          </Link>
        ) : null}
      </form>
      <p role="status" data-testid="synonyms-total">
        {query
          ? t('console.synonyms.found', { query, count: groups.length, total })
          : t('console.synonyms.total', { count: total })}
      </p>
      {groups.length === 0 ? (
        <EmptyState
          variant={query ? 'search' : 'default'}
          message={t(query ? 'console.synonyms.noMatch' : 'console.synonyms.empty')}
        />
      ) : (
        <div className="console-table-wrap">
          <table className="console-table synonym-table">
            <caption>{t('console.synonyms.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.synonyms.members')}</th>
                <th scope="col">{t('console.content.updated')}</th>
                {canEdit ? <th scope="col">{t('console.synonyms.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <GroupRow
                  key={group.id}
                  group={group}
                  query={query}
                  canEdit={canEdit}
                  editing={canEdit && editing(group.id)}
                  deleting={canEdit && deleting(group.id)}
                  posted={postedTo(`edit-${group.id}`)}
                  busy={busy}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
