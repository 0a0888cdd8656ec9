import { describe, expect, it } from 'vitest'
import {
  expandTaken,
  filesInWords,
  filesValue,
  optionsValue,
  postedFilesValue,
  postedOptionsValue,
} from './document-conflict.ts'

describe('the combined values a document or notice conflict compares', () => {
  it('words the files of the posted slots and of the saved record alike', () => {
    const posted = {
      file_0: 'files/2026/manual-ko.pdf',
      file_0_for: 'KOR',
      file_1: '',
      file_1_for: 'ENG',
      file_2: 'files/2026/drawing.dwg',
      file_2_for: 'auto',
    }
    const saved = [
      { key: 'files/2026/manual-ko.pdf', for: 'KOR' },
      // A stored type badge is "both languages" in the form.
      { key: 'files/2026/drawing.dwg', for: 'CAD' },
    ]
    expect(postedFilesValue(posted)).toBe(filesValue(saved))
    expect(filesInWords(filesValue(saved), 'both')).toBe('manual-ko.pdf (KOR), drawing.dwg (both)')
    expect(filesInWords('not json', 'both')).toBe('')
  })

  it('orders option tags so the same choice compares equal', () => {
    expect(postedOptionsValue({ option_12: 'on', title: 'x', option_3: 'on' })).toBe(optionsValue([12, 3]))
    expect(optionsValue([])).toBe('')
  })

  it('puts taken files and options back into the inputs the form posts, the combined values dropped', () => {
    const taken = expandTaken({
      title: '제목',
      option_1: 'on',
      options: '4,7',
      files: filesValue([{ key: 'files/a.pdf', for: 'ENG' }]),
    })
    expect(taken).toMatchObject({ title: '제목', option_4: 'on', option_7: 'on', file_0: 'files/a.pdf' })
    expect(taken.file_0_for).toBe('ENG')
    expect(taken.file_1).toBe('')
    expect(taken).not.toHaveProperty('option_1')
    expect(taken).not.toHaveProperty('files')
    expect(taken).not.toHaveProperty('options')
    // Without combined values the posted inputs stand as they are.
    expect(expandTaken({ file_0: 'files/b.pdf', option_2: 'on' })).toEqual({ file_0: 'files/b.pdf', option_2: 'on' })
  })
})
