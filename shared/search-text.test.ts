import { describe, expect, it } from 'vitest'
import { matchesSearchText, matchesTokens, searchTokens } from './search-text.ts'

describe('searchTokens', () => {
  it('splits on whitespace and reads + as a space', () => {
    expect(searchTokens('TM  회로도')).toEqual(['TM', '회로도'])
    expect(searchTokens('TM+회로도++220V')).toEqual(['TM', '회로도', '220V'])
    expect(searchTokens(' \tTM\n')).toEqual(['TM'])
  })
  it("drops empty words and 'none' in any case, but keeps words containing it", () => {
    expect(searchTokens('')).toEqual([])
    expect(searchTokens('   ')).toEqual([])
    expect(searchTokens('+++')).toEqual([])
    expect(searchTokens('none NONE None nOnE')).toEqual([])
    expect(searchTokens('none+TM+None')).toEqual(['TM'])
    expect(searchTokens('nonexistent')).toEqual(['nonexistent'])
  })
  it('keeps the first spelling of a repeated word once', () => {
    expect(searchTokens('TM tm Tm TX')).toEqual(['TM', 'TX'])
  })
  it('keeps wildcard characters as ordinary characters', () => {
    expect(searchTokens('100% a_b')).toEqual(['100%', 'a_b'])
  })
})

describe('matchesTokens', () => {
  const texts = ['TM 회로도 A', 'TM circuit A', 'Single phase 220V', '1P220']
  it('needs every word found in at least one text, case-insensitively, as a substring', () => {
    expect(matchesTokens(['tm'], texts)).toBe(true)
    expect(matchesTokens(['CIRCUIT', '220v'], texts)).toBe(true)
    expect(matchesTokens(['회로'], texts)).toBe(true)
    expect(matchesTokens(['tm', 'three'], texts)).toBe(false)
    expect(matchesTokens(['1p2'], texts)).toBe(true)
  })
  it('a word may not span two texts', () => {
    expect(matchesTokens(['A Single'], texts)).toBe(false)
  })
  it('no words match everything; no texts match nothing but the empty search', () => {
    expect(matchesTokens([], texts)).toBe(true)
    expect(matchesTokens([], [])).toBe(true)
    expect(matchesTokens(['x'], [])).toBe(false)
  })
})

describe('matchesSearchText', () => {
  it('applies the whole rule', () => {
    expect(matchesSearchText('none+tm+none', ['TM model'])).toBe(true)
    expect(matchesSearchText('tm+tx', ['TM model'])).toBe(false)
    expect(matchesSearchText('', ['anything'])).toBe(true)
    expect(matchesSearchText('NONE', [])).toBe(true)
  })
})
