import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { storageKeyProblem } from './files.ts'
import { isSafeLink } from './safe-link.ts'

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

/** An absolute web address (`http:`/`https:`), refused with the web-address message (shared/safe-link.ts). */
export const webAddress = z.string().refine((v) => isSafeLink(v, 'web'), messageKey('console.error.url'))
/** A link: web, mail, phone or an address of this site, refused with the link message (shared/safe-link.ts). */
export const linkAddress = z.string().refine((v) => isSafeLink(v, 'link'), messageKey('console.error.link'))

/** An optional web address (empty: none). */
export const optionalUrl = (max: number) =>
  trimmed.pipe(
    z
      .string()
      .refine((v) => v === '' || isSafeLink(v, 'web'), messageKey('console.error.url'))
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
