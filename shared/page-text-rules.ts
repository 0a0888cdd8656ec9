import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'

/** Longest replaced text of a static page, per language (characters). */
export const PAGE_TEXT_MAX = 4000

const text = z
  .string()
  .refine((v) => v.trim() !== '', messageKey('console.error.required'))
  .max(PAGE_TEXT_MAX, messageKey('console.error.tooLong'))
  .optional()

/**
 * The console's form of a static page's texts (shared/page-texts.ts), one schema for the given
 * catalogue keys: `<key>.ko` and `<key>.en`, each optional (unsent: unchanged) but never blank.
 * Kept apart from page-texts.ts, which public pages load without zod.
 */
export const pageTextsSchema = (keys: readonly string[]) =>
  z.object(
    Object.fromEntries(
      keys.flatMap((key) => [
        [`${key}.ko`, text],
        [`${key}.en`, text],
      ]),
    ),
  )
