import { DOCX_TYPE, DWG_TYPE, PPTX_TYPE, XLSX_TYPE } from '#shared/uploads.ts'

/**
 * What a file is, told from its first bytes (its "magic number"), never from its name or the type a
 * browser claims. Small on purpose: only the types the console accepts, plus SVG and other markup,
 * recognised so they can be refused with a clear message.
 */
export type Sniffed = { contentType: string; ext: string }

/** How many leading bytes `sniffType` needs to decide. */
export const SNIFF_BYTES = 4100

const ascii = (bytes: Uint8Array, at: number, text: string) => {
  if (bytes.length < at + text.length) return false
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false
  return true
}
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b)

/** ISO base media (`ftyp` box) brands: the major brand and the compatible ones. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (!ascii(bytes, 4, 'ftyp') || bytes.length < 16) return []
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0
  const end = Math.min(size, bytes.length)
  const brands = [String.fromCharCode(...bytes.subarray(8, 12))]
  for (let at = 16; at + 4 <= end; at += 4) brands.push(String.fromCharCode(...bytes.subarray(at, at + 4)))
  return brands
}

/** Markup (SVG, HTML, XML): text that opens with `<` once a byte-order mark and white space are skipped. */
function markup(bytes: Uint8Array): Sniffed | null {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024))
  text = text.replace(/^\uFEFF/, '').trimStart()
  if (!text.startsWith('<')) return null
  if (/<svg[\s>]/i.test(new TextDecoder().decode(bytes))) return { contentType: 'image/svg+xml', ext: 'svg' }
  if (/^<(!doctype html|html|head|body|script)[\s>]/i.test(text)) return { contentType: 'text/html', ext: 'html' }
  return { contentType: 'application/xml', ext: 'xml' }
}

/** The type of a file from its first bytes (at least SNIFF_BYTES when the file is that long), or null. */
export function sniffType(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', ext: 'jpg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', ext: 'png' }
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { contentType: 'image/gif', ext: 'gif' }
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { contentType: 'image/webp', ext: 'webp' }
  const brands = ftypBrands(bytes)
  if (brands.some((b) => b === 'avif' || b === 'avis')) return { contentType: 'image/avif', ext: 'avif' }
  if (brands.some((b) => ['heic', 'heix', 'mif1', 'msf1'].includes(b)))
    return { contentType: 'image/heic', ext: 'heic' }
  if (ascii(bytes, 0, '%PDF-')) return { contentType: 'application/pdf', ext: 'pdf' }
  // Local file header, or the end record of an empty archive.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return { contentType: 'application/zip', ext: 'zip' }
  // AutoCAD: "AC10xx" (R10 … 2018+: AC1012 … AC1032) or the oldest "AC1.50", "AC2.10".
  if (/^AC(10\d\d|1\.50|2\.10)$/.test(String.fromCharCode(...bytes.subarray(0, 6))))
    return { contentType: DWG_TYPE, ext: 'dwg' }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { contentType: 'application/x-ole-storage', ext: 'ole' }
  if (ascii(bytes, 0, 'MZ')) return { contentType: 'application/x-msdownload', ext: 'exe' }
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return { contentType: 'application/x-elf', ext: 'elf' }
  return markup(bytes)
}

/** Office Open XML parts that name the application: a ZIP holding one of them is that document. */
const OOXML_PARTS: [string, Sniffed][] = [
  ['word/document.xml', { contentType: DOCX_TYPE, ext: 'docx' }],
  ['xl/workbook.xml', { contentType: XLSX_TYPE, ext: 'xlsx' }],
  ['ppt/presentation.xml', { contentType: PPTX_TYPE, ext: 'pptx' }],
]
const LONGEST_PART = Math.max(...OOXML_PARTS.map(([part]) => part.length))

/**
 * Tells a Word, Excel or PowerPoint file from a plain ZIP while the bytes stream past. A ZIP names
 * every entry in the clear twice (its local header and the central directory at the end), so an
 * Office document shows its main part's name somewhere in the stream; the last few bytes of each
 * chunk are kept, so a name split between two chunks is still seen.
 */
export function createZipScanner() {
  let found: Sniffed | null = null
  let tail = ''
  return {
    push(chunk: Uint8Array) {
      if (found) return
      const text = tail + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1')
      for (const [part, type] of OOXML_PARTS) {
        if (text.includes(part)) {
          found = type
          return
        }
      }
      tail = text.slice(-LONGEST_PART)
    },
    /** The Office type seen, or null for a plain ZIP. */
    result: (): Sniffed | null => found,
  }
}
