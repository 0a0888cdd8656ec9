import type { ReactNode } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { ListQueryErrors } from '#app/components/console/list-kit.tsx'
import { CATALOGUE_BULK_ACTIONS, CATALOGUE_LIST_SPEC } from '#shared/catalogue-list.ts'
import { LIST_LIMITS } from '#shared/console-lists.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { productAddresses, visibleIds } from '#shared/product-slugs.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/catalogue'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { actorOf } from '../content/content.server.ts'
import { answerOf, listItemOf, positiveInt } from './catalogue.server.ts'
import { CatalogueList, LIST_HOME } from './catalogue-list.tsx'
import { bulkStep, listQueryOf, type BulkAnswer } from '../list-bulk.server.ts'
import { badRequest, type SaveAnswer } from '../save-answer.server.ts'
import './catalogue.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.catalogue.title')
}

export const headers = consoleHeaders

const DONE = ['create', 'rename', 'reorder', 'move', 'show', 'hide'] as const
type Done = (typeof DONE)[number]

/**
 * The whole tree, hidden nodes too (marked), with each node's address; or, with `view=list`, one
 * page of the list view (docs/decisions/068-catalogue-list.md): a field of the address that cannot
 * be read is a 400 naming it, the page shown with that field at its default. Staff of every role read it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const canEdit = roleAtLeast(staff.user.role, 'editor')
  const { query, errors, status } = listQueryOf(CATALOGUE_LIST_SPEC, request)
  const init = { status, headers: consoleHeaders() }
  if (query.filters.view === 'list') {
    const list = await context.services.catalogueEditor.list(query, context.lang, LIST_LIMITS.pageSize)
    return data(
      {
        view: 'list' as const,
        canEdit,
        errors,
        query: { ...query, page: list.page },
        total: list.total,
        more: list.more,
        rows: list.rows.map(listItemOf),
      },
      init,
    )
  }
  const nodes = await context.services.catalogueEditor.nodes()
  const addresses = productAddresses(nodes, { visibleOnly: false })
  const visible = visibleIds(nodes)
  const done = new URL(request.url).searchParams.get('done')
  return data(
    {
      view: 'tree' as const,
      canEdit,
      errors,
      done: DONE.includes(done as Done) ? (done as Done) : null,
      nodes: nodes.map((n) => ({ ...n, address: addresses.get(n.id) ?? null, public: visible.has(n.id) })),
    },
    init,
  )
}

/**
 * create, rename, up, down, move, hide, show, and the list view's bulk show/hide (confirmed once,
 * each node through `setPublished`): editors and administrators.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const form = await formValues(request)
  const editor = context.services.catalogueEditor
  const actor = actorOf(staff, context)
  const intent = form.intent ?? ''
  if (intent === 'bulk')
    return bulkStep({
      form,
      allowed: CATALOGUE_BULK_ACTIONS,
      lang: context.lang,
      labels: (ids) => editor.names(ids, context.lang),
      apply: (bulkAction, items) => editor.bulk(actor, bulkAction, items),
      fieldLabel: (field) => field,
    })
  if (intent === 'create')
    return answerOf(
      context,
      await editor.create(actor, form),
      '/admin/catalogue',
      'create',
      `create-${form.parent_id ?? ''}`,
    )
  const id = positiveInt(form.id)
  const version = positiveInt(form.version)
  if (id === null || version === null) return badRequest()
  const to = `/admin/catalogue`
  const formId = `${intent}-${id}`
  switch (intent) {
    case 'rename':
      return answerOf(context, await editor.rename(actor, id, version, form), to, 'rename', formId)
    case 'up':
    case 'down':
      return answerOf(context, await editor.reorder(actor, id, version, intent), to, 'reorder', formId)
    case 'move':
      return answerOf(context, await editor.move(actor, id, version, form), to, 'move', formId)
    case 'hide':
    case 'show':
      return answerOf(context, await editor.setPublished(actor, id, version, intent === 'show'), to, intent, formId)
    default:
      return badRequest()
  }
}

/**
 * A new item's parent refused (too deep, or gone since the page was read): the create forms show
 * only the names, so the refusal is the page's alert (in place of "check the form"), where the editor sees it.
 */
function unshownParentError(answer: SaveAnswer | undefined) {
  const key = answer?.form?.startsWith('create-') ? answer.errors.parent_id : undefined
  return key ? { key } : undefined
}

type TreeData = Extract<Route.ComponentProps['loaderData'], { view: 'tree' }>
type Node = TreeData['nodes'][number]

const LEVEL: Record<number, MessageKey> = {
  1: 'console.catalogue.level.1',
  2: 'console.catalogue.level.2',
  3: 'console.catalogue.level.3',
}

