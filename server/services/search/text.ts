import { canBeChoseong, disassembleCompleteCharacter } from 'es-hangul'

/**
 * How search sees text (docs/decisions/012-site-search.md). Everything is compared in one
 * normal form: Unicode NFKC (full-width Latin and digits become ASCII, compatibility jamo and
 * ligatures fold), lower case. Matching ignores everything but letters and digits (the compact
 * form), so `TM-SMART`, `tm smart` and `tmsmart` are the same words, `25-0100` and `250100` the
 * same serial, and Korean spacing (`전동 액추에이터` / `전동액추에이터`) does not matter.
 */

/** Letters (any script, Hangul syllables and jamo included) and digits. */
const WORD_CHAR = /[\p{L}\p{N}]/u

/**
 * Which UTF-16 units are letters or digits, looked up rather than tested with a Unicode regular
 * expression for every character (the index is built from hundreds of thousands of texts).
 * Surrogates count when their pair is a letter or digit (decided where they are met).
 */
const WORD_UNITS = (() => {
  const table = new Uint8Array(0x10000)
  for (let code = 0; code < 0x10000; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue
    if (WORD_CHAR.test(String.fromCharCode(code))) table[code] = 1
  }
  return table
})()

/** The letters-and-digits runs of a normalised text: calls `word` for each, with its start. */
function eachWord(text: string, word: (run: string) => void): void {
  let start = -1
  for (let i = 0; i <= text.length; i++) {
    let letter = false
    if (i < text.length) {
      const code = text.charCodeAt(i)
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        letter = WORD_CHAR.test(text.slice(i, i + 2))
        if (letter) {
          if (start < 0) start = i
          i++
          continue
        }
      } else letter = WORD_UNITS[code] === 1
    }
    if (letter) {
      if (start < 0) start = i
    } else if (start >= 0) {
      word(text.slice(start, i))
      start = -1
    }
  }
}

/**
 * NFKC and lower case. Compatibility jamo (`ㅈ`, typed for an initial-consonant search) are kept
 * as they are: NFKC would turn them into conjoining jamo, which no text and no initials hold.
 */
export function normalize(text: string): string {
  return text.replace(/[^\u3131-\u318e]+/g, (part) => part.normalize('NFKC')).toLowerCase()
}

/**
 * The compact form of `text` (letters and digits only, normalised) with, for each of its UTF-16
 * units, the index of the original character it came from, so a match in the compact form can be
 * marked in the original text.
 */
export function compactWithMap(text: string): { compact: string; origin: number[] } {
  let compact = ''
  const origin: number[] = []
  let i = 0
  for (const char of text) {
    // ASCII and Hangul syllables are their own NFKC form: only case is folded (most of every text).
    const code = char.charCodeAt(0)
    if (code < 0x80 || (code >= 0xac00 && code <= 0xd7a3)) {
      if (WORD_UNITS[code] === 1) {
        compact += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : char
        origin.push(i)
      }
      i += 1
      continue
    }
    const folded = normalize(char)
    for (const unit of folded) {
      if (unit.length === 2 ? WORD_CHAR.test(unit) : WORD_UNITS[unit.charCodeAt(0)] === 1) {
        compact += unit
        for (let k = 0; k < unit.length; k++) origin.push(i)
      }
    }
    i += char.length
  }
  return { compact, origin }
}

/** Letters and digits only, normalised: what matching compares. */
export function compact(text: string): string {
  return wordsOf(text).join('')
}

/** The words of `text` (maximal runs of letters and digits), normalised. */
export function wordsOf(text: string): string[] {
  const words: string[] = []
  eachWord(normalize(text), (run) => words.push(run))
  return words
}

/**
 * The initial consonants of the Hangul syllables of `text`, other characters dropped
 * (`전동 액추에이터` → `ㅈㄷㅇㅊㅇㅇㅌ`), with for each the index of its syllable in `text`.
 */
export function choseongWithMap(text: string): { choseong: string; origin: number[] } {
  let choseong = ''
  const origin: number[] = []
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xac00 && code <= 0xd7a3) {
      choseong += disassembleCompleteCharacter(text[i]!)?.choseong ?? ''
      origin.push(i)
    }
  }
  return { choseong, origin }
}

/** `ㅈㄷㅇㅊ`: a query made only of initial consonants asks for words by their initials. */
export function isChoseongQuery(compactQuery: string): boolean {
  return compactQuery.length > 0 && [...compactQuery].every((c) => canBeChoseong(c))
}

/** True for a single Latin letter or digit: too common to look up (every document has one). */
export function isTooShort(compactQuery: string): boolean {
  return compactQuery.length === 0 || (compactQuery.length === 1 && compactQuery.charCodeAt(0) < 0x80)
}
