import { z } from './zod.ts'
import { fileKey, option, optionalUrl, required, text, trimmed } from './console-fields.ts'
import { DOCUMENT_NUMBER, REVISION, type DocumentArchive } from './document-numbers.ts'
import { messageKey } from './field-errors.ts'

/**
 * The console's document form (reference and service documents), one schema for the page and
 * the server (docs/decisions/021-document-editing.md). Files are slots `file_0` … with the
 * language each is for (`file_0_for`): KOR and ENG are language files (the public badge and the
 * language's search entry follow from it); `auto` is a file for both languages whose badge is its
 * type (PDF, CAD, GSD, MOV, ETC); another badge a file already carries (RUS, CHI…) is kept.
 */

/** File slots a document form shows. */
export const FILE_SLOTS = 6

/** The badges of section 9 of the specification. */
export const FILE_ICONS = [
  'KOR',
  'ENG',
  'RUS',
  'ARA',
  'CHI',
  'VIE',
  'JPN',
  'IND',
  'EPO',
  'FRE',
  'ETC',
  'CAD',
  'PDF',
  'GSD',
  'MOV',
] as const
export type FileIcon = (typeof FILE_ICONS)[number]

/** What a file slot says about its language: a badge, or `auto` (both languages, badge from the type). */
export type FileFor = FileIcon | 'auto'

/** The badge of a file for both languages, from its name's extension. */
export function typeIcon(fileName: string): FileIcon {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? ''
  if (ext === 'pdf') return 'PDF'
  if (['dwg', 'dxf', 'stp', 'step', 'igs', 'iges'].includes(ext)) return 'CAD'
  if (ext === 'gsd' || ext === 'gsdml') return 'GSD'
  if (['mp4', 'mov', 'avi', 'wmv', 'webm'].includes(ext)) return 'MOV'
  return 'ETC'
}

/** The value of a slot's language select for a stored badge: KOR/ENG and other languages as such, type badges as `auto`. */
export const fileForOf = (icon: string): FileFor =>
  ['PDF', 'CAD', 'GSD', 'MOV', 'ETC'].includes(icon)
    ? 'auto'
    : FILE_ICONS.includes(icon as FileIcon)
      ? (icon as FileIcon)
      : 'auto'

export type DocumentFileInput = { key: string; for: FileFor }

export type DocumentInput = {
  type: number
  doc_number: string
  title: string
  title_en: string
  url: string
  url_en: string
  /** Reference documents: the product the document belongs to (null: none). */
  product_id: number | null
  /** Service documents: the options it carries. */
  option_ids: number[]
  files: DocumentFileInput[]
}

const TITLE_MAX = 300
const URL_MAX = 1000

/** File slots `file_0` … with the language each is for (`file_0_for`), to spread into a form's object schema. */
const slots = Array.from({ length: FILE_SLOTS }, (_, i) => i)
const fileFor = z.enum(['auto', ...FILE_ICONS], { error: option }).optional()
export const fileSlots = Object.fromEntries(
  slots.flatMap((i) => [
    [`file_${i}`, fileKey],
    [`file_${i}_for`, fileFor],
  ]),
) as Record<`file_${number}`, typeof fileKey | typeof fileFor>

/** A parsed form as the values to store and its filled file slots, in slot order. */
export function withFiles<T extends Record<string, unknown>>(parsed: T) {
  const form = parsed as Record<string, string | undefined>
  const files: DocumentFileInput[] = slots.flatMap((i) =>
    form[`file_${i}`]
      ? [{ key: form[`file_${i}`]!, for: (form[`file_${i}_for`] ?? 'auto') as DocumentFileInput['for'] }]
      : [],
  )
  const values = Object.fromEntries(Object.entries(parsed).filter(([k]) => !k.startsWith('file_'))) as {
    [K in keyof T as K extends `file_${string}` ? never : K]: T[K]
  }
  return { values, files }
}

/** A revision as typed, upper-cased (empty: null, the next one is suggested by the server). */
const revision = trimmed
  .transform((v) => v.toUpperCase())
  .pipe(z.string().refine((v) => v === '' || REVISION.test(v), messageKey('console.docs.error.revision')))
  .transform((v) => v || null)

/** A new revision of a document: its label and its files. */
export const reviseSchema = z
  .object({ revision, ...fileSlots })
  .transform(({ revision, ...slots }) => ({ revision, files: withFiles(slots).files }))

/**
 * The form's values checked for their shape (what needs the database, such as a number already
 * taken or an option of another type, the server checks after): a service document's options are
 * its checked `option_<id>` boxes; a reference document's product is `product_id` (empty: none).
 */
export function documentSchema(archive: DocumentArchive) {
  return z
    .looseObject({
      type: trimmed.transform(Number).pipe(z.number({ error: option }).int(option).min(1, option).max(12, option)),
      doc_number: trimmed
        .transform((v) => v.toUpperCase())
        .pipe(z.string().min(1, required).regex(DOCUMENT_NUMBER, messageKey('console.docs.error.number'))),
      title: text(TITLE_MAX),
      title_en: text(TITLE_MAX),
      url: optionalUrl(URL_MAX),
      url_en: optionalUrl(URL_MAX),
      product_id: trimmed.pipe(
        archive === 'reference'
          ? z.union(
              [
                z.literal('').transform(() => null),
                z
                  .string()
                  .regex(/^\d{1,9}$/, option)
                  .transform(Number)
                  .pipe(z.number().positive(option)),
              ],
              { error: option },
            )
          : z.string().transform(() => null),
      ),
      ...fileSlots,
    })
    .transform((form): DocumentInput => {
      const { values, files } = withFiles(form)
      const option_ids =
        archive === 'service'
          ? Object.keys(form).flatMap((k) =>
              /^option_\d{1,9}$/.test(k) && form[k] === 'on' ? [Number(k.slice('option_'.length))] : [],
            )
          : []
      const { type, doc_number, title, title_en, url, url_en, product_id } = values
      return { type, doc_number, title, title_en, url, url_en, product_id, option_ids, files }
    })
}
