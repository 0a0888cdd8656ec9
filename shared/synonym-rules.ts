/**
 * The synonym groups of site search (docs/decisions/047-search-words-forms-synonyms.md), written
 * once for the console's form (its hint, how typed members are split) and the service that checks them.
 */

/** What a group may hold: 2 to 12 members of 1 to 40 characters, each with letters or digits to match. */
export const SYNONYM_RULES = { minTerms: 2, maxTerms: 12, maxLength: 40, maxGroups: 500 } as const

/** The longest filter word of the console's list. */
export const SYNONYM_FILTER_MAX = 40

/**
 * The members typed into the console's box: separated by commas (also the full-width ， and 、)
 * or one per line, each trimmed; empty ones dropped. Repeats and spacing are the service's (`cleanTerms`).
 */
export function synonymTermsOf(text: string): string[] {
  return text
    .split(/[,，、\r\n]+/)
    .map((term) => term.trim())
    .filter((term) => term.length > 0)
}
