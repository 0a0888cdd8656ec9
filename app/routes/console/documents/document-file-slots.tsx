import { UploadField } from '#app/components/console/upload-field.tsx'
import { Field } from '#app/components/form/field.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { FILE_SLOTS, fileForOf, type FileFor } from '#shared/document-form.ts'
import type { FieldErrors } from '#shared/field-errors.ts'

/** The language choices of a file slot; a stored file's other language (RUS, CHI…) is offered too. */
function ForSelect({ index, value, error }: { index: number; value: FileFor; error: string | undefined }) {
  const t = useT()
  const extra = value !== 'auto' && value !== 'KOR' && value !== 'ENG' ? value : null
  return (
    <Field
      label={t('console.docs.fileFor', { n: index + 1 })}
      hint={index === 0 ? t('console.docs.fileForHint') : undefined}
      error={error}
    >
      {(control) => (
        <select {...control} name={`file_${index}_for`} defaultValue={value} className="field__input">
          <option value="KOR">{t('console.docs.for.ko')}</option>
          <option value="ENG">{t('console.docs.for.en')}</option>
          <option value="auto">{t('console.docs.for.both')}</option>
          {extra ? <option value={extra}>{extra}</option> : null}
        </select>
      )}
    </Field>
  )
}

/**
 * The files of a document form: FILE_SLOTS upload fields (`file_0` …), each with the language it is
 * for (`file_0_for`). The public badge follows from that choice: KOR, ENG, or the file's type.
 */
export function DocumentFileSlots({
  files,
  errors,
  legend,
}: {
  files: { key: string; for: FileFor }[]
  errors: FieldErrors
  legend: string
}) {
  const t = useT()
  return (
    <fieldset>
      <legend>{legend}</legend>
      {Array.from({ length: FILE_SLOTS }, (_, i) => {
        const file = files[i]?.key ? files[i] : undefined
        const chosen = files[i]?.for
        const fileError = errors[`file_${i}`]
        const forError = errors[`file_${i}_for`]
        return (
          <div className="docs-file" key={i}>
            <UploadField
              name={`file_${i}`}
              kind="file"
              label={t('console.docs.file', { n: i + 1 })}
              defaultValue={file?.key}
              error={fileError ? t(fileError) : undefined}
            />
            <ForSelect
              index={i}
              value={chosen ? fileForOf(chosen) : i === 1 ? 'ENG' : 'KOR'}
              error={forError ? t(forError) : undefined}
            />
          </div>
        )
      })}
    </fieldset>
  )
}
