import { describe, expect, it } from 'vitest'
import { textMatches } from './page-text-filter.ts'

describe('the page-copy filter', () => {
  it('matches every word anywhere in the label, section, key or wording, ignoring case', () => {
    const text = ['단계 3 제목', '채용 절차', 'recruitment.procedure.steps.2.title', '임원 면접', 'Executive interview']
    expect(textMatches('', text)).toBe(true)
    expect(textMatches('  ', text)).toBe(true)
    expect(textMatches('면접', text)).toBe(true)
    expect(textMatches('EXECUTIVE 단계', text)).toBe(true)
    expect(textMatches('steps.2', text)).toBe(true)
    expect(textMatches('면접 복리후생', text)).toBe(false)
  })
})
