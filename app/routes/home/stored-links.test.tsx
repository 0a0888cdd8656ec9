import { describe, expect, it } from 'vitest'
import { DocumentTitle } from '#app/components/ui/document-table.tsx'
import { ssr } from '#tests/helpers/ssr.tsx'
import { ProductSlider, type HomeProduct } from './product-slider.tsx'

/**
 * The public pages render a stored link only when the one link rule (shared/safe-link.ts) allows it:
 * a value written before the rule, or by hand, makes no link at all.
 */
const product = (id: number, url: string): HomeProduct => ({
  id,
  image: `/media/images/p${id}.png`,
  alt: `제품${id} 사진`,
  position: null,
  url,
  title: `제품${id}`,
  introduce: '소개',
})

describe('stored links on public pages', () => {
  it('a product card links to a safe address and makes no link of a hostile one', () => {
    const html = ssr(
      <ProductSlider
        headingId="h"
        products={[
          product(1, '/product/electric-actuator/tm'),
          product(2, 'javascript:alert(1)'),
          product(3, ' JaVaScRiPt:alert(1)'),
          product(4, 'java\tscript:alert(1)'),
          product(5, '//evil.com'),
          product(6, 'data:text/html,x'),
        ]}
      />,
    )
    expect(html).toContain('href="/product/electric-actuator/tm"')
    expect(html).toContain('제품2')
    expect(html).not.toMatch(/href="[^"]*(script|evil|data:)/i)
    expect([...html.matchAll(/<a /g)].length).toBe([...html.matchAll(/href="\/product\//g)].length)
  })

  it('a document title links only to a web address', () => {
    expect(ssr(<DocumentTitle row={{ title: '카탈로그', url: 'https://as.example.com/a' }} />)).toContain(
      'href="https://as.example.com/a"',
    )
    for (const url of ['javascript:alert(1)', 'vbscript:x', '/\\evil.com', ' https://a.com']) {
      const html = ssr(<DocumentTitle row={{ title: '카탈로그', url }} />)
      expect(html, url).not.toContain('<a ')
      expect(html).toContain('카탈로그')
    }
  })
})
