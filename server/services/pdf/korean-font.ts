import type { Font } from 'fontkit'
import fs from 'node:fs'

/**
 * The Korean font of the server's PDFs (the order package's specification sheet, the nameplate
 * labels): Noto Sans CJK KR from Debian's `fonts-noto-cjk`, which the README and `.ci/run` already
 * install for the browser tests (docs/decisions/059-order-package.md says why not an npm font).
 *
 * The collection (about 19 MB) is read and opened once for the life of the process, and the one
 * font object is handed to every document: pdfkit takes a fontkit font as it takes a file, and
 * embeds only the glyphs each document uses. Opening it per document parsed its tables again each
 * time (about 200 ms of a specification sheet's 300). fontkit itself is imported then too, as
 * pdfkit and bwip-js are by their callers: the public site never makes a PDF (ADR 031, decision 2).
 */
export const KOREAN_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
]
/** The face of the collection that draws the Korean forms of the shared characters. */
export const KOREAN_FONT_FACE = 'NotoSansCJKkr-Regular'

export type KoreanFont = Font

let loading: Promise<KoreanFont> | null = null

/** The font, opened at first use; fails with a message naming the package when none is installed. */
export function koreanFont(): Promise<KoreanFont> {
  loading ??= (async () => {
    const fontkit = await import('fontkit')
    for (const file of KOREAN_FONT_FILES) {
      let data: Buffer
      try {
        data = await fs.promises.readFile(file)
      } catch {
        continue
      }
      const font = fontkit.create(data, KOREAN_FONT_FACE)
      if ('layout' in font) return font
    }
    loading = null
    throw new Error(`No Korean font for PDFs: install fonts-noto-cjk (looked in ${KOREAN_FONT_FILES.join(', ')})`)
  })()
  return loading
}
