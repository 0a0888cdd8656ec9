import { describe, expect, it } from 'vitest'
import { fileForOf, readDocumentForm, readRevision, typeIcon } from './document-form.ts'
import type { FieldErrors } from './field-errors.ts'

describe('the document form', () => {
  it('reads a valid reference form: number upper-cased, files with their language, no options', () => {
    const { input, errors } = readDocumentForm('reference', {
      type: '9', doc_number: 'da-man-0012', title: ' 설치 매뉴얼 ', title_en: 'Manual', url: '', url_en: 'https://example.com/m.pdf', product_id: '4',
      file_0: 'uploads/2026/11/a.pdf', file_0_for: 'KOR', file_1: '', file_2: 'uploads/2026/11/b.dwg', file_2_for: 'auto', option_3: 'on',
    })
    expect(errors).toEqual({})
    expect(input).toMatchObject({ type: 9, doc_number: 'DA-MAN-0012', title: '설치 매뉴얼', product_id: 4, option_ids: [] })
    expect(input.files).toEqual([{ key: 'uploads/2026/11/a.pdf', for: 'KOR' }, { key: 'uploads/2026/11/b.dwg', for: 'auto' }])
  })

  it('names every bad field with a catalogue key', () => {
    const { errors } = readDocumentForm('service', { type: '13', doc_number: 'manual 12', title: '', title_en: 'x'.repeat(301), url: 'ftp://x', file_0: '../etc/passwd', file_1: 'uploads/x.pdf', file_1_for: 'XYZ' })
    expect(errors).toEqual({
      type: 'console.error.option',
      doc_number: 'console.docs.error.number',
      title: 'console.error.required',
      title_en: 'console.error.tooLong',
      url: 'console.error.url',
      file_0: 'console.error.fileKey',
      file_1_for: 'console.error.option',
    })
  })

  it('takes the option tags of a service form', () => {
    expect(readDocumentForm('service', { type: '2', doc_number: 'DS-CIR-0001', title: 'a', title_en: 'a', option_12: 'on', option_3: 'on', option_x: 'on' }).input.option_ids.sort((a, b) => a - b)).toEqual([3, 12])
  })

  it('badges a file for both languages by its type, and reads stored badges back', () => {
    expect(['a.PDF', 'b.dwg', 'c.gsd', 'd.mp4', 'e.zip'].map(typeIcon)).toEqual(['PDF', 'CAD', 'GSD', 'MOV', 'ETC'])
    expect(['KOR', 'ENG', 'RUS', 'PDF', 'CAD', '??'].map(fileForOf)).toEqual(['KOR', 'ENG', 'RUS', 'auto', 'auto', 'auto'])
  })

  it('reads a revision: empty means the next one; letters are upper-cased; anything else is refused', () => {
    const errors = {}
    expect(readRevision('', errors)).toBeNull()
    expect(readRevision(' c ', errors)).toBe('C')
    expect(readRevision('1.2', errors)).toBe('1.2')
    expect(errors).toEqual({})
    const bad: FieldErrors = {}
    readRevision('Rev C', bad)
    expect(bad).toEqual({ revision: 'console.docs.error.revision' })
  })
})
