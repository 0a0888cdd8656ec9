import { describe, expect, it } from 'vitest'
import { checkForm } from './field-errors.ts'
import { PAGE_TEXT_MAX, pageTextsSchema } from './page-text-rules.ts'

describe("a static page's texts", () => {
  const schema = pageTextsSchema([
    { key: 'esg.title', kind: 'line' },
    { key: 'esg.steps.0.body', kind: 'text' },
  ])

  it('takes the sent texts of known keys; a blank or over-long one is refused at its field', () => {
    expect(checkForm(schema, { 'esg.title.ko': '환경', 'esg.other.ko': 'x' })).toEqual({
      ok: true,
      data: { 'esg.title.ko': '환경' },
    })
    expect(checkForm(schema, { 'esg.title.en': '  ', 'esg.steps.0.body.ko': 'x'.repeat(PAGE_TEXT_MAX + 1) })).toEqual({
      ok: false,
      errors: { 'esg.title.en': 'console.error.required', 'esg.steps.0.body.ko': 'console.error.tooLong' },
    })
  })

  it('keeps a title on one line; plain text may have several', () => {
    expect(checkForm(schema, { 'esg.title.ko': '환경\n경영', 'esg.steps.0.body.ko': '첫 줄\n둘째 줄' })).toEqual({
      ok: false,
      errors: { 'esg.title.ko': 'console.pageCopy.error.oneLine' },
    })
    expect(checkForm(schema, { 'esg.title.ko': ' 환경 \r\n' })).toMatchObject({ ok: true })
  })
})
