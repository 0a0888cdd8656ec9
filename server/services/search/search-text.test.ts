import { describe, expect, it } from 'vitest'
import {
  gramCodes,
  initialsCode,
  initialsRunCodes,
  queryCodes,
  sortedCodes,
  titleInitialsCodes,
  wordCode,
} from './codes.ts'
import { excerpt, findChoseongMatches, findMatches } from './excerpt.ts'
import { choseongWithMap, compact, compactWithMap, isChoseongQuery, isTooShort, normalize, wordsOf } from './text.ts'

const marked = (text: string, ranges: [number, number][]) => ranges.map(([s, e]) => text.slice(s, e))

describe('normalisation', () => {
  it('folds width and case (NFKC, lower case)', () => {
    expect(normalize('ＴＭ－ＳＭＡＲＴ　２５')).toBe('tm-smart 25')
    expect(normalize('Ⅳ ㎏')).toBe('iv kg')
  })
  it('keeps compatibility jamo as typed (NFKC would make them conjoining jamo)', () => {
    expect(normalize('ㅈㄷㅇㅊ')).toBe('ㅈㄷㅇㅊ')
  })
  it('compares letters and digits only: spacing, hyphens and punctuation do not count', () => {
    for (const variant of ['tm smart', 'TM-SMART', 'tmsmart', 'Tm_Smart!']) expect(compact(variant)).toBe('tmsmart')
    expect(compact('25-0100')).toBe(compact('250100'))
    expect(compact('전동 액추에이터')).toBe(compact('전동액추에이터'))
    expect(compact(`<img src=x onerror=alert(1)>`)).toBe('imgsrcxonerroralert1')
    expect(compact("%_\\'")).toBe('')
  })
  it('splits words on everything but letters and digits', () => {
    expect(wordsOf('TM-SMART 제어기 (v2.1)')).toEqual(['tm', 'smart', '제어기', 'v2', '1'])
  })
  it('reads the initial consonants of Hangul syllables, other characters dropped, with their positions', () => {
    const { choseong, origin } = choseongWithMap('전동 TM 액추에이터')
    expect(choseong).toBe('ㅈㄷㅇㅊㅇㅇㅌ')
    expect(origin).toEqual([0, 1, 6, 7, 8, 9, 10])
  })
  it('knows an initial-consonant query and a too-short one', () => {
    expect(isChoseongQuery('ㅈㄷㅇㅊ')).toBe(true)
    expect(isChoseongQuery('ㅈ동')).toBe(false)
    expect(isChoseongQuery('ㄳ')).toBe(false)
    expect(isTooShort('a')).toBe(true)
    expect(isTooShort('7')).toBe(true)
    expect(isTooShort('')).toBe(true)
    expect(isTooShort('댐')).toBe(false)
    expect(isTooShort('tm')).toBe(false)
  })
})

describe('compact form with its map', () => {
  it('equals the compact form, each unit pointing at the character it came from', () => {
    const text = 'TM-SMART ＴＭ２５ 전동 액추에이터, Ⅳ ㎏ ㅈㄷ Ünïcode 😀 x'
    const { compact: folded, origin } = compactWithMap(text)
    expect(folded).toBe(compact(text))
    expect(folded.startsWith('tmsmarttm25전동액추에이터ivkgㅈㄷünïcode')).toBe(true)
    for (let k = 0; k < folded.length; k++)
      expect(normalize(text[origin[k]!]!).includes(folded[k]!) || /[\ud800-\udfff]/.test(folded[k]!), `${k}`).toBe(true)
  })
})

describe('index keys', () => {
  it('are the distinct bigrams, plus unigrams of non-ASCII characters', () => {
    const codes = gramCodes(compact('액추에이터'))
    expect(codes.size).toBe(4 + 5)
    expect(gramCodes('abc').size).toBe(2)
  })
  it('a query needs its bigrams, or its unigram when it is one character; a document holding it holds them all', () => {
    const doc = gramCodes(compact('전동 액추에이터 TM SMART'))
    for (const q of ['액추', '액', '에이터', 'tmsmart', 'ㅈ'.repeat(0) + '터tm']) {
      for (const code of queryCodes(compact(q))) expect(doc.has(code), q).toBe(true)
    }
    expect(queryCodes('액')).toEqual([0xc561 << 16])
    expect(queryCodes(compact('밸브')).length).toBe(1)
    expect(queryCodes('abab')).toHaveLength(2)
  })
  it('are stored in ascending order, as PostgreSQL orders int4 (negative keys first), each once', () => {
    const codes = new Set([
      ...gramCodes(compact('전동 액추에이터 TM SMART')),
      ...initialsRunCodes('ㅈㄷㅇㅊ', 'run'),
      -5,
      7,
    ])
    const sorted = sortedCodes(codes)
    expect(sorted).toEqual([...codes].sort((a, b) => a - b))
    expect(sorted[0]).toBeLessThan(0)
  })
  it('keys are exact: different bigrams never share a key', () => {
    expect(queryCodes('ab')).not.toEqual(queryCodes('ba'))
    expect(queryCodes('가나')).not.toEqual(queryCodes('나가'))
  })
  it('word keys are stable 32-bit integers', () => {
    expect(wordCode('smart')).toBe(wordCode('smart'))
    expect(wordCode('smart')).not.toBe(wordCode('start'))
    expect(Number.isInteger(wordCode('액추에이터'))).toBe(true)
    expect(Math.abs(wordCode('액추에이터'))).toBeLessThan(2 ** 31 + 1)
  })
})

