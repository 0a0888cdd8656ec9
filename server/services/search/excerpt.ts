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

/** A document's number and revision, as the body of a reference or service document starts (`DS-MAN-0004 Rev. A`). */
const DOCUMENT_LABEL =
  /^([A-Z][A-Z0-9]{1,5}(?:-[A-Z0-9]{1,8}){0,3}-\d{2,6}) Rev\. ([A-Z]{1,3}|\d{1,3}(?:\.\d{1,3})?)(?= |$)/

/** A file name or storage key in a body (`TX_카탈로그_국문.pdf`, `documents/service/….pdf`): indexed, never shown. */
const FILE_NAME =
  /(?<=^| )[^ ]+\.(?:pdf|dwg|dxf|gsd|gsdml|zip|7z|xlsx?|csv|docx?|hwp|hwpx|pptx?|png|jpe?g|gif|webp|svg|mp4|mov|avi|exe|msi|txt|bin|hex)(?= |$)/giu

/**
 * What a hit's excerpt is cut from, and the document it names: a document's number and revision
 * come apart from its text (the page shows them beside the title), file names and storage keys
 * are dropped (they are found, but are no passage to read).
 */
export function displayBody(
  kind: string,
  body: string,
): { text: string; document: { number: string; revision: string } | null } {
  let text = body
  let document: { number: string; revision: string } | null = null
  if (kind === 'reference' || kind === 'service') {
    const label = DOCUMENT_LABEL.exec(text)
    if (label) {
      document = { number: label[1]!, revision: label[2]! }
      text = text.slice(label[0].length)
    }
  }
  text = text.replace(FILE_NAME, '').replace(/ {2,}/g, ' ').trim()
  return { text, document }
}

/**
 * The start of the best passage: the match from which the window of an excerpt holds the most
 * different query terms (each match is tagged with its term), the earliest of equals; without a
 * match, the start of the text.
 */
export function bestPassage(matches: { range: Highlight; term: number }[]): number {
  const sorted = [...matches].sort((a, b) => a.range[0] - b.range[0])
  let best = -1
  let bestCount = 0
  for (let i = 0; i < sorted.length; i++) {
    const from = sorted[i]!.range[0]
    const terms = new Set<number>()
    for (let j = i; j < sorted.length && sorted[j]!.range[1] <= from + EXCERPT.length - EXCERPT.before; j++)
      terms.add(sorted[j]!.term)
    if (terms.size > bestCount) {
      bestCount = terms.size
      best = from
    }
  }
  return best
}

/**
 * The excerpt of a hit for several terms (or forms): the passage holding the most of them, every
 * match inside it marked. `matches` are all matches, each tagged with its term.
 */
export function passageExcerpt(
  text: string,
  matches: { range: Highlight; term: number }[],
): { text: string; highlights: Highlight[] } {
  const at = bestPassage(matches)
  const ranges = matches.map((m) => m.range).sort((a, b) => a[0] - b[0] || b[1] - a[1])
  // Overlapping ranges (a form inside another) become one.
  const merged: Highlight[] = []
  for (const range of ranges) {
    const last = merged[merged.length - 1]
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1])
    else merged.push([range[0], range[1]])
  }
  const first = at >= 0 ? merged.find((range) => range[0] >= at) : undefined
  const ordered = first ? [first, ...merged.filter((range) => range !== first)] : merged
  const shown = excerpt(text, ordered)
  return { text: shown.text, highlights: shown.highlights.sort((a, b) => a[0] - b[0]) }
}
