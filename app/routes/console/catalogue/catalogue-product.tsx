import { useState } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { ConflictChoices, type ConflictField } from '#app/components/console/conflict-choices.tsx'
import { RichTextField } from '#app/components/console/rich-text-field.tsx'
import { FileNamesProvider, useFileLabel } from '#app/components/console/file-names.tsx'
import { UploadField } from '#app/components/console/upload-field.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Field } from '#app/components/form/field.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { CATALOGUE_LIMITS } from '#shared/catalogue-rules.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import { mediaUrl } from '#shared/files.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { productAddresses, visibleIds } from '#shared/product-slugs.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import { PRODUCT_TYPE } from '#shared/type-codes.ts'
import type { Route } from './+types/catalogue-product'
import { consoleMeta } from '../console-meta.ts'
import { fileNamesOf } from '../file-names.server.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { actorOf, CONTENT_FORM_LIMIT } from '../content/content.server.ts'
import { answerOf, positiveInt } from './catalogue.server.ts'
import { badRequest, type SaveAnswer } from '../save-answer.server.ts'
import './catalogue.css'
import '../content/content.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.catalogue.title')
}

export const headers = consoleHeaders

const DONE = ['detail', 'image', 'option'] as const
type Done = (typeof DONE)[number]

/** The detail form's bilingual text fields (each with its `_en` twin), then its type and thumbnail. */
const DETAIL_TEXTS = ['title', 'introduce', 'description', 'item', 'item_introduce'] as const
const DETAIL_FIELDS = [...DETAIL_TEXTS.flatMap((n) => [n, `${n}_en`]), 'type', 'image']
const OPTION_FIELDS = ['title', 'title_en', 'content', 'content_en']

/** The named fields of a posted form (or a stored row) as strings, for showing them again or comparing. */
function pick(source: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, source[n] == null ? '' : String(source[n])]))
}

