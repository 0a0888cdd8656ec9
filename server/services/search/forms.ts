import { getJongseong, hasBatchim } from 'es-hangul'
import { compact, isChoseongQuery, isTooShort, wordsOf } from './text.ts'
import { stemmer } from 'stemmer'

/**
 * The forms people type (docs/decisions/047-search-words-forms-synonyms.md): a keyword becomes
 * terms, each a set of compact forms any of which matches (a word, its bare form without a Korean
 * particle or ending, its English stem, the words of its synonym group). Matching stays a
 * substring test of compact text (ADR 012), so a bare form also finds every longer form of it.
 */

/**
 * Korean particles (조사) and common endings of the content's verbs and adjectives, longest first,
 * each with what the syllable before it must be: `final` a closed syllable (받침), `open` an open
 * one (or ㄹ for 로), `any` either. A word loses one of them when what remains is at least `min`
 * syllables: a one-syllable particle that is also a common last syllable of nouns (도 of 결선도,
 * 이 of 하노이, 의, 로 of 회로) leaves at least two, so 지도 or 회로 stay whole.
 */
const KOREAN_ENDINGS: { ending: string; before: 'final' | 'open' | 'any'; min: number }[] = [
  // Endings of 하다/되다 verbs (설치하는 → 설치, 보관된 → 보관) and of adjectives in -적.
  ...[
    '했습니다',
    '합니다',
    '됩니다',
    '하였다',
    '되었다',
    '하는',
    '하여',
    '해서',
    '하고',
    '하기',
    '하며',
    '하면',
    '한다',
    '했다',
    '했던',
  ]
    .concat(['되는', '되어', '되고', '되며', '되면', '된다', '시키는', '적으로', '적인', '입니다', '이다'])
    .map((ending) => ({ ending, before: 'any' as const, min: 2 })),
  // Particles of two syllables and more.
  ...[
    '에서는',
    '에서도',
    '으로는',
    '으로도',
    '에게서',
    '이라는',
    '까지',
    '부터',
    '에서',
    '에게',
    '처럼',
    '보다',
    '마다',
    '에는',
    '에도',
    '이나',
  ].map((ending) => ({
    ending,
    before: ending.startsWith('으') || ending.startsWith('이') ? ('final' as const) : ('any' as const),
    min: 1,
  })),
  { ending: '으로', before: 'final', min: 1 },
  { ending: '라는', before: 'open', min: 2 },
  { ending: '로는', before: 'open', min: 2 },
  // One syllable.
  { ending: '은', before: 'final', min: 1 },
  { ending: '을', before: 'final', min: 1 },
  { ending: '는', before: 'open', min: 1 },
  { ending: '를', before: 'open', min: 1 },
  { ending: '과', before: 'final', min: 2 },
  { ending: '와', before: 'open', min: 2 },
  { ending: '이', before: 'final', min: 2 },
  { ending: '가', before: 'open', min: 2 },
  { ending: '로', before: 'open', min: 2 },
  { ending: '의', before: 'any', min: 2 },
  { ending: '에', before: 'any', min: 2 },
  { ending: '도', before: 'any', min: 2 },
  { ending: '만', before: 'any', min: 2 },
  { ending: '한', before: 'any', min: 2 },
  { ending: '된', before: 'any', min: 2 },
]

const isSyllable = (char: string) => {
  const code = char.charCodeAt(0)
  return code >= 0xac00 && code <= 0xd7a3
}

/** Whether `last` (the syllable before an ending) fits what the ending asks for. */
function fits(last: string, before: 'final' | 'open' | 'any', ending: string): boolean {
  if (before === 'any') return true
  if (before === 'final') return hasBatchim(last)
  // 로, 로는, 라는 follow an open syllable or one closed by ㄹ (서울로).
  return !hasBatchim(last) || (ending.startsWith('로') && getJongseong(last) === 'ㄹ')
}

/**
 * The bare form of a Korean word: the word without one trailing particle or ending (`서울은` →
 * `서울`, `설치하는` → `설치`, `방폭형으로` → `방폭형`, `결선도를` → `결선도`; `에서는` is one
 * ending). Empty for a word that is not entirely Hangul syllables or has none of them.
 */
export function koreanStems(word: string): string[] {
  if (word.length < 2 || ![...word].every(isSyllable)) return []
  const found = KOREAN_ENDINGS.find(
    ({ ending, before, min }) =>
      word.endsWith(ending) &&
      word.length - ending.length >= min &&
      fits(word[word.length - ending.length - 1]!, before, ending),
  )
  return found ? [word.slice(0, word.length - found.ending.length)] : []
}

