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

/** Keys in ascending order (as PostgreSQL orders int4), the form they are stored in: a GIN index builds faster from sorted arrays. */
export function sortedCodes(codes: ReadonlySet<number>): number[] {
  const sorted = new Int32Array(codes.size)
  let i = 0
  for (const code of codes) sorted[i++] = code
  sorted.sort()
  const out = new Array<number>(sorted.length)
  for (let k = 0; k < sorted.length; k++) out[k] = sorted[k]!
  return out
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

/*
 * Initial-consonant keys (ADR 012, amended 2026-11-26). A run of 3 to 5 consonant compatibility
 * jamo (U+3131–U+314E: 30 code points, 5 bits each) is one exact key, so an initials keyword of
 * that length is proven, and counted from `search_key_counts`, by one key, like a 2-character
 * keyword. The keys live where no bigram key can: their high 16 bits are U+E000 and up (private
 * use), which is neither a letter nor a digit, so never part of compact text. Four kinds:
 * - run: the run occurs in the title's initials, the compact title or the compact body (proves and
 *   counts a hit);
 * - whole: the title's initials are exactly the run (the keyword *is* the title: score 8);
 * - literal: the compact title holds the jamo themselves (only then can they be title words);
 * - body: the compact body holds the jamo themselves. The entry's keys hold its title's too (ADR
 *   047), so without it a hit's run key would not say whether the body holds the run, and the
 *   body-only hits of an initials keyword (jamo typed in a body: few) were found by reading every hit.
 * Which jamo an initials keyword may hold is es-hangul's to say (`canBeChoseong`); the keys only
 * pack code points, so SQL (migration 0018) computes the same keys without a table of jamo.
 */
const JAMO_FIRST = 0x3131
const JAMO_LAST = 0x314e
export const RUN_MIN = 3
export const RUN_MAX = 5
const KIND_BASE = { run: 0, whole: 1 << 26, literal: 1 << 27, body: 3 << 26 } as const
/** Where the keys of each run length start within a kind: 3 → 0, 4 → 2^15, 5 → 2^15 + 2^20. */
const LENGTH_BASE = [0, 0, 0, 0, 1 << 15, (1 << 15) + (1 << 20)]
const PRIVATE_USE = 0xe000 << 16

export type InitialsKind = keyof typeof KIND_BASE

const isJamoConsonant = (code: number) => code >= JAMO_FIRST && code <= JAMO_LAST

/** The key of `text.slice(start, start + length)`, a run of consonant jamo of 3 to 5. */
function initialsKey(text: string, start: number, length: number, kind: InitialsKind): number {
  // At most 5 × 5 bits: the shifts stay within 32-bit integers.
  let packed = 0
  for (let j = 0; j < length; j++) packed |= (text.charCodeAt(start + j) - JAMO_FIRST) << (5 * j)
  return (PRIVATE_USE + KIND_BASE[kind] + LENGTH_BASE[length]! + packed) | 0
}

const JAMO_CONSONANT = /[\u3131-\u314e]/

/** The keys (of `kind`) of every run of 3 to 5 consecutive consonant jamo in `text`. */
export function initialsRunCodes(text: string, kind: InitialsKind, into: Set<number> = new Set()): Set<number> {
  // Most texts (every body but a few) hold no jamo at all.
  if (!JAMO_CONSONANT.test(text)) return into
  let runStart = 0
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && isJamoConsonant(text.charCodeAt(i))) continue
    // text[runStart, i) is a maximal run of consonant jamo: every window of 3 to 5.
    for (let length = RUN_MIN; length <= RUN_MAX; length++) {
      for (let start = runStart; start + length <= i; start++) into.add(initialsKey(text, start, length, kind))
    }
    runStart = i + 1
  }
  return into
}

/** The key of an initials keyword of 3 to 5 jamo (else null: it is not proven by one key). */
export function initialsCode(compactQuery: string, kind: InitialsKind): number | null {
  const length = compactQuery.length
  if (length < RUN_MIN || length > RUN_MAX) return null
  for (let i = 0; i < length; i++) if (!isJamoConsonant(compactQuery.charCodeAt(i))) return null
  return initialsKey(compactQuery, 0, length, kind)
}

/**
 * The title's initial-consonant keys: runs of its initials and of jamo in its compact form, the
 * whole initials when there are 3 to 5 of them, and the literal jamo runs.
 */
export function titleInitialsCodes(choseong: string, titleCompact: string, into: Set<number>): Set<number> {
  initialsRunCodes(choseong, 'run', into)
  initialsRunCodes(titleCompact, 'run', into)
  initialsRunCodes(titleCompact, 'literal', into)
  const whole = initialsCode(choseong, 'whole')
  if (whole !== null) into.add(whole)
  return into
}
