/**
 * The text inside a PDF (pdf.js, no rendering), for the search index: extracted once when a
 * file is stored, kept in `files.text_content`. Long files are read up to `MAX_PAGES` pages and
 * `MAX_CHARS` characters; a file pdf.js cannot read gives an empty text rather than an error,
 * so a damaged upload never blocks the rest.
 */
const MAX_PAGES = 50
const MAX_CHARS = 100_000

type TextItem = { str?: string; hasEOL?: boolean }

export async function extractPdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  // pdf.js takes ownership of the bytes it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  })
  try {
    const doc = await task.promise
    let text = ''
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES) && text.length < MAX_CHARS; n++) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent()
      for (const item of content.items as TextItem[]) text += `${item.str ?? ''}${item.hasEOL ? '\n' : ' '}`
      text += '\n'
      page.cleanup()
    }
    return text
      .replace(/[ \t]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{2,}/g, '\n')
      .trim()
      .slice(0, MAX_CHARS)
  } catch {
    return ''
  } finally {
    await task.destroy()
  }
}
