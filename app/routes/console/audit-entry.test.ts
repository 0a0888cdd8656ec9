import { describe, expect, it } from 'vitest'
import { auditChanges, recordLink, shownValue } from './audit-entry.server.ts'

describe('audit entries as the list shows them', () => {
  it('lists each changed field with its label, its side and its words before and after', () => {
    expect(
      auditChanges(
        'popups',
        { title_en: 'Old', description: '<p>가 &amp; 나</p>' },
        { title_en: 'New', description: '' },
      ),
    ).toEqual([
      { field: 'title_en', label: 'console.field.title', side: 'en', before: 'Old', after: 'New' },
      { field: 'description', label: 'console.field.body', side: 'ko', before: '가 & 나', after: '' },
    ])
    expect(auditChanges('product', null, { introduce: 'x' })).toEqual([
      { field: 'introduce', label: null, side: null, before: '', after: 'x' },
    ])
  })

  it('shows a synonym group change as its labelled members, before and after, as comma lists', () => {
    expect(
      auditChanges('search_synonyms', { terms: ['결선도', '회로도'] }, { terms: ['결선도', 'wiring diagram'] }),
    ).toEqual([
      {
        field: 'terms',
        label: 'console.synonyms.members',
        side: null,
        before: '결선도, 회로도',
        after: '결선도, wiring diagram',
      },
    ])
  })

  it('cuts a long value and writes objects as JSON', () => {
    expect(shownValue('가'.repeat(400))).toHaveLength(160)
    expect(shownValue({ step: 'password' })).toBe('{"step":"password"}')
    expect(shownValue(null)).toBe('')
  })

  it('links each kind of record to its console page', () => {
    expect(recordLink('popups', 7)).toBe('/admin/content/popups/7')
    expect(recordLink('texts.esg', null)).toBe('/admin/texts/esg')
    expect(recordLink('reference-document', 12)).toBe('/admin/documents/reference/12')
    expect(recordLink('product', 13)).toBe('/admin/catalogue/13')
    expect(recordLink('terms_version', 3)).toBe('/admin/terms/3')
    expect(recordLink('search_synonyms', 4)).toBe('/admin/search/synonyms#synonym-4')
    expect(recordLink('auth', null)).toBeNull()
  })
})
