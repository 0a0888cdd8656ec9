import { RichTextField } from '#app/components/console/rich-text-field.tsx'
import { UploadField } from '#app/components/console/upload-field.tsx'
import { Field } from '#app/components/form/field.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { columnsOf, type ContentField } from '#shared/content-kinds.ts'
import type { FieldErrors } from '#shared/field-errors.ts'

const INPUT_TYPES: Partial<Record<ContentField['type'], string>> = {
  url: 'url',
  email: 'email',
  phone: 'tel',
  int: 'number',
  datetime: 'datetime-local',
}

/** One column's control: the widget its field type calls for. */
function Control({
  field,
  column,
  label,
  value,
  error,
}: {
  field: ContentField
  column: string
  label: string
  value: string
  error: string | undefined
}) {
  const t = useT()
  // A required field's English is needed only to publish the English (docs/decisions/043-per-language-publishing.md).
  const englishLater = Boolean(field.required && field.bilingual && column !== field.name)
  const required = field.required && !englishLater
  const hint =
    [field.hint ? t(field.hint) : '', englishLater ? t('console.content.englishToPublish') : '']
      .filter(Boolean)
      .join(' ') || undefined
  const common = { name: column, label, required, error, hint, defaultValue: value }
  switch (field.type) {
    case 'textarea':
    case 'lines':
      return <Textarea {...common} rows={4} maxLength={field.max} />
    case 'richtext':
      return (
        <RichTextField name={column} label={label} required={required} error={error} hint={hint} defaultValue={value} />
      )
    case 'select':
      return (
        <Field label={label} required={required} error={error} hint={hint}>
          {(control) => (
            <select {...control} name={column} defaultValue={value} className="field__input content-select">
              <option value="">—</option>
              {field.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )
    case 'image':
    case 'file':
      return (
        <UploadField
          name={column}
          label={label}
          kind={field.type}
          required={required}
          error={error}
          hint={hint}
          defaultValue={value}
        />
      )
    default:
      return (
        <TextInput
          {...common}
          type={INPUT_TYPES[field.type] ?? 'text'}
          maxLength={field.type === 'int' || field.type === 'datetime' ? undefined : field.max}
          min={field.type === 'int' ? field.min : undefined}
          max={field.type === 'int' ? field.max : undefined}
        />
      )
  }
}

/**
 * A field of a content form: one control, or for a bilingual field the Korean and the English
 * side by side (stacked on narrow screens), each labelled with its language.
 */
export function ContentFieldInput({
  field,
  values,
  errors,
}: {
  field: ContentField
  values: Record<string, string>
  errors: FieldErrors
}) {
  const t = useT()
  const columns = columnsOf(field)
  const errorOf = (column: string) => (errors[column] ? t(errors[column]) : undefined)
  if (!field.bilingual)
    return (
      <Control
        field={field}
        column={field.name}
        label={t(field.label)}
        value={values[field.name] ?? ''}
        error={errorOf(field.name)}
      />
    )
  return (
    <div className="content-pair">
      {columns.map((column, i) => (
        <Control
          key={column}
          field={field}
          column={column}
          label={`${t(field.label)} (${t(i === 0 ? 'console.content.korean' : 'console.content.english')})`}
          value={values[column] ?? ''}
          error={errorOf(column)}
        />
      ))}
    </div>
  )
}
