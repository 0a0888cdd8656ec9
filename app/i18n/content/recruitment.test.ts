import { describe, expect, it } from 'vitest'
import en from '#shared/i18n/content/recruitment.en.json'
import ko from '#shared/i18n/content/recruitment.ko.json'

/** The shape of a value: keys of objects, lengths of arrays, 'text' for non-empty strings. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort()
        .map(([k, v]) => [k, shape(v)]),
    )
  return typeof value === 'string' && value.trim() !== '' ? 'text' : value
}

describe('recruitment copy', () => {
  it('has the same shape in Korean and English, with no empty text', () => {
    expect(shape(en)).toEqual(shape(ko))
  })
  it('covers the seven job families, five grades, three phases and the benefits of the specification', () => {
    expect(en.jobs.items.map((j) => j.name)).toEqual([
      'HR',
      'Finance',
      'ESG',
      'Development',
      'Production/Quality',
      'Sales',
      'New Business',
    ])
    expect(ko.evaluation.grades).toEqual(['S', 'A', 'B', 'C', 'D'])
    expect(en.evaluation.phases.map((p) => p.month)).toEqual(['January', 'June', 'December'])
    expect(en.talent.items.map((t) => t.title)).toEqual(['Basics', 'Responsibility', 'Change'])
    expect(ko.procedure.steps).toHaveLength(5)
    expect(en.benefits.items.length).toBeGreaterThanOrEqual(12)
  })
})
