import { ListFilters, ListQueryErrors, ListTotal, SortHeader, StatusBadges } from '#app/components/console/list-kit.tsx'
import { publishedStatus } from '#shared/record-status.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import { ConflictChoices, useConflictTakes, type ConflictField } from '#app/components/console/conflict-choices.tsx'
import { FileNamesProvider, useFileName } from '#app/components/console/file-names.tsx'
import { UploadField } from '#app/components/console/upload-field.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Field } from '#app/components/form/field.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { koreaDate } from '#app/utils/korea-date.ts'
import { formValues } from '#app/utils/session.server.ts'
import { FILE_SLOTS, type FileFor } from '#shared/document-form.ts'
import { checkForm } from '#shared/field-errors.ts'
import { internalRulesSchema, investCategorySchema, investPostSchema } from '#shared/record-forms.ts'
import { INVEST_POST_LIST_SPEC } from '#shared/invest-post-list.ts'
import { LIST_LIMITS, listParams } from '#shared/console-lists.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import { NOTICE_TYPE } from '#shared/type-codes.ts'
import type { Route } from './+types/investors'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { listQueryOf } from '../list-bulk.server.ts'
import { expandTaken, filesInWords, filesValue, postedFilesValue } from '../documents/document-conflict.ts'
import { DocumentFileSlots } from '../documents/document-file-slots.tsx'
import { actorOf } from '../documents/documents.server.ts'
import { badRequest, invalid, outcome, refusal, type SaveAnswer } from '../save-answer.server.ts'
import '../documents/documents.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.investors.title')
}

export const headers = consoleHeaders

const TYPES = [NOTICE_TYPE.shareholder, NOTICE_TYPE.settlement] as const
const typeKey = (type: number) =>
  type === NOTICE_TYPE.settlement ? 'console.investors.settlement' : 'console.investors.shareholder'

type Records = Route.LoaderArgs['context']['services']['investorRecords']
type PostRow = Awaited<ReturnType<Records['posts']>>['rows'][number]

/** A notice as its form posts it: the fields a conflict compares (its files as one value). */
const postFormValues = (p: PostRow) => ({
  category_id: String(p.category_id),
  title: p.title,
  date: koreaDate(p.created_at).replace(/\./g, '-'),
  published: p.published ? 'on' : '',
  files: filesValue(p.files.map((f) => ({ key: f.file_name, for: f.icon }))),
})

