import { describe, expect, it } from 'vitest'
import { extractPdfText } from '#server/services/files/pdf-text.ts'
import { makePdf, pdfTexts } from './demo-files.ts'

describe('extractPdfText', () => {
  it('reads the text of a PDF line by line, as the seed records it for its own files', async () => {
    const pdf = makePdf('TX Circuit Diagram DA-S02-0012', [
      'Serial 25-0100, TM SMART (AC380V)',
      'Back\\slash and (parentheses)',
    ])
    const text = await extractPdfText(pdf)
    expect(text).toBe(
      'TX Circuit Diagram DA-S02-0012\nSerial 25-0100, TM SMART (AC380V)\nBack\\slash and (parentheses)',
    )
    expect(text).toBe(pdfTexts.get(pdf))
  })

  it('gives an empty text for bytes that are not a PDF, rather than failing', async () => {
    expect(await extractPdfText(Buffer.from('not a pdf at all'))).toBe('')
    expect(await extractPdfText(new Uint8Array())).toBe('')
  })
})
