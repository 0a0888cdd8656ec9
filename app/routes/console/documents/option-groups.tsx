import { Form, useNavigation } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { Field } from '#app/components/form/field.tsx'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formValues } from '#app/utils/session.server.ts'
import { checkForm } from '#shared/field-errors.ts'
import { optionGroupSchema, optionSchema } from '#shared/record-forms.ts'
import { CIRCUIT_DIAGRAM_TYPE, SERVICE_PAGES } from '#shared/service-pages.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import type { Route } from './+types/option-groups'
import { consoleMeta } from '../console-meta.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { actorOf } from './documents.server.ts'
import { DocumentTypeOptions } from './document-type-options.tsx'
import { DocumentsTabs } from './documents-tabs.tsx'
import { badRequest, invalid, outcome, type SaveAnswer } from '../save-answer.server.ts'
import './documents.css'

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, 'console.options.title')
}

export const headers = consoleHeaders

const typeOf = (value: string | null) => {
  const n = Number(value)
  return SERVICE_PAGES.some((p) => p.type === n) ? n : 1
}

/** A service page's option groups and their options (`?type=` 1..12). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'viewer')
  const type = typeOf(new URL(request.url).searchParams.get('type'))
  const groups = await context.services.supportRecords.optionGroups(type)
  return {
    type,
    canEdit: roleAtLeast(staff.user.role, 'editor'),
    groups: groups.map((g) => ({
      id: g.id,
      title: g.title,
      title_en: g.title_en,
      sort_order: g.sort_order,
      version: g.version,
      options: g.options.map((o) => ({
        id: o.id,
        title: o.title,
        title_en: o.title_en,
        code: o.code,
        name: o.name,
        show_yn: o.show_yn,
        sort_order: o.sort_order,
        version: o.version,
      })),
    })),
  }
}

/** group-create, group-save, group-delete, option-create, option-save, option-delete. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const form = await formValues(request)
  const records = context.services.supportRecords
  const actor = actorOf(staff, context)
  const id = Number(form.id)
  const version = Number(form.version)
  const intent = form.intent ?? ''
  const formName = `${intent.split('-')[0]}-${form.id || `new-${form.group_id ?? ''}`}`
  const posted = { form: formName, values: form }
  switch (intent) {
    case 'group-create':
    case 'group-save': {
      const checked = checkForm(optionGroupSchema, form)
      if (!checked.ok) return invalid(checked.errors, posted)
      return intent === 'group-create'
        ? outcome(await records.createGroup(actor, checked.data), context.lang, posted, 'created')
        : outcome(await records.saveGroup(actor, id, version, checked.data), context.lang, posted, 'save')
    }
    case 'group-delete':
      return outcome(await records.removeGroup(actor, id, version), context.lang, posted, 'delete')
    case 'option-create':
    case 'option-save': {
      const checked = checkForm(optionSchema, form)
      if (!checked.ok) return invalid(checked.errors, posted)
      return intent === 'option-create'
        ? outcome(
            await records.createOption(actor, { ...checked.data, group_id: Number(form.group_id) }),
            context.lang,
            posted,
            'created',
          )
        : outcome(await records.saveOption(actor, id, version, checked.data), context.lang, posted, 'save')
    }
    case 'option-delete':
      return outcome(await records.removeOption(actor, id, version), context.lang, posted, 'delete')
    default:
      return badRequest()
  }
}

type Posted = SaveAnswer | undefined

/** The answer of the form named `name`, if it was that one that posted. */
const of = (posted: Posted, name: string) => (posted?.form === name ? posted : undefined)

function GroupFields({
  group,
  posted,
  type,
}: {
  group?: { title: string; title_en: string; sort_order: number }
  posted: Posted
  type: number
}) {
  const t = useT()
  const v = (k: 'title' | 'title_en' | 'sort_order') =>
    posted?.values?.[k] ?? (group ? String(group[k]) : k === 'sort_order' ? '0' : '')
  const e = (k: string) => (posted?.errors[k] ? t(posted.errors[k]) : undefined)
  return (
    <div className="docs-pair">
      <input type="hidden" name="type" value={type} />
      <TextInput
        name="title"
        label={t('console.options.groupTitleKo')}
        required
        defaultValue={v('title')}
        error={e('title')}
        maxLength={200}
      />
      <TextInput
        name="title_en"
        label={t('console.options.groupTitleEn')}
        required
        defaultValue={v('title_en')}
        error={e('title_en')}
        maxLength={200}
      />
      <TextInput
        name="sort_order"
        type="number"
        inputMode="numeric"
        min={0}
        max={9999}
        label={t('console.field.sortOrder')}
        defaultValue={v('sort_order')}
        error={e('sort_order')}
      />
    </div>
  )
}

type OptionValues = { title: string; title_en: string; code: string; name: string; show_yn: string; sort_order: number }

