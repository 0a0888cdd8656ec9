import { describe, expect, it } from 'vitest'
import { savedTexts } from './terms-version.server.ts'

describe('the saved texts of a terms draft beside the posted ones', () => {
  const saved = {
    title: '개인정보처리방침',
    title_en: 'Privacy Policy',
    description: '<h3>제1조</h3><p>목적</p>',
    description_en: '<p>Purpose</p>',
  }

  it('gives an untouched rich text as posted, though the editor wrote its own markup', () => {
    const posted = {
      title: '새 제목',
      title_en: 'Privacy Policy',
      description: '<h3>제1조</h3><p>목적</p><p></p>',
      description_en: '<p>Purpose, changed</p>',
    }
    expect(savedTexts(saved, posted)).toEqual({
      title: '개인정보처리방침',
      title_en: 'Privacy Policy',
      description: posted.description,
      description_en: '<p>Purpose</p>',
    })
  })

  it('never treats plain titles as the same by their words', () => {
    expect(savedTexts(saved, { ...saved, title: '개인정보처리방침 ' }).title).toBe('개인정보처리방침')
  })
})
