import type { FieldErrors } from './field-errors.ts'
import { readFileSlots, type DocumentFileInput, type Form } from './document-form.ts'
import { SERIAL_CODE1 } from './serial.ts'
import { NOTICE_TYPE } from './type-codes.ts'

/**
 * The console's small forms of the documents area (docs/decisions/021-document-editing.md):
 * service option groups and options, circuit serials, investor categories and notices, the
 * internal rules file. Each reader returns the values to store and the first message per field.
 */

const text = (form: Form, errors: FieldErrors, name: string, max: number, required = true) => {
  const value = (form[name] ?? '').trim()
  if (required && value === '') errors[name] = 'console.error.required'
  else if (value.length > max) errors[name] = 'console.error.tooLong'
  return value
}

const int = (form: Form, errors: FieldErrors, name: string, min: number, max: number, fallback?: number) => {
  const raw = (form[name] ?? '').trim()
  if (raw === '' && fallback !== undefined) return fallback
  if (!/^\d{1,9}$/.test(raw)) {
    errors[name] = raw === '' ? 'console.error.required' : 'console.error.number'
    return min
  }
  const n = Number(raw)
  if (n < min || n > max) errors[name] = 'console.error.range'
  return n
}

const published = (form: Form) => form.published === 'on'

export function readOptionGroupForm(form: Form) {
  const errors: FieldErrors = {}
  const values = {
    type: int(form, errors, 'type', 1, 12),
    title: text(form, errors, 'title', 200),
    title_en: text(form, errors, 'title_en', 200),
    sort_order: int(form, errors, 'sort_order', 0, 9999, 0),
  }
  return { values, errors }
}

export function readOptionForm(form: Form) {
  const errors: FieldErrors = {}
  const showYn = form.show_yn === 'N' ? 'N' : 'Y'
  const values = {
    title: text(form, errors, 'title', 200),
    title_en: text(form, errors, 'title_en', 200),
    code: text(form, errors, 'code', 50, false),
    name: text(form, errors, 'name', 100, false),
    show_yn: showYn,
    sort_order: int(form, errors, 'sort_order', 0, 9999, 0),
  }
  return { values, errors }
}

export const SERIAL_CODE2_EXACT = /^\d{4}$/

export function readSerialForm(form: Form): { values: { code1: string; code2: string; title: string; title_en: string; model: string; published: boolean }; files: DocumentFileInput[]; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const code1 = (form.code1 ?? '').trim()
  const code2 = (form.code2 ?? '').trim()
  if (!SERIAL_CODE1.test(code1)) errors.code1 = 'console.serials.error.code1'
  if (!SERIAL_CODE2_EXACT.test(code2)) errors.code2 = 'console.serials.error.code2'
  const values = { code1, code2, title: text(form, errors, 'title', 300), title_en: text(form, errors, 'title_en', 300), model: text(form, errors, 'model', 100, false), published: published(form) }
  return { values, files: readFileSlots(form, errors), errors }
}

export function readInvestCategoryForm(form: Form) {
  const errors: FieldErrors = {}
  const type = Number(form.type)
  if (type !== NOTICE_TYPE.shareholder && type !== NOTICE_TYPE.settlement) errors.type = 'console.error.option'
  return { values: { type, title: text(form, errors, 'title', 200), sort_order: int(form, errors, 'sort_order', 0, 9999, 0) }, errors }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A notice's date (a day, as investors read it): midnight Korea time of that day. */
export function readNoticeDate(value: string | undefined, errors: FieldErrors, name = 'date'): Date {
  const m = DAY.exec((value ?? '').trim())
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - 9 * 3_600_000) : null
  if (!date || new Date(date.getTime() + 9 * 3_600_000).getUTCDate() !== Number(m![3])) {
    errors[name] = value ? 'console.error.datetime' : 'console.error.required'
    return new Date(0)
  }
  return date
}

export function readInvestPostForm(form: Form) {
  const errors: FieldErrors = {}
  const categoryId = int(form, errors, 'category_id', 1, 999_999_999)
  const values = { category_id: categoryId, title: text(form, errors, 'title', 300), created_at: readNoticeDate(form.date, errors), published: published(form) }
  return { values, files: readFileSlots(form, errors), errors }
}