/** The two names side by side. */
function NameInputs({
  errors,
  values,
  idPrefix,
}: {
  errors: FieldErrors
  values?: { title: string; title_en: string }
  idPrefix: string
}) {
  const t = useT()
  const errorOf = (k: string) => (errors[k] ? t(errors[k]) : undefined)
  return (
    <div className="content-pair">
      <TextInput
        id={`${idPrefix}-ko`}
        name="title"
        label={t('console.catalogue.nameKo')}
        required
        defaultValue={values?.title ?? ''}
        error={errorOf('title')}
        maxLength={200}
      />
      <TextInput
        id={`${idPrefix}-en`}
        name="title_en"
        label={t('console.catalogue.nameEn')}
        required
        defaultValue={values?.title_en ?? ''}
        error={errorOf('title_en')}
        maxLength={200}
        lang="en"
      />
    </div>
  )
}

function Hidden({ node }: { node: Node }) {
  return (
    <>
      <input type="hidden" name="id" value={node.id} />
      <input type="hidden" name="version" value={node.version} />
    </>
  )
}

function NodeItem({
  node,
  nodes,
  canEdit,
  answer,
  busy,
}: {
  node: Node
  nodes: Node[]
  canEdit: boolean
  answer: SaveAnswer | undefined
  busy: boolean
}) {
  const t = useT()
  const children = nodes.filter((n) => n.parent_id === node.id)
  const siblings = nodes.filter((n) => n.parent_id === node.parent_id)
  const index = siblings.findIndex((n) => n.id === node.id)
  const otherParents = node.depth > 1 ? nodes.filter((n) => n.depth === node.depth - 1 && n.id !== node.parent_id) : []
  const errorsFor = (form: string) => (answer?.form === form ? answer.errors : {})
  const open =
    answer?.form === `rename-${node.id}` || answer?.form === `move-${node.id}` || answer?.form === `create-${node.id}`
  const name = `${node.title} (${node.title_en})`
  return (
    <li
      id={`node-${node.id}`}
      className={`catalogue-node catalogue-node--${node.depth} ${node.public ? '' : 'is-hidden'}`}
    >
      <div className="catalogue-node__row">
        <span className="content-badge content-badge--off">{t(LEVEL[node.depth]!)}</span>
        <strong className="catalogue-node__name">{node.title}</strong>
        <span lang="en">{node.title_en}</span>
        {!node.published ? (
          <span className="content-badge content-badge--draft">{t('console.catalogue.hidden')}</span>
        ) : !node.public ? (
          <span className="content-badge content-badge--draft">{t('console.catalogue.hiddenByParent')}</span>
        ) : null}
        {node.address ? (
          node.public ? (
            <a className="catalogue-node__address" href={node.address} target="_blank" rel="noopener">
              {node.address}
            </a>
          ) : (
            <code className="catalogue-node__address">{node.address}</code>
          )
        ) : null}
      </div>
      <div className="catalogue-node__actions">
        {node.depth > 1 ? (
          <Link to={`/admin/catalogue/${node.id}`} aria-label={t('console.catalogue.editOf', { name })}>
            {t('console.catalogue.edit')}
          </Link>
        ) : null}
        {canEdit ? (
          <>
            <Form method="post" className="console-inline-form">
              <Hidden node={node} />
              <button
                className="button button--outline catalogue-small"
                type="submit"
                name="intent"
                value="up"
                disabled={busy || index === 0}
                aria-label={t('console.catalogue.up', { name })}
              >
                ↑
              </button>
              <button
                className="button button--outline catalogue-small"
                type="submit"
                name="intent"
                value="down"
                disabled={busy || index === siblings.length - 1}
                aria-label={t('console.catalogue.down', { name })}
              >
                ↓
              </button>
            </Form>
            <Form method="post" className="console-inline-form">
              <Hidden node={node} />
              <button
                className="button button--outline catalogue-small"
                type="submit"
                name="intent"
                value={node.published ? 'hide' : 'show'}
                disabled={busy}
                aria-label={`${t(node.published ? 'console.catalogue.hide' : 'console.catalogue.show')}: ${name}`}
              >
                {t(node.published ? 'console.catalogue.hide' : 'console.catalogue.show')}
              </button>
            </Form>
          </>
        ) : null}
      </div>
      {canEdit ? (
        <details className="catalogue-node__more" open={open}>
          <summary>{t('console.catalogue.renameOf', { name: node.title })}</summary>
          <Form method="post" className="console-form catalogue-form" noValidate>
            <Hidden node={node} />
            <NameInputs idPrefix={`rename-${node.id}`} errors={errorsFor(`rename-${node.id}`)} values={node} />
            <button className="button button--primary" type="submit" name="intent" value="rename" disabled={busy}>
              {t('console.catalogue.rename')}
            </button>
          </Form>
          {otherParents.length > 0 ? (
            <Form method="post" className="console-form catalogue-form catalogue-form--row">
              <Hidden node={node} />
              <label className="console-select-label" htmlFor={`move-${node.id}`}>
                {t('console.catalogue.moveTo', { name: node.title })}
              </label>
              <select id={`move-${node.id}`} name="parent_id" className="field__input content-select" defaultValue="">
                <option value="" disabled>
                  —
                </option>
                {otherParents.map((p) => (
                  <option key={p.id} value={p.id}>
                    {[nodes.find((f) => f.id === p.parent_id)?.title, p.title].filter(Boolean).join(' › ')}
                  </option>
                ))}
              </select>
              {errorsFor(`move-${node.id}`).parent_id ? (
                <p className="field__error">{t(errorsFor(`move-${node.id}`).parent_id!)}</p>
              ) : null}
              <button className="button button--outline" type="submit" name="intent" value="move" disabled={busy}>
                {t('console.catalogue.move')}
              </button>
            </Form>
          ) : null}
          {node.depth < 3 ? (
            <Form method="post" className="console-form catalogue-form" noValidate>
              <input type="hidden" name="parent_id" value={node.id} />
              <fieldset className="catalogue-fieldset">
                <legend>
                  {t('console.catalogue.addUnder', { name: node.title, level: t(LEVEL[node.depth + 1]!) })}
                </legend>
                <NameInputs idPrefix={`create-${node.id}`} errors={errorsFor(`create-${node.id}`)} />
                <button className="button button--primary" type="submit" name="intent" value="create" disabled={busy}>
                  {t('console.catalogue.add')}
                </button>
              </fieldset>
            </Form>
          ) : null}
        </details>
      ) : null}
      {children.length > 0 ? (
        <ul className="catalogue-tree__list">
          {children.map((child) => (
            <NodeItem key={child.id} node={child} nodes={nodes} canEdit={canEdit} answer={answer} busy={busy} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

const DONE_MESSAGES: Record<Done, MessageKey> = {
  create: 'console.catalogue.done.create',
  rename: 'console.catalogue.done.rename',
  reorder: 'console.catalogue.done.reorder',
  move: 'console.catalogue.done.move',
  show: 'console.catalogue.done.show',
  hide: 'console.catalogue.done.hide',
}

/** The two views of the catalogue: links (the address is the view), the current one marked. */
function ViewSwitch({ view }: { view: 'tree' | 'list' }) {
  const t = useT()
  return (
    <nav className="catalogue-views" aria-label={t('console.catalogue.view.label')}>
      <Link to="?" aria-current={view === 'tree' ? 'page' : undefined}>
        {t('console.catalogue.view.tree')}
      </Link>
      <Link to={LIST_HOME} aria-current={view === 'list' ? 'page' : undefined}>
        {t('console.catalogue.view.list')}
      </Link>
    </nav>
  )
}

export default function Catalogue({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const heading = (
    <>
      <h1>{t('console.catalogue.title')}</h1>
      <ViewSwitch view={loaderData.view} />
    </>
  )
  if (loaderData.view === 'list')
    return (
      <>
        {heading}
        {!loaderData.canEdit ? <p className="console-muted">{t('console.catalogue.readOnly')}</p> : null}
        <CatalogueList
          query={loaderData.query}
          errors={loaderData.errors}
          rows={loaderData.rows}
          total={loaderData.total}
          more={loaderData.more}
          canEdit={loaderData.canEdit}
          answer={actionData as BulkAnswer | undefined}
        />
      </>
    )
  return <CatalogueTree data={loaderData} answer={actionData as SaveAnswer | undefined} heading={heading} />
}

function CatalogueTree({
  data: { nodes, canEdit, done, errors },
  answer: actionData,
  heading,
}: {
  data: TreeData
  answer: SaveAnswer | undefined
  heading: ReactNode
}) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const families = nodes.filter((n) => n.parent_id === null)
  return (
    <>
      {heading}
      <p className="console-muted">{t('console.catalogue.lead')}</p>
      <p>
        <Link to="/admin/catalogue/redirects">{t('console.catalogue.redirects.link')}</Link>
      </p>
      <ListQueryErrors errors={errors} />
      {done && !actionData ? (
        <p className="console-notice" role="status">
          {t(DONE_MESSAGES[done])}
        </p>
      ) : null}
      <FormAlert message={unshownParentError(actionData) ?? actionData?.message} />
      {!canEdit ? <p className="console-muted">{t('console.catalogue.readOnly')}</p> : null}
      {families.length === 0 ? <p>{t('console.catalogue.empty')}</p> : null}
      <ul className="catalogue-tree" aria-label={t('console.catalogue.title')}>
        {families.map((family) => (
          <NodeItem key={family.id} node={family} nodes={nodes} canEdit={canEdit} answer={actionData} busy={busy} />
        ))}
      </ul>
      {canEdit ? (
        <Form method="post" className="console-form catalogue-form" noValidate>
          <fieldset className="catalogue-fieldset">
            <legend>{t('console.catalogue.addFamily')}</legend>
            <NameInputs idPrefix="create-family" errors={actionData?.form === 'create-' ? actionData.errors : {}} />
            <button className="button button--primary" type="submit" name="intent" value="create" disabled={busy}>
              {t('console.catalogue.add')}
            </button>
          </fieldset>
        </Form>
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
