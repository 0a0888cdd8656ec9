import { describe, expect, it } from 'vitest'
import { checkForm } from './field-errors.ts'
import {
  internalRulesSchema,
  investCategorySchema,
  investPostSchema,
  optionGroupSchema,
  serialSchema,
} from './record-forms.ts'

describe('the console record forms', () => {
  it('reads a serial: trimmed codes, the filled file slots in order, published from the checkbox', () => {
    const checked = checkForm(serialSchema, {
      code1: ' 01 ',
      code2: '0007',
      title: '회로',
      title_en: 'Circuit',
      file_1: 'docs/a.pdf',
      file_1_for: 'KOR',
      file_3: 'docs/b.dwg',
      published: 'on',
    })
    expect(checked).toMatchObject({
      ok: true,
      data: {
        values: { code2: '0007', model: '', published: true },
        files: [
          { key: 'docs/a.pdf', for: 'KOR' },
          { key: 'docs/b.dwg', for: 'auto' },
        ],
      },
    })
  })

  it('names the first problem of each field', () => {
    expect(
      checkForm(serialSchema, { code2: '7', title: '', file_0: '../x', file_2: 'a.pdf', file_2_for: 'XX' }),
    ).toMatchObject({
      ok: false,
      errors: {
        code1: 'console.serials.error.code1',
        code2: 'console.serials.error.code2',
        title: 'console.error.required',
        title_en: 'console.error.required',
        file_0: 'console.error.fileKey',
        file_2_for: 'console.error.option',
      },
    })
    expect(
      checkForm(optionGroupSchema, { type: '13', title: 'x'.repeat(201), title_en: 'A', sort_order: 'x' }),
    ).toEqual({
      ok: false,
      errors: { type: 'console.error.range', title: 'console.error.tooLong', sort_order: 'console.error.number' },
    })
    expect(checkForm(investCategorySchema, { type: '9', title: 'A' })).toEqual({
      ok: false,
      errors: { type: 'console.error.option' },
    })
    expect(checkForm(internalRulesSchema, { title: 'x'.repeat(201), file: '' })).toEqual({
      ok: false,
      errors: { title: 'console.error.tooLong' },
    })
  })

  it("reads a notice's day as midnight in Korea and refuses days that do not exist", () => {
    const post = checkForm(investPostSchema, { category_id: '3', title: '공시', date: '2026-03-01' })
    expect(post).toMatchObject({
      ok: true,
      data: { values: { category_id: 3, created_at: new Date('2026-02-28T15:00:00Z'), published: false }, files: [] },
    })
    expect(checkForm(investPostSchema, { category_id: '3', title: 'x', date: '2026-02-30' })).toEqual({
      ok: false,
      errors: { date: 'console.error.datetime' },
    })
    expect(checkForm(investPostSchema, { title: 'x' })).toEqual({
      ok: false,
      errors: { category_id: 'console.error.required', date: 'console.error.required' },
    })
  })
})
