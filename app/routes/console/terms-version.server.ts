import { htmlToText, sanitizeRichText } from '#server/services/html.ts'

/** The texts of a terms draft, as its editor's form posts them. */
export const TERMS_TEXTS = ['title', 'title_en', 'description', 'description_en'] as const
const RICH = new Set<string>(['description', 'description_en'])

/**
 * A draft's texts as saved now, to show beside what the editor posted after a stale save. A rich
 * text that says the same as the posted one (the same HTML once sanitised, or the same words: the
 * editor's widget writes its own markup for an untouched text) is given as posted, so the
 * comparison lists only what someone really changed.
 */
export function savedTexts(
  saved: Record<(typeof TERMS_TEXTS)[number], string>,
  posted: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    TERMS_TEXTS.map((name) => {
      const mine = posted[name] ?? ''
      const theirs = saved[name]
      const same = RICH.has(name) && (sanitizeRichText(mine) === theirs || htmlToText(mine) === htmlToText(theirs))
      return [name, same ? mine : theirs]
    }),
  )
}

/** A terms version's id from the address (a positive integer), or null. */
export const versionId = (param: string | undefined) => (param && /^\d{1,9}$/.test(param) ? Number(param) : null)
