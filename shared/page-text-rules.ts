import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import type { TextKind } from './page-text-sections.ts'

/** Longest replaced text of a static page, per language (characters). */
export const PAGE_TEXT_MAX = 4000

const text = z
  .string()
  .refine((v) => v.trim() !== '', messageKey('console.error.required'))
  .max(PAGE_TEXT_MAX, messageKey('console.error.tooLong'))

/** A title, name or tag (docs/decisions/055-page-copy-editor.md): one line. */
const line = text.refine((v) => !/[\r\n]/.test(v.trim()), messageKey('console.pageCopy.error.oneLine'))

/**
 * The console's form of a static page's texts (shared/page-texts.ts), one schema for the given
 * texts: `<key>.ko` and `<key>.en`, each optional (unsent: unchanged) but never blank; a `line`
 * without line breaks. Kept apart from page-texts.ts, which public pages load without zod.
 */
export const pageTextsSchema = (texts: readonly { key: string; kind: TextKind }[]) =>
  z.object(
    Object.fromEntries(
      texts.flatMap(({ key, kind }) => {
        const rule = (kind === 'line' ? line : text).optional()
        return [
          [`${key}.ko`, rule],
          [`${key}.en`, rule],
        ]
      }),
    ),
  )
