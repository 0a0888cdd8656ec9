import { describe, expect, it } from 'vitest'
import { contentKind } from '#shared/content-kinds.ts'
import { EMAIL_PATTERN } from '#shared/email.ts'
import { parseRecord } from './values.ts'

const bilingual = (name: string, value: string) => ({ [name]: value, [`${name}_en`]: value })

describe('parseRecord: the shared content schema on the server', () => {
  it('checks e-mail fields by the one e-mail rule (nothing the rule refuses is stored)', () => {
    const settings = contentKind('site-settings')!
    for (const address of ['sales@daehan.example', 'a@b.c', 'a@b..com', 'a b@c.com', 'a@-b.com']) {
      const result = parseRecord(settings, { sales_email: address })
      expect(!result.ok && result.errors.sales_email === 'console.error.email', address).toBe(
        !EMAIL_PATTERN.test(address),
      )
    }
  })

  it('cleans rich text and keeps the typed values', () => {
    const result = parseRecord(contentKind('history')!, {
      year: '2024',
      ...bilingual('tag', 't'),
      ...bilingual('title', 'x'),
      description: '<p>가<script>alert(1)</script></p>',
      description_en: '<p>A</p>',
    })
    expect(result.ok && result.values).toMatchObject({ year: 2024, sort_order: 0, description_en: '<p>A</p>' })
    expect(result.ok && String(result.values.description)).not.toContain('<script')
  })
})