/** Categories per type, the notices (a page; `?post=` opens one's form, `new` a new one), the internal rules file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const { query, errors, status } = listQueryOf(INVEST_POST_LIST_SPEC, request)
  const records = context.services.investorRecords
  const [categories, posts, rules] = await Promise.all([
    records.categories(),
    records.posts(query, LIST_LIMITS.pageSize),
    records.internalRules(),
  ])
  const postParam = new URL(request.url).searchParams.get('post')
  const open = postParam === 'new' ? 'new' : (posts.rows.find((p) => String(p.id) === postParam) ?? null)
  const shape = (p: (typeof posts.rows)[number]) => ({
    id: p.id,
    title: p.title,
    category_id: p.category_id,
    date: koreaDate(p.created_at).replace(/\./g, '-'),
    published: p.published,
    version: p.version,
    files: p.files.map((f) => ({ key: f.file_name, for: f.icon as FileFor })),
  })
  return data(
    {
      canEdit: roleAtLeast(staff.user.role, 'editor'),
      query: { ...query, page: posts.page },
      errors,
      categories: categories.map((c) => ({
        id: c.id,
        type: c.type,
        title: c.title,
        sort_order: c.sort_order,
        version: c.version,
      })),
      posts: { ...posts, rows: posts.rows.map(shape) },
      open: open === 'new' ? ('new' as const) : open ? shape(open) : null,
      rules: rules && { title: rules.title, file: rules.file, name: rules.name, version: rules.version },
      // The files' original names (the attachments keep them), shown instead of their keys.
      fileNames: Object.fromEntries([
        ...posts.rows.flatMap((p) => p.files.map((f) => [f.file_name, f.origin_file_name] as const)),
        ...(rules?.file && rules.name ? [[rules.file, rules.name] as const] : []),
      ]),
    },
    { status, headers: consoleHeaders() },
  )
}

/** category-create, category-save, post-save (new or existing), post-delete, rules-save. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const form = await formValues(request)
  const records = context.services.investorRecords
  const actor = actorOf(staff, context)
  const id = Number(form.id)
  const version = Number(form.version)
  const intent = form.intent ?? ''
  const name = `${intent.split('-')[0]}-${form.id || 'new'}`
  const posted = { form: name, values: form }
  switch (intent) {
    case 'category-create':
    case 'category-save': {
      const checked = checkForm(investCategorySchema, form)
      if (!checked.ok) return invalid(checked.errors, posted)
      return outcome(
        intent === 'category-create'
          ? await records.createCategory(actor, checked.data)
          : await records.saveCategory(actor, id, version, checked.data),
        context.lang,
        posted,
        'save',
      )
    }
    case 'post-save': {
      const checked = checkForm(investPostSchema, form)
      if (!checked.ok) return invalid(checked.errors, posted)
      const { values, files } = checked.data
      const result = form.id
        ? await records.savePost(actor, id, version, values, files)
        : await records.createPost(actor, values, files)
      if (result.ok || result.reason !== 'conflict') return outcome(result, context.lang, posted, 'save')
      // A stale save also answers the notice as saved now, for the editor to compare field by field.
      const saved = await records.post(id)
      return refusal(result, context.lang, {
        form: name,
        values: { ...form, published: form.published ?? '', files: postedFilesValue(form) },
        ...(saved ? { theirs: postFormValues(saved) } : {}),
      })
    }
    case 'post-delete':
      return outcome(await records.removePost(actor, id, version), context.lang, posted, 'delete')
    case 'rules-save': {
      const checked = checkForm(internalRulesSchema, form)
      if (!checked.ok) return invalid(checked.errors, posted)
      return outcome(await records.saveInternalRules(actor, version, checked.data), context.lang, posted, 'save')
    }
    default:
      return badRequest()
  }
}

type Posted = SaveAnswer | undefined
const of = (posted: Posted, name: string) => (posted?.form === name ? posted : undefined)
type Loaded = Route.ComponentProps['loaderData']

function CategoryForm({
  category,
  type,
  posted,
  canEdit,
}: {
  category?: Loaded['categories'][number]
  type: number
  posted: Posted
  canEdit: boolean
}) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const e = (k: string) => (posted?.errors[k] ? t(posted.errors[k]) : undefined)
  return (
    <Form
      method="post"
      className="console-form docs-form"
      noValidate
      key={`c${category?.id ?? 'new'}-${category?.version ?? type}`}
    >
      <fieldset disabled={!canEdit}>
        <legend>
          {category ? t('console.investors.category', { title: category.title }) : t('console.investors.newCategory')}
        </legend>
        <input type="hidden" name="type" value={type} />
        {category ? <input type="hidden" name="id" value={category.id} /> : null}
        {category ? (
          // After a refused stale save, the version answered: saving again then replaces knowingly.
          <input type="hidden" name="version" value={posted?.version ?? category.version} />
        ) : null}
        <div className="docs-pair">
          <TextInput
            name="title"
            label={t('console.investors.categoryTitle')}
            required
            defaultValue={posted?.values?.title ?? category?.title ?? ''}
            error={e('title')}
            maxLength={200}
          />
          <TextInput
            name="sort_order"
            type="number"
            min={0}
            max={9999}
            label={t('console.field.sortOrder')}
            defaultValue={posted?.values?.sort_order ?? String(category?.sort_order ?? 0)}
            error={e('sort_order')}
          />
        </div>
        {canEdit ? (
          <button
            className="button button--outline"
            type="submit"
            name="intent"
            value={category ? 'category-save' : 'category-create'}
            disabled={busy}
          >
            {t(category ? 'console.content.save' : 'console.options.add')}
          </button>
        ) : null}
      </fieldset>
    </Form>
  )
}

/** The notice form's fields as the conflict comparison names and words them (files by their original names). */
function postConflictFields(
  t: ReturnType<typeof useT>,
  categories: Loaded['categories'],
  nameOf: (key: string) => string | undefined,
): ConflictField[] {
  return [
    {
      name: 'category_id',
      label: t('console.investors.categoryTitle'),
      show: (v) => categories.find((c) => String(c.id) === v)?.title ?? v,
    },
    { name: 'title', label: t('console.field.title') },
    { name: 'date', label: t('console.investors.date') },
    {
      name: 'published',
      label: t('console.investors.published'),
      show: (v) => t(v === 'on' ? 'console.conflict.yes' : 'console.conflict.no'),
    },
    {
      name: 'files',
      label: t('console.investors.files'),
      show: (v) => filesInWords(v, t('console.docs.for.both'), nameOf),
    },
  ]
}