/** The English stem of a word (the Porter stemmer, npm `stemmer`): a lower-case word in, its stem out. */
export function englishStem(word: string): string {
  return word.length <= 3 ? word : stemmer(word)
}

/** The English forms a word is also found by: its stem, and the stem's start when the stem is not a prefix of the word (y → i). */
function englishForms(word: string): string[] {
  if (!/^[a-z]+$/.test(word) || word.length < 4) return []
  const stem = englishStem(word)
  if (stem === word) return []
  // The shared start finds the word's other endings too (`replacing` → `replac`: replacement, replaced).
  let common = 0
  while (common < stem.length && common < word.length && stem[common] === word[common]) common++
  const base = stem.slice(0, Math.max(common, 3))
  return base.length >= 4 || base.length === stem.length ? [base] : [stem]
}

/** One term of a query: any of its forms matches. `typed` is how it was written; `base` its shortest form (phrase and order tests). */
export type Term = { typed: string; forms: string[]; base: string }

/**
 * Words that carry no topic (English function words, Korean conjunctions and forms of 되다/하다
 * standing alone): not required when the keyword has other words (`replacing the TM motor`,
 * `방폭형으로 된 카탈로그`).
 */
const STOP_WORDS = new Set([
  ...[
    'the',
    'an',
    'of',
    'for',
    'and',
    'or',
    'to',
    'in',
    'on',
    'with',
    'by',
    'at',
    'from',
    'about',
    'how',
    'what',
    'is',
    'are',
  ],
  ...['및', '등', '또는', '그리고', '된', '되는', '하는', '한', '할', '관련', '대해', '대한', '위한'],
])

/** A synonym group's forms by each of its members' compact form. */
export type SynonymIndex = ReadonlyMap<string, readonly string[]>

/** Up to how many words a synonym may have (`circuit diagram`). */
const SYNONYM_WORDS = 3

/** Drops forms that hold a shorter form: any text holding them holds it (the list stays short, the SQL small). */
function minimalForms(forms: string[]): string[] {
  const unique = [...new Set(forms.filter((form) => !isTooShort(form)))].sort((a, b) => a.length - b.length)
  return unique.filter((form, i) => !unique.slice(0, i).some((shorter) => form.includes(shorter)))
}

/**
 * The terms of a keyword: its words (normalised), a run of up to three words that is a synonym
 * taken as one term with its group's forms, each other word with its bare forms (Korean) or stem
 * (English). A single Latin letter or digit joins the word before it (`SIL 2` → `sil2`), as it
 * cannot be looked up alone. A keyword of initial consonants only is one term as typed.
 */
export function termsOf(keyword: string, synonyms: SynonymIndex): Term[] {
  const words = wordsOf(keyword)
  const whole = words.join('')
  if (isChoseongQuery(whole)) return [{ typed: whole, forms: [whole], base: whole }]
  // Single letters and digits join their neighbour.
  const joined: string[] = []
  for (const word of words) {
    if (isTooShort(word) && joined.length > 0) joined[joined.length - 1] += word
    else if (joined.length > 0 && isTooShort(joined[joined.length - 1]!)) joined[joined.length - 1] += word
    else joined.push(word)
  }
  const terms: Term[] = []
  for (let i = 0; i < joined.length;) {
    let taken = 0
    for (let n = Math.min(SYNONYM_WORDS, joined.length - i); n >= 1 && taken === 0; n--) {
      const run = joined.slice(i, i + n).join('')
      const last = joined[i + n - 1]!
      const head = run.slice(0, run.length - last.length)
      // The run as typed, or with its last word bare (`결선도를`, `wiring diagrams`).
      const lastForms = [...koreanStems(last), englishStem(last)].filter((form) => form !== last)
      for (const candidate of [run, ...lastForms.map((form) => head + form)]) {
        const group = synonyms.get(candidate)
        if (group) {
          const forms = minimalForms([run, candidate, ...group])
          terms.push({ typed: run, forms, base: candidate })
          taken = n
          break
        }
      }
    }
    if (taken > 0) {
      i += taken
      continue
    }
    const word = joined[i]!
    const variants = [...koreanStems(word), ...englishForms(word)]
    const forms = minimalForms([word, ...variants])
    if (forms.length > 0) terms.push({ typed: word, forms, base: forms.find((f) => word.startsWith(f)) ?? word })
    i++
  }
  // The same term twice counts once; function words only when nothing else is typed.
  const seen = new Set<string>()
  const topical = terms.filter((term) => !STOP_WORDS.has(term.typed))
  return (topical.length > 0 ? topical : terms).filter((term) => {
    const key = term.forms.join('|')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The compact form of a synonym member as stored and matched. */
export const synonymKey = (term: string) => compact(term)
