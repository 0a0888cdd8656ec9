import { describe, expect, it } from 'vitest'
import { documentSchema, fileForOf, reviseSchema, typeIcon } from './document-form.ts'
import { checkForm } from './field-errors.ts'

const read = (archive: 'reference' | 'service', form: Record<string, string>) =>
  checkForm(documentSchema(archive), form)

describe('the document form', () => {
  it('reads a valid reference form: number upper-cased, files with their language, no options', () => {
    const checked = read('reference', {
      type: '9',
      doc_number: 'da-man-0012',
      title: ' 설치 매뉴얼 ',
      title_en: 'Manual',
      url: '',
      url_en: 'https://example.com/m.pdf',
      product_id: '4',
      file_0: 'uploads/2026/11/a.pdf',
      file_0_for: 'KOR',
      file_1: '',
      file_2: 'uploads/2026/11/b.dwg',
      file_2_for: 'auto',
      option_3: 'on',
    })
    expect(checked.ok && checked.data).toMatchObject({
      type: 9,
      doc_number: 'DA-MAN-0012',
      title: '설치 매뉴얼',
      product_id: 4,
      option_ids: [],
    })
    expect(checked.ok && checked.data.files).toEqual([
      { key: 'uploads/2026/11/a.pdf', for: 'KOR' },
      { key: 'uploads/2026/11/b.dwg', for: 'auto' },
    ])
  })

  it('names every bad field with a catalogue key', () => {
    const checked = read('service', {
      type: '13',
      doc_number: 'manual 12',
      title: '',
      title_en: 'x'.repeat(301),
      url: 'ftp://x',
      file_0: '../etc/passwd',
      file_1: 'uploads/x.pdf',
      file_1_for: 'XYZ',
    })
    expect(!checked.ok && checked.errors).toEqual({
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
    const checked = read('service', {
      type: '2',
      doc_number: 'DS-CIR-0001',
      title: 'a',
      title_en: 'a',
      option_12: 'on',
      option_3: 'on',
      option_x: 'on',
      product_id: '4',
    })
    expect(checked.ok && checked.data.option_ids.sort((a, b) => a - b)).toEqual([3, 12])
    expect(checked.ok && checked.data.product_id).toBeNull()
  })

  it('badges a file for both languages by its type, and reads stored badges back', () => {
    expect(['a.PDF', 'b.dwg', 'c.gsd', 'd.mp4', 'e.zip'].map(typeIcon)).toEqual(['PDF', 'CAD', 'GSD', 'MOV', 'ETC'])
    expect(['KOR', 'ENG', 'RUS', 'PDF', 'CAD', '??'].map(fileForOf)).toEqual([
      'KOR',
      'ENG',
      'RUS',
      'auto',
      'auto',
      'auto',
    ])
  })

  it('reads a revision: empty means the next one; letters are upper-cased; anything else is refused', () => {
    const revise = (revision: string) => checkForm(reviseSchema, { revision })
    expect(revise('')).toEqual({ ok: true, data: { revision: null, files: [] } })
    expect(revise(' c ')).toMatchObject({ data: { revision: 'C' } })
    expect(revise('1.2')).toMatchObject({ data: { revision: '1.2' } })
    expect(revise('Rev C')).toEqual({ ok: false, errors: { revision: 'console.docs.error.revision' } })
  })
})