function OptionFields({ option, posted }: { option?: OptionValues; posted: Posted }) {
  const t = useT()
  const v = (k: keyof OptionValues) =>
    posted?.values?.[k] ?? (option ? String(option[k]) : k === 'sort_order' ? '0' : k === 'show_yn' ? 'Y' : '')
  const e = (k: string) => (posted?.errors[k] ? t(posted.errors[k]) : undefined)
  return (
    <div className="docs-pair">
      <TextInput
        name="title"
        label={t('console.options.titleKo')}
        required
        defaultValue={v('title')}
        error={e('title')}
        maxLength={200}
      />
      <TextInput
        name="title_en"
        label={t('console.options.titleEn')}
        required
        defaultValue={v('title_en')}
        error={e('title_en')}
        maxLength={200}
      />
      <TextInput
        name="code"
        label={t('console.options.code')}
        defaultValue={v('code')}
        error={e('code')}
        maxLength={50}
      />
      <TextInput
        name="name"
        label={t('console.options.name')}
        defaultValue={v('name')}
        error={e('name')}
        maxLength={100}
      />
      <Field label={t('console.options.show')} hint={t('console.options.showHint')}>
        {(control) => (
          <select {...control} name="show_yn" className="field__input" defaultValue={v('show_yn')}>
            <option value="Y">{t('console.options.showY')}</option>
            <option value="N">{t('console.options.showN')}</option>
          </select>
        )}
      </Field>
      <TextInput
        name="sort_order"
        type="number"
        inputMode="numeric"
        min={0}
        max={9999}
        label={t('console.field.sortOrder')}
        defaultValue={v('sort_order')}
        error={e('sort_order')}
      />
    </div>
  )
}

export default function OptionGroups({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  const { type, groups, canEdit } = loaderData
  const posted = actionData as Posted
  const button = (intent: string, key: Parameters<typeof t>[0], primary = false) =>
    canEdit ? (
      <button
        className={`button ${primary ? 'button--primary' : 'button--outline'}`}
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
      >
        {t(key)}
      </button>
    ) : null
  return (
    <>
      <h1>{t('console.options.title')}</h1>
      <DocumentsTabs />
      <p className="console-muted">{t('console.options.lead')}</p>
      <form method="get" className="console-filter">
        <label>
          {t('console.docs.depth')}
          <select name="type" defaultValue={String(type)}>
            <DocumentTypeOptions grouped />
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t('console.options.show.submit')}
        </button>
      </form>
      {type === CIRCUIT_DIAGRAM_TYPE ? <p className="docs-note">{t('console.options.circuitNote')}</p> : null}
      {posted?.done ? (
        <p className="console-notice" role="status">
          {t(posted.done === 'delete' ? 'console.options.done.delete' : 'console.content.done.save')}
        </p>
      ) : null}
      <FormAlert message={posted?.message} />
      {groups.length === 0 ? <p>{t('console.docs.noOptions')}</p> : null}
      {groups.map((g) => (
        <section key={g.id} className="console-card" aria-labelledby={`group-${g.id}`}>
          <h2 id={`group-${g.id}`}>{g.title}</h2>
          <Form method="post" className="console-form docs-form" noValidate key={`g${g.id}-${g.version}`}>
            <fieldset disabled={!canEdit}>
              <legend>{t('console.options.group')}</legend>
              <input type="hidden" name="id" value={g.id} />
              <input type="hidden" name="version" value={g.version} />
              <GroupFields group={g} posted={of(posted, `group-${g.id}`)} type={type} />
              {button('group-save', 'console.content.save')} {button('group-delete', 'console.options.deleteGroup')}
            </fieldset>
          </Form>
          {g.options.map((o) => (
            <Form method="post" className="console-form docs-form" noValidate key={`o${o.id}-${o.version}`}>
              <fieldset disabled={!canEdit}>
                <legend>{t('console.options.option', { title: o.title })}</legend>
                <input type="hidden" name="id" value={o.id} />
                <input type="hidden" name="version" value={o.version} />
                <OptionFields option={o} posted={of(posted, `option-${o.id}`)} />
                {button('option-save', 'console.content.save')} {button('option-delete', 'console.content.delete')}
              </fieldset>
            </Form>
          ))}
          {canEdit ? (
            <Form method="post" className="console-form docs-form" noValidate>
              <fieldset>
                <legend>{t('console.options.newOption')}</legend>
                <input type="hidden" name="group_id" value={g.id} />
                <OptionFields posted={of(posted, `option-new-${g.id}`)} />
                {button('option-create', 'console.options.add', true)}
              </fieldset>
            </Form>
          ) : null}
        </section>
      ))}
      {canEdit ? (
        <section className="console-card" aria-labelledby="group-new">
          <h2 id="group-new">{t('console.options.newGroup')}</h2>
          <Form method="post" className="console-form docs-form" noValidate>
            <GroupFields posted={of(posted, 'group-new-')} type={type} />
            {button('group-create', 'console.options.add', true)}
          </Form>
        </section>
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorPage nested />
}