/** A series' or item type's detail: texts, type, thumbnail, images, options, its children (related items). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const id = positiveInt(params.id)
  const found = id === null ? null : await context.services.catalogueEditor.get(id)
  if (!found || found.row.depth < 2) throw data(null, { status: 404, headers: consoleHeaders() })
  const nodes = await context.services.catalogueEditor.nodes()
  const visible = visibleIds(nodes)
  const done = new URL(request.url).searchParams.get('done')
  const { row } = found
  // The original names of the thumbnail and the images, shown instead of their storage keys.
  const fileNames = await fileNamesOf(context, [row.image, ...found.images.map((i) => i.path)])
  return {
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    done: DONE.includes(done as Done) ? (done as Done) : null,
    product: {
      id: row.id,
      version: row.version,
      depth: row.depth,
      published: row.published,
      public: visible.has(row.id),
      address: productAddresses(nodes, { visibleOnly: false }).get(row.id) ?? null,
      values: pick(row, DETAIL_FIELDS),
      updatedBy: found.updatedBy,
    },
    images: found.images.map((i) => ({
      id: i.id,
      url: mediaUrl(i.path),
      fileName: fileNames[i.path] ?? i.path.split('/').pop() ?? i.path,
    })),
    fileNames,
    options: found.options.map((o) => ({
      id: o.id,
      title: o.title,
      title_en: o.title_en,
      content: o.content,
      content_en: o.content_en,
    })),
    children: found.children.map((c) => ({ ...c, image: c.image ? mediaUrl(c.image) : null })),
  }
}

/** The detail form, images (add, remove, up, down), options (add, save, remove, up, down): editors and administrators. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const id = positiveInt(params.id)
  if (id === null) throw data(null, { status: 404, headers: consoleHeaders() })
  const form = await formValues(request, { limit: CONTENT_FORM_LIMIT })
  const editor = context.services.catalogueEditor
  const actor = actorOf(staff, context)
  const version = positiveInt(form.version)
  const intent = form.intent ?? ''
  if (version === null) return badRequest()
  const to = `/admin/catalogue/${id}`
  const imageId = positiveInt(form.image_id)
  const optionId = positiveInt(form.option_id)
  switch (intent) {
    case 'detail': {
      const result = await editor.saveDetail(actor, id, version, form)
      const saved = !result.ok && result.reason === 'conflict' ? await editor.get(id) : null
      return answerOf(context, result, to, 'detail', 'detail', {
        values: pick(form, DETAIL_FIELDS),
        ...(saved ? { theirs: pick(saved.row, DETAIL_FIELDS) } : {}),
      })
    }
    case 'image-add':
      return answerOf(context, await editor.addImage(actor, id, version, form), to, 'image', 'image-add')
    case 'image-remove':
      return imageId === null
        ? badRequest()
        : answerOf(context, await editor.removeImage(actor, id, version, imageId), to, 'image', `image-${imageId}`)
    case 'image-up':
    case 'image-down':
      return imageId === null
        ? badRequest()
        : answerOf(
            context,
            await editor.moveImage(actor, id, version, imageId, intent === 'image-up' ? 'up' : 'down'),
            to,
            'image',
            `image-${imageId}`,
          )
    case 'option-add':
      return answerOf(context, await editor.saveOption(actor, id, version, null, form), to, 'option', 'option-new', {
        values: pick(form, OPTION_FIELDS),
      })
    case 'option-save':
      return optionId === null
        ? badRequest()
        : answerOf(
            context,
            await editor.saveOption(actor, id, version, optionId, form),
            to,
            'option',
            `option-${optionId}`,
            { values: pick(form, OPTION_FIELDS) },
          )
    case 'option-remove':
      return optionId === null
        ? badRequest()
        : answerOf(context, await editor.removeOption(actor, id, version, optionId), to, 'option', `option-${optionId}`)
    case 'option-up':
    case 'option-down':
      return optionId === null
        ? badRequest()
        : answerOf(
            context,
            await editor.moveOption(actor, id, version, optionId, intent === 'option-up' ? 'up' : 'down'),
            to,
            'option',
            `option-${optionId}`,
          )
    default:
      return badRequest()
  }
}

type Values = Record<string, string | number>

const pairLabel = (t: ReturnType<typeof useT>, label: MessageKey, side: 'ko' | 'en') =>
  `${t(label)} (${t(side === 'ko' ? 'console.content.korean' : 'console.content.english')})`

const DETAIL_LABELS: { name: (typeof DETAIL_TEXTS)[number]; label: MessageKey; rich?: boolean }[] = [
  { name: 'title', label: 'console.catalogue.name' },
  { name: 'introduce', label: 'console.catalogue.field.introduce' },
  { name: 'description', label: 'console.catalogue.field.description', rich: true },
  { name: 'item', label: 'console.catalogue.field.item' },
  { name: 'item_introduce', label: 'console.catalogue.field.itemIntroduce' },
]

/** The detail form's fields as the conflict comparison names them (the thumbnail by its original name). */
function detailConflictFields(t: ReturnType<typeof useT>, fileLabel: (key: string) => string): ConflictField[] {
  return [
    ...DETAIL_LABELS.flatMap(({ name, label, rich }) => [
      { name, label: pairLabel(t, label, 'ko'), rich },
      { name: `${name}_en`, label: pairLabel(t, label, 'en'), rich },
    ]),
    { name: 'type', label: t('console.catalogue.field.type') },
    { name: 'image', label: t('console.catalogue.field.image'), show: (v) => (v ? fileLabel(v) : '') },
  ]
}

/** A bilingual text field: Korean and English side by side. */
function Pair({
  name,
  label,
  values,
  errors,
  multiline,
  rich,
  restarts = {},
}: {
  name: string
  label: MessageKey
  values: Values
  errors: FieldErrors
  multiline?: boolean
  rich?: boolean
  /** How often a field was given a value from outside (a value taken after a conflict): it starts over with it. */
  restarts?: Record<string, number>
}) {
  const t = useT()
  return (
    <div className="content-pair">
      {[name, `${name}_en`].map((column, i) => {
        const key = `${column}-${restarts[column] ?? 0}`
        const props = {
          name: column,
          label: pairLabel(t, label, i === 0 ? 'ko' : 'en'),
          defaultValue: String(values[column] ?? ''),
          error: errors[column] ? t(errors[column]) : undefined,
        }
        if (rich) return <RichTextField key={key} {...props} />
        if (multiline) return <Textarea key={key} {...props} rows={3} />
        return <TextInput key={key} {...props} required={name === 'title'} />
      })}
    </div>
  )
}

