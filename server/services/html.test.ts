import { describe, expect, it } from 'vitest'
import { sanitizeRichText } from './html.ts'

/** Rich text keeps a link's address only when the one link rule (shared/safe-link.ts) allows it. */
describe('rich-text links', () => {
  const hrefs = (html: string) => [...sanitizeRichText(html).matchAll(/href="([^"]*)"/g)].map((m) => m[1])

  it('keeps web, mail, phone and site addresses', () => {
    const html = [
      '<a href="https://example.com/a?b=1&amp;c=2">a</a>',
      '<a href="mailto:sales@daehan-actuator.example">b</a>',
      '<a href="tel:+82 2-1234-5678">c</a>',
      '<a href="/product/electric-actuator/tm">d</a>',
      '<a href="#top">e</a>',
    ].join('')
    expect(hrefs(html)).toEqual([
      'https://example.com/a?b=1&amp;c=2',
      'mailto:sales@daehan-actuator.example',
      'tel:+82 2-1234-5678',
      '/product/electric-actuator/tm',
      '#top',
    ])
  })

  it('drops every hostile address and keeps the text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      'java&#10;script:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html,x',
      'vbscript:msgbox(1)',
      '//evil.com',
      '/\\evil.com',
      '&#47;&#47;evil.com',
      '/&#47;evil.com',
      // Kept by the sanitiser's scheme list alone: a browser on an http page reads it as https://evil.com/.
      'https:evil.com',
      'tel:call-me',
    ]) {
      const out = sanitizeRichText(`<p><a href="${href}">link</a></p>`)
      expect(out, href).toBe('<p><a>link</a></p>')
    }
  })
})
