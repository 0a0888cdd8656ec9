import { choseongWithMap, compactWithMap } from './text.ts'

/** A marked part of a text: [start, end) in UTF-16 units. */
export type Highlight = [start: number, end: number]

/** How much of the body a hit shows, and how much of it comes before the first match. */
export const EXCERPT = { length: 160, before: 30 } as const

function spans(origin: number[], text: string, at: number, length: number): Highlight {
  const first = origin[at]!
  const last = origin[at + length - 1]!
  const code = text.charCodeAt(last)
  return [first, last + (code >= 0xd800 && code <= 0xdbff ? 2 : 1)]
}

/**
 * Every occurrence of the query (in compact form) in `text`, as ranges of the original text: a
 * match may cross spaces and punctuation (`tmsmart` marks `TM SMART`), as matching ignores them.
 */
export function findMatches(text: string, compactQuery: string): Highlight[] {
  if (!compactQuery) return []
  const { compact, origin } = compactWithMap(text)
  const out: Highlight[] = []
  for (let at = compact.indexOf(compactQuery); at >= 0; at = compact.indexOf(compactQuery, at + compactQuery.length)) {
    out.push(spans(origin, text, at, compactQuery.length))
  }
  return out
}

/** Every run of syllables of `text` whose initial consonants are the query (`ㅈㄷ` marks `전동`). */
export function findChoseongMatches(text: string, choseongQuery: string): Highlight[] {
  const { choseong, origin } = choseongWithMap(text)
  const out: Highlight[] = []
  for (
    let at = choseong.indexOf(choseongQuery);
    at >= 0;
    at = choseong.indexOf(choseongQuery, at + choseongQuery.length)
  ) {
    out.push(spans(origin, text, at, choseongQuery.length))
  }
  return out
}

/**
 * The part of `text` a hit shows: from up to 30 characters before the first match, about 160
 * characters long, with "…" where it was cut; every match inside it is marked. Without a match,
 * the beginning of the text.
 */
export function excerpt(text: string, matches: Highlight[]): { text: string; highlights: Highlight[] } {
  const first = matches[0]
  let start = first ? Math.max(0, first[0] - EXCERPT.before) : 0
  // Do not start inside a surrogate pair.
  if (start > 0 && /[\udc00-\udfff]/.test(text[start] ?? '')) start--
  let end = Math.min(text.length, Math.max(start + EXCERPT.length, first ? first[1] : 0))
  if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1] ?? '')) end++
  const prefix = start > 0 ? '…' : ''
  const shown = `${prefix}${text.slice(start, end)}${end < text.length ? '…' : ''}`
  const shift = prefix.length - start
  const highlights = matches
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): Highlight => [s + shift, e + shift])
  return { text: shown, highlights }
}