function Version({ version }: { version: number }) {
  return <input type="hidden" name="version" value={version} />
}

const DONE_MESSAGES: Record<Done, MessageKey> = {
  detail: 'console.catalogue.done.detail',
  image: 'console.catalogue.done.image',
  option: 'console.catalogue.done.option',
}

/** One page per product: moving to another product starts its forms over. */
export default function CatalogueProduct(props: Route.ComponentProps) {
  return (
    <FileNamesProvider names={props.loaderData.fileNames}>
      <ProductPage key={props.loaderData.product.id} {...props} />
    </FileNamesProvider>
  )
}

function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const fileLabel = useFileLabel()
  const lang = useLang()
  const busy = useNavigation().state !== 'idle'
  const { product, images, options, children, canEdit, done } = loaderData
  // Values the editor took from a conflict's saved version, and how often each field started over with one.
  const [taken, setTaken] = useState<{ values: Record<string, string>; restarts: Record<string, number> }>({
    values: {},
    restarts: {},
  })
  const take = (name: string, value: string) =>
    setTaken((now) => ({
      values: { ...now.values, [name]: value },
      restarts: { ...now.restarts, [name]: (now.restarts[name] ?? 0) + 1 },
    }))
  const name = (lang === 'en' ? product.values.title_en : product.values.title) ?? ''
  const answer: SaveAnswer | undefined = actionData
  const version = answer?.version ?? product.version
  const errorsOf = (form: string): FieldErrors => (answer?.form === form ? answer.errors : {})
  const full = images.length >= CATALOGUE_LIMITS.images
  const typeError = errorsOf('detail').type
  // The detail form's fields: what is saved, else what the editor posted, else what they took from a conflict.
  const detail = {
    ...product.values,
    ...(answer?.form === 'detail' ? answer.values : {}),
    ...taken.values,
  }
  const detailProps = { values: detail, errors: errorsOf('detail'), restarts: taken.restarts }
  return (
    <>
      <p className="content-crumb">
        <Link to="/admin/catalogue">{t('console.catalogue.title')}</Link>
      </p>
      <h1>{t('console.catalogue.detailTitle', { name })}</h1>
      {done && !answer ? (
        <p className="console-notice" role="status">
          {t(DONE_MESSAGES[done])}
        </p>
      ) : null}
      <FormAlert message={answer?.message} />
      <div className="content-state">
        <span className={`content-badge content-badge--${product.public ? 'on' : 'off'}`}>
          {t(
            product.public
              ? 'console.catalogue.visible'
              : product.published
                ? 'console.catalogue.hiddenByParent'
                : 'console.catalogue.hidden',
          )}
        </span>
        <span className="console-muted">{t('console.catalogue.version', { version: product.version })}</span>
        <Link to={`/admin/history/product/${product.id}`}>{t('console.history.link')}</Link>
        {product.address && product.public ? (
          <a href={product.address} target="_blank" rel="noopener">
            {t('console.catalogue.publicPage')} ({product.address})
          </a>
        ) : product.address ? (
          <code>{product.address}</code>
        ) : null}
      </div>
      {!canEdit ? <p className="console-muted">{t('console.catalogue.readOnly')}</p> : null}

      {answer?.form === 'detail' && answer.theirs && answer.values ? (
        <ConflictChoices
          key={answer.version}
          fields={detailConflictFields(t, fileLabel)}
          mine={answer.values}
          theirs={answer.theirs}
          by={answer.by ?? ''}
          onTake={take}
        />
      ) : null}
      {/* Keyed by nothing that a save changes: a save of another part of the page never discards typing here. */}
      <Form method="post" className="console-form content-form" noValidate>
        <fieldset disabled={!canEdit} className="content-form__fields">
          <legend className="visually-hidden">{t('console.catalogue.detailTitle', { name })}</legend>
          <Version version={version} />
          {DETAIL_LABELS.map(({ name, label, rich }) => (
            <Pair
              key={name}
              name={name}
              label={label}
              {...detailProps}
              rich={rich}
              multiline={name === 'introduce' || name === 'item_introduce'}
            />
          ))}
          <Field label={t('console.catalogue.field.type')} required error={typeError ? t(typeError) : undefined}>
            {(control) => (
              <select
                {...control}
                key={taken.restarts.type ?? 0}
                name="type"
                defaultValue={detail.type}
                className="field__input content-select"
              >
                <option value={PRODUCT_TYPE.relatedItems}>{t('console.catalogue.type.1')}</option>
                <option value={PRODUCT_TYPE.options}>{t('console.catalogue.type.2')}</option>
              </select>
            )}
          </Field>
          <UploadField
            key={taken.restarts.image ?? 0}
            name="image"
            kind="image"
            label={t('console.catalogue.field.image')}
            defaultValue={detail.image}
            error={errorsOf('detail').image ? t(errorsOf('detail').image!) : undefined}
          />
        </fieldset>
        {canEdit ? (
          <div className="content-actions">
            <button className="button button--primary" type="submit" name="intent" value="detail" disabled={busy}>
              {t('console.catalogue.save')}
            </button>
            {product.address ? (
              // The public page as it stands, hidden or not yet shown, in a staff preview.
              <a
                className="button button--outline"
                href={`${product.address}?preview=all`}
                target="_blank"
                rel="noopener"
              >
                {t('console.content.preview')}
              </a>
            ) : null}
          </div>
        ) : null}
      </Form>

      <section className="catalogue-section" aria-labelledby="catalogue-images">
        <h2 id="catalogue-images">{t('console.catalogue.images', { count: images.length })}</h2>
        <p className="console-muted">{t('console.catalogue.imagesHint')}</p>
        <ol className="catalogue-list">
          {images.map((image, i) => {
            const name = t('console.catalogue.image', { n: i + 1 })
            return (
              <li key={image.id}>
                <img className="catalogue-list__thumb" src={image.url} alt={name} width={120} height={90} />
                <span>
                  {name}
                  <br />
                  <span className="console-muted catalogue-list__file">{image.fileName}</span>
                </span>
                {canEdit ? (
                  <Form method="post" className="console-inline-form">
                    <Version version={version} />
                    <input type="hidden" name="image_id" value={image.id} />
                    <button
                      className="button button--outline catalogue-small"
                      type="submit"
                      name="intent"
                      value="image-up"
                      disabled={busy || i === 0}
                      aria-label={t('console.catalogue.up', { name })}
                    >
                      ↑
                    </button>
                    <button
                      className="button button--outline catalogue-small"
                      type="submit"
                      name="intent"
                      value="image-down"
                      disabled={busy || i === images.length - 1}
                      aria-label={t('console.catalogue.down', { name })}
                    >
                      ↓
                    </button>
                    <button
                      className="button button--outline catalogue-small"
                      type="submit"
                      name="intent"
                      value="image-remove"
                      disabled={busy}
                    >
                      {t('console.catalogue.remove', { name })}
                    </button>
                  </Form>
                ) : null}
              </li>
            )
          })}
        </ol>
        {canEdit && full ? (
          // A seventh image sent from a page read before the sixth: its refusal stands in for the notice.
          errorsOf('image-add').path ? (
            <FormAlert message={{ key: errorsOf('image-add').path! }} />
          ) : (
            <p className="console-notice">{t('console.catalogue.imagesFull')}</p>
          )
        ) : null}
        {canEdit && !full ? (
          <Form method="post" className="console-form catalogue-form" key={`image-${images.length}`}>
            <Version version={version} />
            <UploadField
              name="path"
              kind="image"
              label={t('console.catalogue.newImage')}
              error={errorsOf('image-add').path ? t(errorsOf('image-add').path!) : undefined}
            />
            <div>
              <button className="button button--outline" type="submit" name="intent" value="image-add" disabled={busy}>
                {t('console.catalogue.addImage')}
              </button>
            </div>
          </Form>
        ) : null}
      </section>

      <section className="catalogue-section" aria-labelledby="catalogue-options">
        <h2 id="catalogue-options">{t('console.catalogue.options')}</h2>
        {options.length === 0 ? <p className="console-muted">{t('console.catalogue.noOptions')}</p> : null}
        <ol className="catalogue-list">
          {options.map((option, i) => (
            <li key={option.id} className="catalogue-option">
              <Form method="post" className="console-form catalogue-form" noValidate>
                <fieldset className="catalogue-fieldset" disabled={!canEdit}>
                  <legend>{option.title}</legend>
                  <Version version={version} />
                  <input type="hidden" name="option_id" value={option.id} />
                  <Pair
                    name="title"
                    label="console.catalogue.optionTitle"
                    values={answer?.form === `option-${option.id}` ? { ...option, ...answer.values } : option}
                    errors={errorsOf(`option-${option.id}`)}
                  />
                  <Pair
                    name="content"
                    label="console.catalogue.optionContent"
                    values={answer?.form === `option-${option.id}` ? { ...option, ...answer.values } : option}
                    errors={errorsOf(`option-${option.id}`)}
                    rich
                  />
                  {canEdit ? (
                    <div className="content-actions">
                      <button
                        className="button button--primary"
                        type="submit"
                        name="intent"
                        value="option-save"
                        disabled={busy}
                      >
                        {t('console.catalogue.saveOption')}
                      </button>
                      <button
                        className="button button--outline catalogue-small"
                        type="submit"
                        name="intent"
                        value="option-up"
                        disabled={busy || i === 0}
                        aria-label={t('console.catalogue.up', { name: option.title })}
                      >
                        ↑
                      </button>
                      <button
                        className="button button--outline catalogue-small"
                        type="submit"
                        name="intent"
                        value="option-down"
                        disabled={busy || i === options.length - 1}
                        aria-label={t('console.catalogue.down', { name: option.title })}
                      >
                        ↓
                      </button>
                      <button
                        className="button button--outline catalogue-small"
                        type="submit"
                        name="intent"
                        value="option-remove"
                        disabled={busy}
                      >
                        {t('console.catalogue.remove', { name: option.title })}
                      </button>
                    </div>
                  ) : null}
                </fieldset>
              </Form>
            </li>
          ))}
        </ol>
        {canEdit ? (
          <Form method="post" className="console-form catalogue-form" noValidate key={`option-new-${options.length}`}>
            <fieldset className="catalogue-fieldset">
              <legend>{t('console.catalogue.newOption')}</legend>
              <Version version={version} />
              <Pair
                name="title"
                label="console.catalogue.optionTitle"
                values={answer?.form === 'option-new' ? (answer.values ?? {}) : {}}
                errors={errorsOf('option-new')}
              />
              <Pair
                name="content"
                label="console.catalogue.optionContent"
                values={answer?.form === 'option-new' ? (answer.values ?? {}) : {}}
                errors={errorsOf('option-new')}
                rich
              />
              <div>
                <button
                  className="button button--outline"
                  type="submit"
                  name="intent"
                  value="option-add"
                  disabled={busy}
                >
                  {t('console.catalogue.addOption')}
                </button>
              </div>
            </fieldset>
          </Form>
        ) : null}
      </section>

      {product.depth < 3 ? (
        <section className="catalogue-section" aria-labelledby="catalogue-related">
          <h2 id="catalogue-related">{t('console.catalogue.related')}</h2>
          <p className="console-muted">{t('console.catalogue.relatedHint')}</p>
          {children.length === 0 ? <p className="console-muted">{t('console.catalogue.noRelated')}</p> : null}
          <ul className="catalogue-list">
            {children.map((child) => (
              <li key={child.id}>
                {child.image ? (
                  <img className="catalogue-list__thumb" src={child.image} alt="" width={120} height={90} />
                ) : (
                  <span className="console-muted">{t('console.catalogue.noImage')}</span>
                )}
                <span>
                  <strong>{child.title}</strong> <span lang="en">{child.title_en}</span>
                  {child.introduce ? <span className="console-muted"> — {child.introduce}</span> : null}
                </span>
                {!child.published ? (
                  <span className="content-badge content-badge--draft">{t('console.catalogue.hidden')}</span>
                ) : null}
                <Link
                  to={`/admin/catalogue/${child.id}`}
                  aria-label={t('console.catalogue.editOf', { name: child.title })}
                >
                  {t('console.catalogue.edit')}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to="/admin/catalogue">{t('console.catalogue.back')}</Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
