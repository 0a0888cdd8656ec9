import { describe, expect, it } from 'vitest'
import { checkForm } from './field-errors.ts'
import { PAGE_TEXT_MAX, pageTextsSchema } from './page-text-rules.ts'

describe("a static page's texts", () => {
  it('takes the sent texts of known keys; a blank or over-long one is refused at its field', () => {
    const schema = pageTextsSchema(['esg.title', 'esg.steps.0.body'])
    expect(checkForm(schema, { 'esg.title.ko': '환경', 'esg.other.ko': 'x' })).toEqual({
      ok: true,
      data: { 'esg.title.ko': '환경' },
    })
    expect(checkForm(schema, { 'esg.title.en': '  ', 'esg.steps.0.body.ko': 'x'.repeat(PAGE_TEXT_MAX + 1) })).toEqual({
      ok: false,
      errors: { 'esg.title.en': 'console.error.required', 'esg.steps.0.body.ko': 'console.error.tooLong' },
    })
  })
})
