import { describe, expect, it } from 'vitest'
import { contentKind } from './content-kinds.ts'
import { contentSchema } from './content-schema.ts'
import { documentSchema } from './document-form.ts'
import { fieldErrors } from './field-errors.ts'
import { isSafeLink, nextPath, safeHref } from './safe-link.ts'

/** Link addresses a browser would run, or send off the site, in the forms people use to slip them past a filter. */
const hostile = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u00a0javascript:alert(1)',
  '\u3000javascript:alert(1)',
  '\ufeffjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'java\u0000script:alert(1)',
  'java\u001fscript:alert(1)',
  'java\u007fscript:alert(1)',
  'java\u200bscript:alert(1)',
  'javascript\t:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#x6A avascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'javascript%3Aalert(1)',
  'javascript：alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  ' data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'VbScRiPt:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/a',
  'blob:https://example.com/1',
  'about:blank',
  '//evil.com',
  '//evil.com/product/1',
  ' //evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  '/&#47;evil.com',
  '/&#x2F;evil.com',
  '&#47;&#47;evil.com',
  'https:evil.com',
  'https:/evil.com',
  'http:\\\\evil.com',
  'https://',
  'https:// evil.com',
  'https://a.com\u202e/gpj.exe',
  'https://a.com/\nx',
  '/\u2028/evil.com',
  '/product\u3164',
  '\u115fjavascript:alert(1)',
  'mailto:',
  'tel:',
  'tel:call-me',
  'evil.com',
  'product/1',
  '',
]

const safe = [
  'https://www.daehan-actuator.example/product/1',
  'HTTPS://EXAMPLE.COM',
  'http://localhost:3000/a?b=1&c=2#d',
  'https://map.example.com/?q=대구 본사'.replace(' ', '%20'),
  'https://user@example.com/',
  'mailto:sales@daehan-actuator.example',
  'MAILTO:sales@daehan-actuator.example?subject=견적 문의',
  'tel:+82 2-1234-5678',
  'tel:0536101234',
  '/',
  '/product/electric/tm/basic',
  '/files/catalogue 2026.pdf',
  '/search?q=a&b=c',
  '#top',
]

describe('the one link rule', () => {
  it('refuses every hostile or malformed form', () => {
    for (const value of hostile) {
      expect(isSafeLink(value), JSON.stringify(value)).toBe(false)
      expect(isSafeLink(value, 'web'), JSON.stringify(value)).toBe(false)
      expect(safeHref(value), JSON.stringify(value)).toBeUndefined()
    }
  })

  it('accepts web, mail and phone addresses and addresses of this site', () => {
    for (const value of safe) {
      expect(isSafeLink(value), value).toBe(true)
      expect(safeHref(value), value).toBe(value)
    }
  })

  it('keeps web-only fields to absolute http(s) addresses', () => {
    expect(isSafeLink('https://www.youtube.com/embed/abcdefghijk', 'web')).toBe(true)
    expect(isSafeLink('http://localhost:3000/a', 'web')).toBe(true)
    for (const value of ['/product/1', '#top', 'mailto:a@b.co', 'tel:+82 2-1234-5678', 'https://a.com/b c'])
      expect(isSafeLink(value, 'web'), value).toBe(false)
  })

  it('is false for anything but a string', () => {
    for (const value of [null, undefined, 1, {}, ['https://a.com']]) expect(isSafeLink(value)).toBe(false)
  })
})

describe('the console schemas use it', () => {
  const productBanner = contentSchema(contentKind('product-banners')!)
  const bannerForm = (url: string) => ({
    title: '제품',
    title_en: 'Product',
    introduce: '소개',
    introduce_en: 'Intro',
    image: 'images/2026/product.png',
    url,
    sort_order: '0',
  })

  it("a product banner's link takes the full safe set and refuses the rest with the link message", () => {
    for (const url of ['https://example.com/a', '/product/1', 'mailto:a@b.co', 'tel:+82 2-123-4567']) {
      const parsed = productBanner.safeParse(bannerForm(url))
      expect(parsed.success, url).toBe(true)
    }
    for (const url of hostile.filter((v) => v.trim() !== '')) {
      const parsed = productBanner.safeParse(bannerForm(url))
      expect(parsed.success, JSON.stringify(url)).toBe(false)
      if (!parsed.success) expect(fieldErrors(parsed.error).url, JSON.stringify(url)).toBe('console.error.link')
    }
  })

  it('the form trims what was typed before checking it', () => {
    const parsed = productBanner.safeParse(bannerForm('  /product/1 \n'))
    expect(parsed.success && parsed.data.url).toBe('/product/1')
  })

  it("'url' fields (settings, videos, maps) stay absolute web addresses", () => {
    const videos = contentSchema(contentKind('videos')!)
    const form = (url: string) => ({ title: 'a', title_en: 'a', url, url_en: url, sort_order: '0' })
    expect(videos.safeParse(form('https://www.youtube.com/embed/abcdefghijk')).success).toBe(true)
    for (const url of ['/product/1', 'java\tscript:alert(1)', 'https://a.com\u0000x', 'JaVaScRiPt:alert(1)']) {
      const parsed = videos.safeParse(form(url))
      expect(parsed.success, JSON.stringify(url)).toBe(false)
      if (!parsed.success) expect(fieldErrors(parsed.error).url).toBe('console.error.url')
    }
  })

  it("a document's links take web addresses only, empty allowed", () => {
    const schema = documentSchema('reference')
    const base = {
      type: '1',
      doc_number: 'DA-MAN-0012',
      title: '카탈로그',
      title_en: 'Catalogue',
      product_id: '',
    }
    expect(schema.safeParse({ ...base, url: '', url_en: 'https://a.com/x' }).success).toBe(true)
    for (const url of ['https://a.com/\u0000', 'https://a.com/\u202ex']) {
      const parsed = schema.safeParse({ ...base, url, url_en: '' })
      expect(parsed.success, JSON.stringify(url)).toBe(false)
    }
  })
})

describe('nextPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(nextPath('/morgan')).toBe('/morgan')
    expect(nextPath('/morgan?type=EPS&page=2#list')).toBe('/morgan?type=EPS&page=2#list')
    expect(nextPath('/')).toBe('/')
  })

  it('refuses other hosts, schemes and anything a browser would read as another address', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/morgan',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /morgan',
      '/morgan x',
      '/mor\tgan',
      '/\n/evil.example',
      '/&#47;evil.example',
      'morgan',
      '',
      `/${'a'.repeat(2000)}`,
      null,
      undefined,
      42,
      ['/morgan'],
    ]) {
      expect(nextPath(value), String(value)).toBeNull()
    }
  })

  it('never leads back to a sign-in page', () => {
    expect(nextPath('/login')).toBeNull()
    expect(nextPath('/login?next=/morgan')).toBeNull()
    expect(nextPath('/signup')).toBeNull()
    expect(nextPath('/loginx')).toBe('/loginx')
  })
})
