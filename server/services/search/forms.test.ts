import { describe, expect, it } from 'vitest'
import { bestPassage, displayBody, passageExcerpt } from './excerpt.ts'
import { englishStem, koreanStems, termsOf } from './forms.ts'
import { editDistance, otherLayout } from './suggest.ts'
import { cleanTerms, synonymIndex } from './synonyms.ts'

const synonyms = synonymIndex([
  { terms: ['결선도', '회로도', 'circuit diagram', 'wiring diagram'] },
  { terms: ['카탈로그', 'catalog', 'catalogue'] },
])

describe('Korean particles and endings (ADR 047)', () => {
  it('peel one trailing particle or ending when the syllable before it fits', () => {
    expect(koreanStems('서울은')).toEqual(['서울'])
    expect(koreanStems('베트남에서')).toEqual(['베트남'])
    expect(koreanStems('방폭형으로')).toEqual(['방폭형'])
    expect(koreanStems('감사보고서를')).toEqual(['감사보고서'])
    expect(koreanStems('모터와')).toEqual(['모터'])
    expect(koreanStems('설치하는')).toEqual(['설치'])
    expect(koreanStems('서울로')).toEqual(['서울'])
    expect(koreanStems('결선도를')).toEqual(['결선도'])
  })
  it('leave words whose last syllable only looks like a particle', () => {
    expect(koreanStems('하노이')).toEqual([]) // 이 follows a closed syllable only
    expect(koreanStems('지도')).toEqual([]) // 도 leaves at least two syllables
    expect(koreanStems('회로')).toEqual([])
    expect(koreanStems('서울')).toEqual([])
    expect(koreanStems('tm')).toEqual([])
  })
})

describe('English stems', () => {
  it('find the base word of plurals and common endings', () => {
    expect(englishStem('actuators')).toBe('actuat')
    expect(englishStem('switches')).toBe('switch')
    expect(englishStem('batteries')).toBe('batteri')
    expect(englishStem('replacing')).toBe('replac')
    expect(englishStem('address')).toBe('address')
  })
})

describe('terms of a keyword', () => {
  it('every word a term, a synonym (of up to three words, last word bare or plural) one term with its group', () => {
    const terms = termsOf('wiring diagrams TM', synonyms)
    expect(terms.map((t) => t.typed)).toEqual(['wiringdiagrams', 'tm'])
    expect(terms[0]!.forms.sort()).toEqual(['circuitdiagram', 'wiringdiagram', '결선도', '회로도'].sort())
    expect(termsOf('결선도를', synonyms)[0]!.forms).toContain('회로도')
  })
  it('a word with a particle or plural is found by its bare form; a lone letter joins the word before it', () => {
    expect(termsOf('서울은', synonyms)).toEqual([{ typed: '서울은', forms: ['서울'], base: '서울' }])
    expect(termsOf('SIL 2', synonyms).map((t) => t.typed)).toEqual(['sil2'])
    expect(termsOf('electric actuators', synonyms)[1]!.forms).toEqual(['actuat'])
  })
  it('function words are dropped when other words are typed; initials stay one term', () => {
    expect(termsOf('replacing the TM motor', synonyms).map((t) => t.typed)).toEqual(['replacing', 'tm', 'motor'])
    expect(termsOf('ㅈㄷㅇㅊ', synonyms)).toHaveLength(1)
    expect(termsOf('%%%', synonyms)).toEqual([])
  })
})

describe('did you mean', () => {
  it('reads text typed on the other keyboard layout', () => {
    expect(otherLayout('ruftjseh')).toBe('결선도')
    expect(otherLayout('ㅅㅡ')).toBe('tm')
    expect(otherLayout('qqq')).toBeNull() // ㅂㅂㅂ spells no syllable
  })
  it('measures typos in letters and jamo, transpositions as one edit', () => {
    expect(editDistance('catalouge', 'catalogue', 3)).toBe(1)
    expect(editDistance('handweel', 'handwheel', 3)).toBe(1)
    expect(editDistance('abc', 'xyzabc', 1)).toBe(2)
  })
})

describe('excerpts and documents', () => {
  it('take the number and revision out of a document body and drop file names', () => {
    const body =
      'DS-MAN-0004 Rev. A TX_취급설명서_국문.pdf TX Instruction Manual Daehan Actuator documents/service/x.pdf end'
    expect(displayBody('service', body)).toEqual({
      text: 'TX Instruction Manual Daehan Actuator end',
      document: { number: 'DS-MAN-0004', revision: 'A' },
    })
    expect(displayBody('page', 'Rev. A a.pdf b').document).toBeNull()
  })
  it('start at the passage holding the most terms', () => {
    const text = `${'x'.repeat(200)} TM here ${'y'.repeat(300)} TM and 결선도 together`
    const at = text.indexOf('TM and')
    const matches = [
      { range: [201, 203] as [number, number], term: 0 },
      { range: [at, at + 2] as [number, number], term: 0 },
      { range: [at + 7, at + 10] as [number, number], term: 1 },
    ]
    expect(bestPassage(matches)).toBe(at)
    expect(passageExcerpt(text, matches).text).toContain('TM and 결선도')
  })
})

describe('synonym groups', () => {
  it('keep members trimmed, once each by their compact form', () => {
    expect(cleanTerms([' 결선도 ', '회로도', 'Circuit  Diagram', 'circuit-diagram', ''])).toEqual([
      '결선도',
      '회로도',
      'Circuit Diagram',
    ])
  })
})
