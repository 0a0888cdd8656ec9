import { describe, expect, it } from 'vitest'
import { alternateLinks, languageUrl } from './seo.ts'

describe('languageUrl', () => {
  it('keeps meaningful parameters, drops scroll-only ones, sets lang', () => {
    expect(
      languageUrl('https://x.kr', '/related-data', '?page=2&select=3&focus=a&disableScrollTop=true&lang=ko', 'en'),
    ).toBe('https://x.kr/related-data?page=2&select=3&lang=en')
    // Korean is the default: its address carries no lang parameter.
    expect(languageUrl('https://x.kr', '/related-data', '?page=2&lang=en', 'ko')).toBe(
      'https://x.kr/related-data?page=2',
    )
    expect(languageUrl('https://x.kr', '/', '', null)).toBe('https://x.kr/')
  })
})

describe('alternateLinks', () => {
  it('gives a canonical in the page language and alternates for both plus x-default', () => {
    const links = alternateLinks('https://x.kr', '/recruitment', '', 'en')
    expect(links).toEqual([
      { rel: 'canonical', href: 'https://x.kr/recruitment?lang=en' },
      { rel: 'alternate', hrefLang: 'ko', href: 'https://x.kr/recruitment' },
      { rel: 'alternate', hrefLang: 'en', href: 'https://x.kr/recruitment?lang=en' },
      { rel: 'alternate', hrefLang: 'x-default', href: 'https://x.kr/recruitment' },
    ])
  })
})
