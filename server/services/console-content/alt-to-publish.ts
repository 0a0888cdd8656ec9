import { and, inArray, isNotNull, isNull } from 'drizzle-orm'
import { files } from '#server/db/schema.ts'
import { columnsOf, type ContentKind } from '#shared/content-kinds.ts'
import type { FieldErrors } from '#shared/field-errors.ts'
import type { Lang } from '#shared/locales.ts'
import { altToPublish } from '#shared/media-rules.ts'
import type { Reader } from '../search/sources.ts'

/**
 * The image fields a publish in `langs` refuses (docs/decisions/061-media-alt-rules.md): a field
 * shown in a published language that names a console upload (a stored image with a recorded
 * width) whose alternative text in that language is empty. A bilingual field's Korean column shows
 * in Korean and its English column in English; a field of one column shows in both. Images the
 * console did not upload (the demo's, imported ones) have no description to write and pass.
 */
export async function altMissingToPublish(
  reader: Reader,
  kind: ContentKind,
  values: Record<string, unknown>,
  langs: readonly Lang[],
): Promise<FieldErrors> {
  const slots = kind.fields
    .filter((field) => field.type === 'image')
    .flatMap((field) =>
      columnsOf(field).map((column, i) => ({
        column,
        langs: field.bilingual ? langs.filter((lang) => lang === (i === 0 ? 'ko' : 'en')) : langs,
      })),
    )
    .filter((slot) => slot.langs.length > 0)
  const keyOf = (column: string) => {
    const value = values[column]
    return typeof value === 'string' && value !== '' ? value : null
  }
  const keys = [...new Set(slots.map((slot) => keyOf(slot.column)).filter((k): k is string => k !== null))]
  if (keys.length === 0) return {}
  const uploads = new Map(
    (
      await reader
        .select({ key: files.file_name, alt: files.alt, alt_en: files.alt_en })
        .from(files)
        .where(and(inArray(files.file_name, keys), isNull(files.variant_of), isNotNull(files.width)))
    ).map((row) => [row.key, row]),
  )
  const errors: FieldErrors = {}
  for (const slot of slots) {
    const image = uploads.get(keyOf(slot.column) ?? '')
    const message = image ? altToPublish(image, slot.langs) : null
    if (message) errors[slot.column] = message
  }
  return errors
}
