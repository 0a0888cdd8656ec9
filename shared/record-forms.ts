import { z } from './zod.ts'
import { fileKey, int, option, optionalText, required, text, trimmed } from './console-fields.ts'
import { parseLocalDateTime } from './content-schema.ts'
import { fileSlots, withFiles } from './document-form.ts'
import { messageKey } from './field-errors.ts'
import { SERIAL_CODE1 } from './serial.ts'
import { NOTICE_TYPE } from './type-codes.ts'

/**
 * The console's small forms of the documents area (docs/decisions/021-document-editing.md):
 * service option groups and options, circuit serials, investor categories and notices, the
 * internal rules file. One zod schema each: the values to store, or the first message per field.
 */

const published = trimmed.transform((v) => v === 'on')
const sortOrder = int(0, 9999, 0)

export const optionGroupSchema = z.object({
  type: int(1, 12),
  title: text(200),
  title_en: text(200),
  sort_order: sortOrder,
})

export const optionSchema = z.object({
  title: text(200),
  title_en: text(200),
  code: optionalText(50),
  name: optionalText(100),
  show_yn: trimmed.transform((v) => (v === 'N' ? 'N' : 'Y')),
  sort_order: sortOrder,
})

export const serialSchema = z
  .object({
    code1: trimmed.pipe(z.string().regex(SERIAL_CODE1, messageKey('console.serials.error.code1'))),
    code2: trimmed.pipe(z.string().regex(/^\d{4}$/, messageKey('console.serials.error.code2'))),
    title: text(300),
    title_en: text(300),
    model: optionalText(100),
    published,
    ...fileSlots,
  })
  .transform(withFiles)

export const investCategorySchema = z.object({
  type: trimmed
    .transform(Number)
    .pipe(z.union([z.literal(NOTICE_TYPE.shareholder), z.literal(NOTICE_TYPE.settlement)], { error: option })),
  title: text(200),
  sort_order: sortOrder,
})

/** A notice's date (a day, as investors read it): midnight Korea time of that day, or null when no such day. */
const noticeDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? parseLocalDateTime(`${value}T00:00`) : null)

export const investPostSchema = z
  .object({
    category_id: int(1, 999_999_999),
    title: text(300),
    date: trimmed.pipe(
      z
        .string()
        .min(1, required)
        .refine((v) => noticeDay(v) !== null, messageKey('console.error.datetime'))
        .transform((v) => noticeDay(v)!),
    ),
    published,
    ...fileSlots,
  })
  .transform(({ date, ...v }) => withFiles({ ...v, created_at: date }))

export const internalRulesSchema = z.object({ title: optionalText(200), file: fileKey.transform((v) => v || null) })
