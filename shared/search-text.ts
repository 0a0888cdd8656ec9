/**
 * The search-word rule of the service pages (spec section 5), written once for the browser
 * (which builds the search text from ticked option titles) and the server (which matches it).
 *
 * - '+' means a space (the pages put '+' between words in the `search` query parameter);
 * - the text is split on whitespace; empty words and the word 'none' (any case) are dropped;
 * - every remaining word must be found, case-insensitively, as a substring of at least one of
 *   the searched texts (for a service document: its title, its English title, or the title,
 *   English title, name or code of one of its options).
 */

/** The distinct search words of `keyword`, in order of first appearance. */
export function searchTokens(keyword: string): string[] {
  const seen = new Set<string>()
  const tokens: string[] = []
  for (const raw of keyword.replace(/\+/g, ' ').split(/\s+/)) {
    if (raw === '' || raw.toLowerCase() === 'none') continue
    const key = raw.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    tokens.push(raw)
  }
  return tokens
}

/** True when every token occurs (case-insensitively) in at least one of `texts`. No tokens: true. */
export function matchesTokens(tokens: readonly string[], texts: readonly string[]): boolean {
  const haystack = texts.map((t) => t.toLowerCase())
  return tokens.every((token) => {
    const needle = token.toLowerCase()
    return haystack.some((text) => text.includes(needle))
  })
}

/** `searchTokens` then `matchesTokens`. */
export function matchesSearchText(keyword: string, texts: readonly string[]): boolean {
  return matchesTokens(searchTokens(keyword), texts)
}
