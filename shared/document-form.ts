import type { FieldErrors } from './field-errors.ts'
import { DOCUMENT_NUMBER, REVISION, type DocumentArchive } from './document-numbers.ts'
import { storageKeyProblem } from './files.ts'

/**
 * The console's document form (reference and service documents), read the same way by the page
 * and the server (docs/decisions/021-document-editing.md). Files are slots `file_0` … with the
 * language each is for (`file_0_for`): KOR and ENG are language files (the public badge and the
 * language's search entry follow from it); `auto` is a file for both languages whose badge is its
 * type (PDF, CAD, GSD, MOV, ETC); another badge a file already carries (RUS, CHI…) is kept.
 */

/** File slots a document form shows. */
export const FILE_SLOTS = 6

/** The badges of section 9 of the specification. */
export const FILE_ICONS = ['KOR', 'ENG', 'RUS', 'ARA', 'CHI', 'VIE', 'JPN', 'IND', 'EPO', 'FRE', 'ETC', 'CAD', 'PDF', 'GSD', 'MOV'] as const
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
export const fileForOf = (icon: string): FileFor => (['PDF', 'CAD', 'GSD', 'MOV', 'ETC'].includes(icon) ? 'auto' : FILE_ICONS.includes(icon as FileIcon) ? (icon as FileIcon) : 'auto')

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

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i
const TITLE_MAX = 300
const URL_MAX = 1000

export type Form = Record<string, string | undefined>

/** The file slots of a form: filled ones only, in slot order. */
export function readFileSlots(form: Form, errors: FieldErrors): DocumentFileInput[] {
  const out: DocumentFileInput[] = []
  for (let i = 0; i < FILE_SLOTS; i++) {
    const key = (form[`file_${i}`] ?? '').trim()
    if (!key) continue
    const chosen = form[`file_${i}_for`] ?? 'auto'
    if (storageKeyProblem(key)) errors[`file_${i}`] = 'console.error.fileKey'
    else if (chosen !== 'auto' && !FILE_ICONS.includes(chosen as FileIcon)) errors[`file_${i}_for`] = 'console.error.option'
    else out.push({ key, for: chosen as FileFor })
  }
  return out
}

/** A revision as typed (empty: the next one is suggested by the server). */
export function readRevision(value: string | undefined, errors: FieldErrors): string | null {
  const revision = (value ?? '').trim().toUpperCase()
  if (revision === '') return null
  if (!REVISION.test(revision)) errors.revision = 'console.docs.error.revision'
  return revision
}

/**
 * The form's values checked for their shape (what needs the database, such as a number already
 * taken or an option of another type, the server checks after). `errors` is empty when they pass.
 */
export function readDocumentForm(archive: DocumentArchive, form: Form): { input: DocumentInput; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const text = (name: string, max: number, required: boolean) => {
    const value = (form[name] ?? '').trim()
    if (required && value === '') errors[name] = 'console.error.required'
    else if (value.length > max) errors[name] = 'console.error.tooLong'
    return value
  }
  const type = Number(form.type)
  if (!Number.isInteger(type) || type < 1 || type > 12) errors.type = 'console.error.option'
  const docNumber = (form.doc_number ?? '').trim().toUpperCase()
  if (docNumber === '') errors.doc_number = 'console.error.required'
  else if (!DOCUMENT_NUMBER.test(docNumber)) errors.doc_number = 'console.docs.error.number'
  const title = text('title', TITLE_MAX, true)
  const titleEn = text('title_en', TITLE_MAX, true)
  const url = text('url', URL_MAX, false)
  const urlEn = text('url_en', URL_MAX, false)
  if (url && !URL_RE.test(url)) errors.url = 'console.error.url'
  if (urlEn && !URL_RE.test(urlEn)) errors.url_en = 'console.error.url'
  let productId: number | null = null
  if (archive === 'reference' && form.product_id) {
    productId = Number(form.product_id)
    if (!Number.isInteger(productId) || productId <= 0) errors.product_id = 'console.error.option'
  }
  const optionIds =
    archive === 'service'
      ? Object.keys(form)
          .filter((k) => /^option_\d{1,9}$/.test(k) && form[k] === 'on')
          .map((k) => Number(k.slice('option_'.length)))
      : []
  const files = readFileSlots(form, errors)
  return {
    input: { type, doc_number: docNumber, title, title_en: titleEn, url, url_en: urlEn, product_id: productId, option_ids: optionIds, files },
    errors,
  }
}
