import { useT } from '#app/i18n/use-lang.ts'
import { columnsOf, type ContentKind } from '#shared/content-kinds.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import { mediaFileScreenUrl } from '#shared/files.ts'
import { isAltToPublish } from '#shared/media-rules.ts'

/**
 * After a publish refused for images without alternative text (docs/decisions/061-media-alt-rules.md):
 * each such image by its original name, with its field, linked to its screen in a new tab, so the
 * form keeps what was typed while the text is written; publishing again then goes through.
 */
export function AltToPublish({
  kind,
  errors,
  values,
  names,
}: {
  kind: ContentKind
  errors: FieldErrors
  values: Record<string, string>
  names: Record<string, string>
}) {
  const t = useT()
  const refused = kind.fields.flatMap((field) =>
    columnsOf(field)
      .filter((column) => isAltToPublish(errors[column]) && values[column])
      .map((column) => ({
        column,
        key: values[column]!,
        field: field.bilingual
          ? `${t(field.label)} (${t(column === field.name ? 'console.content.korean' : 'console.content.english')})`
          : t(field.label),
      })),
  )
  if (refused.length === 0) return null
  return (
    <ul className="alt-to-publish">
      {refused.map((image) => (
        <li key={image.column}>
          <a href={mediaFileScreenUrl(image.key)} target="_blank" rel="noopener">
            {t('console.altToPublish.fix', { name: names[image.key] ?? image.key, field: image.field })}
          </a>
        </li>
      ))}
    </ul>
  )
}
