import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { storageKeyProblem } from './files.ts'

/** The fields the console's document and record forms share, as zod schemas over the posted strings (file slots: document-form.ts). */

export const required = messageKey('console.error.required')
const tooLong = messageKey('console.error.tooLong')
export const option = messageKey('console.error.option')

/** A posted string, trimmed (absent: empty). */
export const trimmed = z
  .string()
  .optional()
  .transform((v = '') => v.trim())

export const text = (max: number) => trimmed.pipe(z.string().min(1, required).max(max, tooLong))
export const optionalText = (max: number) => trimmed.pipe(z.string().max(max, tooLong))

export const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i
export const optionalUrl = (max: number) =>
  trimmed.pipe(
    z
      .string()
      .refine((v) => v === '' || URL_PATTERN.test(v), messageKey('console.error.url'))
      .max(max, tooLong),
  )

/** A whole number in [min, max]; empty takes `fallback` when there is one. */
export const int = (min: number, max: number, fallback?: number) =>
  trimmed
    .transform((v) => (v === '' && fallback !== undefined ? String(fallback) : v))
    .pipe(
      z
        .string()
        .min(1, required)
        .regex(/^\d{1,9}$/, messageKey('console.error.number'))
        .transform(Number)
        .pipe(z.number().min(min, messageKey('console.error.range')).max(max, messageKey('console.error.range'))),
    )

/** A stored file's key (empty: none). */
export const fileKey = trimmed.refine((v) => v === '' || !storageKeyProblem(v), messageKey('console.error.fileKey'))
