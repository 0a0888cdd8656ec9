import { data, Form, Link, useNavigation } from 'react-router'
import { RichTextField } from '#app/components/console/rich-text-field.tsx'
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
      values: {
        title: row.title,
        title_en: row.title_en,
        introduce: row.introduce,
        introduce_en: row.introduce_en,
        description: row.description,
        description_en: row.description_en,
        item: row.item,
        item_en: row.item_en,
        item_introduce: row.item_introduce,
        item_introduce_en: row.item_introduce_en,
        type: String(row.type),
        image: row.image ?? '',
      } as Record<string, string>,
      updatedBy: found.updatedBy,
    },
    images: found.images.map((i) => ({ id: i.id, url: mediaUrl(i.path) })),
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
    case 'detail':
      return answerOf(context, await editor.saveDetail(actor, id, version, form), to, 'detail', 'detail')
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
      return answerOf(context, await editor.saveOption(actor, id, version, null, form), to, 'option', 'option-new')
    case 'option-save':
      return optionId === null
        ? badRequest()
        : answerOf(
            context,
            await editor.saveOption(actor, id, version, optionId, form),
            to,
            'option',
            `option-${optionId}`,
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

/** A bilingual text field: Korean and English side by side. */
function Pair({
  name,
  label,
  values,
  errors,
  multiline,
  rich,
}: {
  name: string
  label: MessageKey
  values: Values
  errors: FieldErrors
  multiline?: boolean
  rich?: boolean
}) {
  const t = useT()
  return (
    <div className="content-pair">
      {[name, `${name}_en`].map((column, i) => {
        const props = {
          name: column,
          label: `${t(label)} (${t(i === 0 ? 'console.content.korean' : 'console.content.english')})`,
          defaultValue: String(values[column] ?? ''),
          error: errors[column] ? t(errors[column]) : undefined,
        }
        if (rich) return <RichTextField key={column} {...props} />
        if (multiline) return <Textarea key={column} {...props} rows={3} />
        return <TextInput key={column} {...props} required={name === 'title'} />
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

export default function CatalogueProduct({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLang()
  const busy = useNavigation().state !== 'idle'
  const { product, images, options, children, canEdit, done } = loaderData
  const name = (lang === 'en' ? product.values.title_en : product.values.title) ?? ''
  const answer: SaveAnswer | undefined = actionData
  const version = answer?.version ?? product.version
  const errorsOf = (form: string): FieldErrors => (answer?.form === form ? answer.errors : {})
  const full = images.length >= CATALOGUE_LIMITS.images
  const typeError = errorsOf('detail').type
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
        {product.address && product.public ? (
          <a href={product.address} target="_blank" rel="noopener">
            {t('console.catalogue.publicPage')} ({product.address})
          </a>
        ) : product.address ? (
          <code>{product.address}</code>
        ) : null}
      </div>
      {!canEdit ? <p className="console-muted">{t('console.catalogue.readOnly')}</p> : null}

      <Form
        method="post"
        className="console-form content-form"
        noValidate
        key={`detail-${version}-${answer ? 'posted' : 'loaded'}`}
      >
        <fieldset disabled={!canEdit} className="content-form__fields">
          <legend className="visually-hidden">{t('console.catalogue.detailTitle', { name })}</legend>
          <Version version={version} />
          <Pair name="title" label="console.catalogue.name" values={product.values} errors={errorsOf('detail')} />
          <Pair
            name="introduce"
            label="console.catalogue.field.introduce"
            values={product.values}
            errors={errorsOf('detail')}
            multiline
          />
          <Pair
            name="description"
            label="console.catalogue.field.description"
            values={product.values}
            errors={errorsOf('detail')}
            rich
          />
          <Pair name="item" label="console.catalogue.field.item" values={product.values} errors={errorsOf('detail')} />
          <Pair
            name="item_introduce"
            label="console.catalogue.field.itemIntroduce"
            values={product.values}
            errors={errorsOf('detail')}
            multiline
          />
          <Field label={t('console.catalogue.field.type')} required error={typeError ? t(typeError) : undefined}>
            {(control) => (
              <select
                {...control}
                name="type"
                defaultValue={product.values.type}
                className="field__input content-select"
              >
                <option value={PRODUCT_TYPE.relatedItems}>{t('console.catalogue.type.1')}</option>
                <option value={PRODUCT_TYPE.options}>{t('console.catalogue.type.2')}</option>
              </select>
            )}
          </Field>
          <UploadField
            name="image"
            kind="image"
            label={t('console.catalogue.field.image')}
            defaultValue={product.values.image}
            error={errorsOf('detail').image ? t(errorsOf('detail').image!) : undefined}
          />
        </fieldset>
        {canEdit ? (
          <div className="content-actions">
            <button className="button button--primary" type="submit" name="intent" value="detail" disabled={busy}>
              {t('console.catalogue.save')}
            </button>
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
                <span>{name}</span>
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
        {canEdit && full ? <p className="console-notice">{t('console.catalogue.imagesFull')}</p> : null}
        {canEdit && !full ? (
          <Form method="post" className="console-form catalogue-form" key={`image-${version}-${images.length}`}>
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
              <Form
                method="post"
                className="console-form catalogue-form"
                noValidate
                key={`option-${option.id}-${version}`}
              >
                <fieldset className="catalogue-fieldset" disabled={!canEdit}>
                  <legend>{option.title}</legend>
                  <Version version={version} />
                  <input type="hidden" name="option_id" value={option.id} />
                  <Pair
                    name="title"
                    label="console.catalogue.optionTitle"
                    values={option}
                    errors={errorsOf(`option-${option.id}`)}
                  />
                  <Pair
                    name="content"
                    label="console.catalogue.optionContent"
                    values={option}
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
          <Form method="post" className="console-form catalogue-form" noValidate key={`option-new-${version}`}>
            <fieldset className="catalogue-fieldset">
              <legend>{t('console.catalogue.newOption')}</legend>
              <Version version={version} />
              <Pair name="title" label="console.catalogue.optionTitle" values={{}} errors={errorsOf('option-new')} />
              <Pair
                name="content"
                label="console.catalogue.optionContent"
                values={{}}
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