describe('matches and excerpts', () => {
  it('marks every occurrence in the original text, across spaces and punctuation', () => {
    const text = 'TM SMART controller; the tm-smart option and TMSMART'
    expect(marked(text, findMatches(text, compact('tm smart')))).toEqual(['TM SMART', 'tm-smart', 'TMSMART'])
    expect(marked('25-0100 결선도', findMatches('25-0100 결선도', compact('250100')))).toEqual(['25-0100'])
    expect(marked('ＴＭ 시리즈', findMatches('ＴＭ 시리즈', 'tm'))).toEqual(['ＴＭ'])
  })
  it('marks the syllables whose initials were asked', () => {
    const title = '신형 전동 액추에이터'
    expect(marked(title, findChoseongMatches(title, 'ㅈㄷㅇㅊ'))).toEqual(['전동 액추'])
  })
  it('starts up to 30 characters before the first match and marks every match in it', () => {
    const body = `${'가'.repeat(50)} 정수장 밸브 ${'나'.repeat(30)} 정수장 ${'다'.repeat(200)}`
    const shown = excerpt(body, findMatches(body, '정수장'))
    expect(shown.text.startsWith('…')).toBe(true)
    expect(shown.text.endsWith('…')).toBe(true)
    expect(shown.text.indexOf('정수장')).toBe(31)
    expect(marked(shown.text, shown.highlights)).toEqual(['정수장', '정수장'])
  })
  it('starts at the beginning when the match is near it, and shows the beginning when the body has none', () => {
    const shown = excerpt('밸브 구동부 정수장', findMatches('밸브 구동부 정수장', '정수장'))
    expect(shown).toEqual({ text: '밸브 구동부 정수장', highlights: [[7, 10]] })
    expect(excerpt('short body', [])).toEqual({ text: 'short body', highlights: [] })
  })
  it('never cuts a surrogate pair', () => {
    const body = `${'😀'.repeat(40)}target`
    const shown = excerpt(body, findMatches(body, 'target'))
    expect(shown.text).not.toMatch(/^…[\udc00-\udfff]/)
    expect(marked(shown.text, shown.highlights)).toEqual(['target'])
  })
})

describe('initial-consonant keys', () => {
  const titleKeys = (title: string) => {
    const { choseong } = choseongWithMap(title)
    return titleInitialsCodes(choseong, compact(title), gramCodes(choseong, gramCodes(compact(title))))
  }
  it('a run of 3 to 5 initials is one key: ㅈㄷㅇㅊ is in 전동 액추에이터, not where the consonants stand apart', () => {
    expect(titleKeys('전동 액추에이터 카탈로그').has(initialsCode('ㅈㄷㅇㅊ', 'run')!)).toBe(true)
    expect(titleKeys('TM 전동 액추에이터').has(initialsCode('ㅇㅊㅇㅇㅌ', 'run')!)).toBe(true)
    // 정답 대안 이치: ㅈㄷㄷㅇㅇㅊ holds the bigrams ㅈㄷ, ㄷㅇ, ㅇㅊ but not the run ㅈㄷㅇㅊ.
    const apart = titleKeys('정답 대안 이치')
    for (const code of queryCodes('ㅈㄷㅇㅊ')) expect(apart.has(code)).toBe(true)
    expect(apart.has(initialsCode('ㅈㄷㅇㅊ', 'run')!)).toBe(false)
    expect(apart.has(initialsCode('ㅈㄷㄷ', 'run')!)).toBe(true)
  })
  it('the whole key says the initials are the title; the literal key says the jamo are typed in it', () => {
    expect(titleKeys('전동 액추').has(initialsCode('ㅈㄷㅇㅊ', 'whole')!)).toBe(true)
    expect(titleKeys('전동 액추에이터').has(initialsCode('ㅈㄷㅇㅊ', 'whole')!)).toBe(false)
    expect(titleKeys('전동 액추').has(initialsCode('ㅈㄷㅇㅊ', 'literal')!)).toBe(false)
    const typed = titleKeys('ㅈㄷㅇㅊ 검색')
    expect(typed.has(initialsCode('ㅈㄷㅇㅊ', 'literal')!)).toBe(true)
    expect(typed.has(initialsCode('ㅈㄷㅇㅊ', 'run')!)).toBe(true)
  })
  it('only 3 to 5 consonant jamo make a key; the keys never meet a bigram or unigram key', () => {
    expect(initialsCode('ㅈㄷ', 'run')).toBeNull()
    expect(initialsCode('ㅈㄷㅇㅊㅇㅇ', 'run')).toBeNull()
    expect(initialsCode('ㅈ동ㅇ', 'run')).toBeNull()
    const kinds = ['run', 'whole', 'literal'] as const
    const keys = new Set(
      kinds.flatMap((kind) => ['ㄱㄱㄱ', 'ㅎㅎㅎㅎㅎ', 'ㅈㄷㅇㅊ'].map((q) => initialsCode(q, kind)!)),
    )
    expect(keys.size).toBe(9)
    for (const key of keys) expect(key >>> 16 >= 0xe000 && key >>> 16 <= 0xf8ff).toBe(true)
    const text = compact('전동 액추에이터 ㅈㄷㅇㅊ TM-SMART 25-0100 \uD840\uDC0B 가\uE000')
    for (const key of gramCodes(text)) expect(key >>> 16 >= 0xe000 && key >>> 16 <= 0xf8ff).toBe(false)
    expect(initialsRunCodes('ㅈㄷㅇㅊㅇㅇㅌ', 'run').size).toBe(5 + 4 + 3)
  })
})