function PostForm({
  post,
  categories,
  posted,
  canEdit,
}: {
  post: Exclude<Loaded['open'], 'new' | null> | null
  categories: Loaded['categories']
  posted: Posted
  canEdit: boolean
}) {
  const t = useT()
  const nameOf = useFileName()
  const busy = useNavigation().state !== 'idle'
  // After a conflict, values the editor took from the saved notice (the rest of the form as it stood).
  const taken = useConflictTakes(posted)
  const shown = taken.values ?? posted?.values
  const values = shown ? expandTaken(shown) : undefined
  const version = posted?.version ?? post?.version
  const e = (k: string) => (posted?.errors[k] ? t(posted.errors[k]) : undefined)
  const files = values
    ? Array.from({ length: FILE_SLOTS }, (_, i) => ({
        key: values[`file_${i}`] ?? '',
        for: (values[`file_${i}_for`] ?? 'auto') as FileFor,
      }))
    : (post?.files ?? [])
  return (
    <section className="console-card" aria-labelledby="post-form">
      <h2 id="post-form">{post ? post.title : t('console.investors.newPost')}</h2>
      {post ? (
        <p>
          <Link to={`/admin/history/investor-post/${post.id}`}>{t('console.history.link')}</Link>
        </p>
      ) : null}
      {posted?.theirs && posted.values ? (
        <ConflictChoices
          key={posted.version}
          fields={postConflictFields(t, categories, nameOf)}
          mine={posted.values}
          theirs={posted.theirs}
          by={posted.by ?? ''}
          onTake={taken.take(values)}
        />
      ) : null}
      <Form
        method="post"
        ref={taken.formRef}
        className="console-form docs-form"
        noValidate
        // Keyed by the notice and the version loaded (a save that went through starts it over with what
        // is saved), never by an answer: a refused save, or another form's, leaves the typing in place.
        key={`p${post?.id ?? 'new'}-${post?.version ?? 0}-${taken.restart}`}
      >
        <fieldset disabled={!canEdit} className="content-form__fields">
          <legend className="visually-hidden">{t('console.investors.posts')}</legend>
          {post ? <input type="hidden" name="id" value={post.id} /> : null}
          {post ? <input type="hidden" name="version" value={version} /> : null}
          <Field label={t('console.investors.categoryTitle')} required error={e('category_id')}>
            {(control) => (
              <select
                {...control}
                name="category_id"
                className="field__input"
                defaultValue={values?.category_id ?? String(post?.category_id ?? '')}
              >
                <option value="">{t('console.investors.choose')}</option>
                {TYPES.map((type) => (
                  <optgroup key={type} label={t(typeKey(type))}>
                    {categories
                      .filter((c) => c.type === type)
                      .map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.title}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          <div className="docs-pair">
            <TextInput
              name="title"
              label={t('console.field.title')}
              required
              defaultValue={values?.title ?? post?.title ?? ''}
              error={e('title')}
              maxLength={300}
              lang="ko"
            />
            <TextInput
              name="date"
              type="date"
              label={t('console.investors.date')}
              required
              defaultValue={values?.date ?? post?.date ?? ''}
              error={e('date')}
            />
          </div>
          <label className="console-check">
            <input
              type="checkbox"
              name="published"
              defaultChecked={values ? values.published === 'on' : (post?.published ?? true)}
            />
            {t('console.investors.published')}
          </label>
          <DocumentFileSlots legend={t('console.investors.files')} files={files} errors={posted?.errors ?? {}} />
        </fieldset>
        {canEdit ? (
          <div className="content-actions">
            <button className="button button--primary" type="submit" name="intent" value="post-save" disabled={busy}>
              {t('console.content.save')}
            </button>
            {post ? (
              <button
                className="button button--outline"
                type="submit"
                name="intent"
                value="post-delete"
                disabled={busy}
              >
                {t('console.content.delete')}
              </button>
            ) : null}
          </div>
        ) : null}
      </Form>
    </section>
  )
}

export default function Investors({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const { canEdit, categories, posts, open, rules, query } = loaderData
  const posted = actionData as Posted
  const rulesPosted = of(posted, 'rules-new')
  const categoryName = (id: number) => categories.find((c) => c.id === id)?.title ?? ''
  return (
    <FileNamesProvider names={loaderData.fileNames}>
      <h1>{t('console.investors.title')}</h1>
      {posted?.done ? (
        <p className="console-notice" role="status">
          {t(posted.done === 'delete' ? 'console.options.done.delete' : 'console.content.done.save')}
        </p>
      ) : null}
      <FormAlert message={posted?.message} />
      <section className="console-card" aria-labelledby="posts-title">
        <h2 id="posts-title">{t('console.investors.posts')}</h2>
        {canEdit ? (
          <p>
            <Link className="button" to="?post=new">
              {t('console.investors.newPost')}
            </Link>
          </p>
        ) : null}
        <ListFilters
          spec={INVEST_POST_LIST_SPEC}
          query={query}
          errors={loaderData.errors}
          label={t('console.investors.searchLabel')}
        >
          <label>
            {t('console.investors.categoryTitle')}
            <select name="category" defaultValue={query.filters.category}>
              <option value="">{t('console.audit.all')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {t(typeKey(c.type))}: {c.title}
                </option>
              ))}
            </select>
          </label>
        </ListFilters>
        <ListQueryErrors errors={loaderData.errors} />
        <ListTotal total={posts.total} more={posts.more} />
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('console.investors.posts')}</caption>
            <thead>
              <tr>
                <SortHeader spec={INVEST_POST_LIST_SPEC} query={query} sort="date">
                  {t('console.investors.date')}
                </SortHeader>
                <SortHeader spec={INVEST_POST_LIST_SPEC} query={query} sort="title">
                  {t('console.field.title')}
                </SortHeader>
                <SortHeader spec={INVEST_POST_LIST_SPEC} query={query} sort="category">
                  {t('console.investors.categoryTitle')}
                </SortHeader>
                <th scope="col">{t('console.docs.files')}</th>
                <th scope="col">{t('console.content.status')}</th>
              </tr>
            </thead>
            <tbody>
              {posts.rows.map((p) => (
                <tr key={p.id}>
                  <td className="docs-number">{p.date}</td>
                  <th scope="row">
                    <Link to={`?${listParams(INVEST_POST_LIST_SPEC, query).toString()}&post=${p.id}`}>{p.title}</Link>
                  </th>
                  <td>{categoryName(p.category_id)}</td>
                  <td>{p.files.length}</td>
                  <td>
                    <StatusBadges status={publishedStatus(p.published)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={query.page} totalRecords={posts.total} recordSize={LIST_LIMITS.pageSize} />
      </section>
      {open ? (
        <PostForm
          post={open === 'new' ? null : open}
          categories={categories}
          posted={of(posted, open === 'new' ? 'post-new' : `post-${open.id}`)}
          canEdit={canEdit}
        />
      ) : null}
      {TYPES.map((type) => (
        <section key={type} className="console-card" aria-labelledby={`categories-${type}`}>
          <h2 id={`categories-${type}`}>{t('console.investors.categories', { type: t(typeKey(type)) })}</h2>
          {categories
            .filter((c) => c.type === type)
            .map((c) => (
              <CategoryForm
                key={c.id}
                category={c}
                type={type}
                posted={of(posted, `category-${c.id}`)}
                canEdit={canEdit}
              />
            ))}
          {canEdit ? (
            <CategoryForm
              type={type}
              posted={posted?.values?.type === String(type) ? of(posted, 'category-new') : undefined}
              canEdit={canEdit}
            />
          ) : null}
        </section>
      ))}
      <section className="console-card" aria-labelledby="rules-title">
        <h2 id="rules-title">{t('console.investors.rules')}</h2>
        {rules ? (
          <Form method="post" className="console-form docs-form" noValidate key={`rules-${rules.version}`}>
            <fieldset disabled={!canEdit}>
              <legend className="visually-hidden">{t('console.investors.rules')}</legend>
              <input type="hidden" name="version" value={rulesPosted?.version ?? rules.version} />
              <TextInput
                name="title"
                label={t('console.investors.rulesTitle')}
                defaultValue={rulesPosted?.values?.title ?? rules.title}
                error={rulesPosted?.errors.title ? t(rulesPosted.errors.title) : undefined}
                maxLength={200}
              />
              <UploadField
                name="file"
                kind="file"
                label={t('console.investors.rulesFile')}
                defaultValue={rules.file ?? undefined}
                error={rulesPosted?.errors.file ? t(rulesPosted.errors.file) : undefined}
              />
              {canEdit ? (
                <button
                  className="button button--primary"
                  type="submit"
                  name="intent"
                  value="rules-save"
                  disabled={busy}
                >
                  {t('console.content.save')}
                </button>
              ) : null}
            </fieldset>
          </Form>
        ) : null}
      </section>
    </FileNamesProvider>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
