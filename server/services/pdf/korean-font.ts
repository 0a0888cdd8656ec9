import fs from 'node:fs'

/**
 * The Korean font of the server's PDFs (the order package's specification sheet, the nameplate
 * labels): Noto Sans CJK KR from Debian's `fonts-noto-cjk`, which the README and `.ci/run` already
 * install for the browser tests (docs/decisions/059-order-package.md says why not an npm font).
 * The collection is read once (about 19 MB, kept for the life of the process): pdfkit embeds only
 * the glyphs a document uses.
 */
export const KOREAN_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
]
/** The face of the collection that prints Korean forms of the shared characters. */
export const KOREAN_FONT_FACE = 'NotoSansCJKkr-Regular'

export type KoreanFont = { data: Buffer; face: string }

let loading: Promise<KoreanFont> | null = null

/** The font's bytes, read at first use; fails with a message naming the package when none is installed. */
export function koreanFont(): Promise<KoreanFont> {
  loading ??= (async () => {
    for (const file of KOREAN_FONT_FILES) {
      try {
        return { data: await fs.promises.readFile(file), face: KOREAN_FONT_FACE }
      } catch {
        // the next place
      }
    }
    loading = null
    throw new Error(`No Korean font for PDFs: install fonts-noto-cjk (looked in ${KOREAN_FONT_FILES.join(', ')})`)
  })()
  return loading
}
