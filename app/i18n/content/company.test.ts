import { describe, expect, it } from 'vitest'
import { companyCopy } from './company.server.ts'
import en from '#shared/i18n/content/company.en.json'
import ko from '#shared/i18n/content/company.ko.json'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('company copy', () => {
  it('company.ko.json and company.en.json have the same key set', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ko).sort())
  })

  it('no value is empty, and both languages use the same placeholders', () => {
    for (const key of Object.keys(ko) as (keyof typeof ko)[]) {
      expect(ko[key].trim(), `ko ${key}`).not.toBe('')
      expect(en[key].trim(), `en ${key}`).not.toBe('')
      expect(placeholders(en[key]), key).toEqual(placeholders(ko[key]))
    }
  })

  it('Korean text is Korean and English text has no Hangul', () => {
    const hangul = /[\uac00-\ud7a3]/
    expect(Object.values(ko).filter((v) => hangul.test(v)).length).toBeGreaterThan(Object.keys(ko).length * 0.8)
    for (const [key, value] of Object.entries(en)) expect(hangul.test(value), key).toBe(false)
  })

  it('states the facts and counts of the specification', () => {
    expect(companyCopy('en', 'facts.established.value')).toBe('16 May 1987')
    expect(companyCopy('ko', 'facts.capital.value')).toContain('48억 8천만')
    // Section 2: 21 domestic agencies in the Korean text, 17 in the English text; 19 overseas.
    expect(companyCopy('ko', 'agency.lead')).toMatch(/21개 대리점.*19개/)
    expect(companyCopy('en', 'agency.lead')).toMatch(/^17 domestic agencies and 19 overseas/)
  })

  it('fills placeholders', () => {
    expect(companyCopy('en', 'ceo.signature', { name: 'Kim' })).toBe('Kim, CEO, Daehan Actuator Co., Ltd.')
    expect(companyCopy('ko', 'ceo.signature', { name: '김대한' })).toBe('㈜대한액추에이터 대표이사 김대한')
  })
})
