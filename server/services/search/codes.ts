/**
 * The index keys of a text: its distinct character bigrams and (for characters outside ASCII,
 * so a one-syllable Korean word can be found) unigrams, as 32-bit integers. A bigram of UTF-16
 * units a, b is `a << 16 | b`, a unigram `a << 16` (b = 0: NUL never occurs in text), so keys
 * are exact, never hashed: finding every key of a query proves a 1- or 2-character match
 * without reading the text. Integers keep the GIN index small and its comparisons cheap.
 */
export function gramCodes(compact: string, into: Set<number> = new Set()): Set<number> {
  for (let i = 0; i < compact.length; i++) {
    const a = compact.charCodeAt(i)
    if (a >= 0x80) into.add(a << 16)
    if (i + 1 < compact.length) into.add((a << 16) | compact.charCodeAt(i + 1))
  }
  return into
}

/**
 * The keys a query needs: the unigram of a one-character query, else its bigrams. Every
 * document holding the query holds them all; for 1 and 2 characters that is also sufficient.
 */
export function queryCodes(compactQuery: string): number[] {
  if (compactQuery.length === 1) return [compactQuery.charCodeAt(0) << 16]
  return [...new Set([...gramCodes(compactQuery)].filter((code) => (code & 0xffff) !== 0))]
}

/** A word as a 32-bit integer (FNV-1a over UTF-16 units): whole-word matches for ranking. */
export function wordCode(word: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < word.length; i++) {
    hash ^= word.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash | 0
}
