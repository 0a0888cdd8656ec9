import { and, eq, inArray, sql } from 'drizzle-orm'
import { convertHangulToQwerty, convertQwertyToHangul, disassemble } from 'es-hangul'
import type { Db } from '#server/db/client.ts'
import { searchKeyCounts, searchTitles as st } from '#server/db/schema.ts'
import type { Lang } from '#shared/locales.ts'
import { queryCodes } from './codes.ts'
import { termsOf, type SynonymIndex, type Term } from './forms.ts'
import { anyHolds } from './words.ts'

/**
 * "Did you mean" (docs/decisions/047-search-words-forms-synonyms.md): a word no entry holds is
 * replaced by the word it was meant to be, when one is found:
 * - typed on the other keyboard layout: Latin letters that spell Hangul on the 2-set layout
 *   (`ruftjseh` → 결선도), or jamo that spell Latin letters (`ㅅㅡ` → tm), es-hangul's converters;
 * - a typo: the closest word of an indexed title (or a synonym) by edit distance over letters and
 *   jamo (`취급설명셔` → 취급설명서: ㅕ for ㅓ is one edit), within 1 edit for words of up to 4
 *   letters or jamo, 2 up to 8, 3 beyond; the candidates are the words of titles holding the
 *   word's rarest keys, so a typo costs a few index lookups.
 */

/** Optimal string alignment distance (Levenshtein with transpositions), stopping above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current[j] = value
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/** How far a word of this many letters or jamo may be from what it was meant to be. */
const allowed = (length: number) => (length <= 4 ? 1 : length <= 8 ? 2 : 3)

/** The word as typed on the other layout, or null when that spells nothing sensible. */
export function otherLayout(word: string): string | null {
  if (/^[a-z]+$/.test(word)) {
    const hangul = convertQwertyToHangul(word)
    // Only whole syllables (a leftover jamo means the letters spell no Korean word).
    return /^[\uac00-\ud7a3]+$/.test(hangul) ? hangul : null
  }
  if (/^[\u3131-\u318e\uac00-\ud7a3]+$/.test(word)) {
    const latin = convertHangulToQwerty(word).toLowerCase()
    return /^[a-z]+$/.test(latin) ? latin : null
  }
  return null
}

/** The closest word of an indexed title (or a synonym) to `word`, within the allowed distance. */
async function closestWord(db: Db, lang: Lang, word: string, synonyms: SynonymIndex): Promise<string | null> {
  const codes = queryCodes(word)
  if (codes.length === 0) return null
  const counts = await db
    .select({ key: searchKeyCounts.key, n: searchKeyCounts.entries })
    .from(searchKeyCounts)
    .where(and(eq(searchKeyCounts.lang, lang), inArray(searchKeyCounts.key, codes)))
  const rarest = counts
    .filter((row) => row.n > 0)
    .sort((a, b) => a.n - b.n)
    .slice(0, 4)
  const candidates = new Set<string>(synonyms.keys())
  if (rarest.length > 0) {
    const probes = rarest.map(
      ({ key }) =>
        sql`(select ${st.title_words} from ${st} where ${st.lang} = ${lang} and ${st.title_grams} @> ${`{${key}}`}::int4[] limit 60)`,
    )
    const result = (await db.execute(sql.join(probes, sql` union `))) as unknown as { rows: { title_words: string }[] }
    for (const row of result.rows) {
      const words = row.title_words.trim().split(' ')
      for (let i = 0; i < words.length; i++) {
        candidates.add(words[i]!)
        if (i + 1 < words.length) candidates.add(words[i]! + words[i + 1]!)
      }
    }
  }
  const target = disassemble(word)
  const max = allowed(target.length)
  let best: { word: string; distance: number } | null = null
  for (const candidate of candidates) {
    if (candidate === word || candidate.length < 2) continue
    const distance = editDistance(target, disassemble(candidate), max)
    if (distance <= max && (!best || distance < best.distance || (distance === best.distance && candidate < best.word)))
      best = { word: candidate, distance }
  }
  return best?.word ?? null
}

/**
 * The keyword with each word no entry holds replaced by what it was meant to be (the other layout
 * first, then the closest indexed word), when that word is held; null when nothing was replaced.
 */
export async function correctKeyword(
  db: Db,
  lang: Lang,
  terms: Term[],
  present: boolean[],
  synonyms: SynonymIndex,
): Promise<string | null> {
  let changed = false
  const words: string[] = []
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!
    if (present[i]) {
      words.push(term.typed)
      continue
    }
    let replacement: string | null = null
    // Several words typed on the other layout come as several terms; each is converted alone.
    const guesses = [() => otherLayout(term.typed), () => closestWord(db, lang, term.typed, synonyms)]
    for (const guess of guesses) {
      const candidate = await guess()
      if (!candidate) continue
      const candidateTerms = termsOf(candidate, synonyms)
      if (candidateTerms.length > 0 && (await anyHolds(db, lang, candidateTerms))) {
        replacement = candidate
        break
      }
    }
    words.push(replacement ?? term.typed)
    if (replacement) changed = true
  }
  return changed ? words.join(' ') : null
}
