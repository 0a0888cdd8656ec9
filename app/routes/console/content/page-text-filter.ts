/**
 * The page-copy editor's filter (docs/decisions/055-page-copy-editor.md): a text matches when
 * every word of the query is in its label, its section's name, its key or its wording in either
 * language, ignoring case. An empty query matches everything.
 */
export function textMatches(query: string, haystack: readonly string[]): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = haystack.join('\n').toLowerCase()
  return words.every((word) => text.includes(word))
}
