import { describe, expect, it } from 'vitest'
import { localized, readCookie, resolveLang, suffixOf } from './locales.ts'

describe('resolveLang', () => {
  it('prefers ?lang, then the lang cookie, then Korean', () => {
    expect(resolveLang('en', 'lang=ko')).toBe('en')
    expect(resolveLang(null, 'a=1; lang=en')).toBe('en')
    expect(resolveLang(undefined, undefined)).toBe('ko')
    expect(resolveLang('fr', 'lang=de')).toBe('ko')
    expect(resolveLang('', 'lang=en')).toBe('en')
  })
  it('survives malformed cookies', () => {
    expect(readCookie('lang=%E0%A4%A', 'lang')).toBeUndefined()
    expect(readCookie('novalue; lang=en', 'lang')).toBe('en')
  })
})

describe('suffix naming', () => {
  it('maps Korean to no suffix and English to _en', () => {
    expect(suffixOf('ko')).toBe('')
    expect(suffixOf('en')).toBe('_en')
  })
  it('picks the English field and falls back to Korean when it is empty', () => {
    expect(localized({ title: '제목', title_en: 'Title' }, 'title', 'en')).toBe('Title')
    expect(localized({ title: '제목', title_en: '' }, 'title', 'en')).toBe('제목')
    expect(localized({ title: '제목', title_en: 'Title' }, 'title', 'ko')).toBe('제목')
  })
})
