import { describe, expect, it } from 'vitest'
import { decode, ssr } from '#tests/helpers/ssr.tsx'
import { segments } from './highlight.ts'
import { checkKeyword, resultHref } from './search-query.ts'
import { SearchResults, type HitView } from './search-results.tsx'

const marked = (text: string, ranges: [number, number][]) =>
  segments(text, ranges)
    .filter((s) => s.marked)
    .map((s) => s.text)

describe('segments', () => {
  it('marks every range and keeps the text between them, in order', () => {
    expect(
      segments('액추에이터와 액추에이터', [
        [0, 5],
        [7, 12],
      ]),
    ).toEqual([
      { text: '액추에이터', marked: true },
      { text: '와 ', marked: false },
      { text: '액추에이터', marked: true },
    ])
    expect(segments('plain', [])).toEqual([{ text: 'plain', marked: false }])
    expect(segments('', [[0, 3]])).toEqual([])
  })
  it('sorts, merges overlapping ranges, keeps touching ones apart, clamps and drops empty ones', () => {
    expect(
      marked('전동 액추에이터', [
        [3, 8],
        [0, 5],
      ]),
    ).toEqual(['전동 액추에이터'])
    expect(
      marked('abab', [
        [2, 4],
        [0, 2],
      ]),
    ).toEqual(['ab', 'ab'])
    expect(
      marked('short', [
        [3, 99],
        [-4, 1],
        [2, 2],
      ]),
    ).toEqual(['s', 'rt'])
  })
  it('is lossless: the parts join to the text', () => {
    const text = '<img src=x onerror=alert(1)> 😀 끝'
    expect(
      segments(text, [
        [1, 4],
        [29, 31],
      ])
        .map((s) => s.text)
        .join(''),
    ).toBe(text)
  })
})

describe('keyword rules', () => {
  it('trims, and allows at most 100 characters (the API rule)', () => {
    expect(checkKeyword('  액추에이터 ')).toEqual({ keyword: '액추에이터', error: null })
    expect(checkKeyword('   ')).toEqual({ keyword: '', error: null })
    expect(checkKeyword(null)).toEqual({ keyword: '', error: null })
    expect(checkKeyword('a'.repeat(100)).error).toBeNull()
    expect(checkKeyword('a'.repeat(101)).error).toBe('search.error.tooLong')
  })
  it('goes to /search/result with the keyword URL-encoded as a GET form sends it, keeping a valid lang', () => {
    expect(resultHref('액추에이터', null)).toBe('/search/result?keyword=%EC%95%A1%EC%B6%94%EC%97%90%EC%9D%B4%ED%84%B0')
    expect(resultHref('tm smart&x', 'en')).toBe('/search/result?keyword=tm+smart%26x&lang=en')
    expect(resultHref('x', 'fr')).toBe('/search/result?keyword=x')
  })
})

describe('SearchResults (server-rendered)', () => {
  const hostile = '<img src=x onerror=alert(1)>'
  const hit: HitView = {
    oneDepth: 'Products',
    twoDepth: 'Electric actuator',
    title: `Notes on ${hostile}`,
    description: `…before ${hostile} and ${hostile} after`,
    url: '/product/1/2?lang=en',
    highlights: {
      title: [[9, 37]],
      description: [
        [8, 36],
        [41, 69],
      ],
    },
    document: null,
  }

  it('shows the trail, the linked title and the excerpt, every occurrence marked, markup as text', () => {
    const html = ssr(
      <SearchResults keyword={hostile} page={1} total={1} hits={[hit]} partial={null} corrected={null} />,
      '/search/result',
      'en',
    )
    expect(html).not.toContain('<img')
    expect(decode(html)).toContain('1 result for "&lt;img src=x onerror=alert(1)&gt;"')
    expect(html).toContain('<span class="search-hit__depth">Products</span>')
    expect(html).toContain('<span class="search-hit__depth">Electric actuator</span>')
    expect(html).toMatch(
      /<a href="\/product\/1\/2\?lang=en"[^>]*>Notes on <mark>&lt;img src=x onerror=alert\(1\)&gt;<\/mark><\/a>/,
    )
    expect(html.match(/<mark>/g)).toHaveLength(3)
    expect(html).not.toContain('pagination')
  })

  it('says when nothing was found, and pages when there are more than 15 hits', () => {
    const none = ssr(
      <SearchResults keyword="zzqx" page={1} total={0} hits={[]} partial={null} corrected={null} />,
      '/search/result?keyword=zzqx',
      'ko',
    )
    expect(none).toContain('검색 결과가 없습니다.')
    expect(none).toContain('"zzqx" 검색 결과 0건'.replace(/"/g, '&quot;'))
    const many = ssr(
      <SearchResults keyword="밸브" page={2} total={40} hits={[hit]} partial={null} corrected={null} />,
      '/search/result?keyword=%EB%B0%B8%EB%B8%8C&page=2',
      'ko',
    )
    expect(many).toContain('aria-label="페이지 이동"')
    expect(many).toMatch(/href="\/search\/result\?keyword=%EB%B0%B8%EB%B8%8C&amp;page=3"/)
    expect(many).toMatch(/aria-current="page"[^>]*>2</)
  })

  it('says when the hits hold some of the words or a corrected keyword, and shows a document number (issue 32)', () => {
    const doc = { ...hit, document: { number: 'DS-MAN-0004', revision: 'A' } }
    const partial = ssr(
      <SearchResults
        keyword="서울사무소 뷁"
        page={1}
        total={1}
        hits={[doc]}
        partial={{ found: ['서울사무소'], missing: ['뷁'] }}
        corrected={null}
      />,
      '/search/result',
      'ko',
    )
    expect(partial).toContain('일부 단어(서울사무소)의 결과를 보여 드립니다.')
    expect(partial).toContain('찾지 못한 단어: 뷁')
    expect(partial).toContain('문서 번호 DS-MAN-0004 · Rev. A')
    const corrected = ssr(
      <SearchResults keyword="ruftjseh" page={1} total={1} hits={[hit]} partial={null} corrected="결선도" />,
      '/search/result',
      'en',
    )
    expect(decode(corrected)).toContain('No results for "ruftjseh": showing results for "결선도".')
    expect(decode(corrected)).toContain('1 result for "결선도"')
  })
})
