import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DOCX_TYPE, DWG_TYPE, XLSX_TYPE } from '#shared/uploads.ts'
import { createZipScanner, sniffType } from './sniff.ts'

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))
const image = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#1a6' } })
    .toFormat(format)
    .toBuffer()

describe('sniffType', () => {
  it('tells each accepted image type from its first bytes, whatever the file is called', async () => {
    expect(sniffType(await image('png'))).toEqual({ contentType: 'image/png', ext: 'png' })
    expect(sniffType(await image('jpeg'))).toEqual({ contentType: 'image/jpeg', ext: 'jpg' })
    expect(sniffType(await image('webp'))).toEqual({ contentType: 'image/webp', ext: 'webp' })
    expect(sniffType(await image('gif'))).toEqual({ contentType: 'image/gif', ext: 'gif' })
    expect(sniffType(await image('avif'))).toEqual({ contentType: 'image/avif', ext: 'avif' })
  })

  it('tells PDF, ZIP and DWG', () => {
    expect(sniffType(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))?.contentType).toBe('application/pdf')
    expect(sniffType(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))?.contentType).toBe('application/zip')
    expect(sniffType(bytes([0x50, 0x4b, 0x05, 0x06], new Array(18).fill(0)))?.contentType).toBe('application/zip')
    expect(sniffType(bytes('AC1032', new Array(20).fill(0)))).toEqual({ contentType: DWG_TYPE, ext: 'dwg' })
    expect(sniffType(bytes('AC1.50', [0, 0]))?.contentType).toBe(DWG_TYPE)
  })

  it('recognises SVG and other markup (to refuse them), also after a byte-order mark and white space', () => {
    expect(
      sniffType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))?.contentType,
    ).toBe('image/svg+xml')
    expect(
      sniffType(bytes([0xef, 0xbb, 0xbf], '\n  <?xml version="1.0"?>\n<!-- x -->\n<svg viewBox="0 0 1 1"/>'))
        ?.contentType,
    ).toBe('image/svg+xml')
    expect(sniffType(bytes('<!DOCTYPE html><html><body>'))?.contentType).toBe('text/html')
  })

  it('names executables and old Office containers, and knows nothing of plain text or a truncated header', () => {
    expect(sniffType(bytes('MZ', [0x90, 0]))?.contentType).toBe('application/x-msdownload')
    expect(sniffType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))?.contentType).toBe(
      'application/x-ole-storage',
    )
    expect(sniffType(bytes('hello, world'))).toBeNull()
    expect(sniffType(bytes([0x89, 0x50, 0x4e]))).toBeNull()
    expect(sniffType(new Uint8Array())).toBeNull()
  })

  it('does not take an HEIC photo for AVIF', () => {
    const heic = bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic')
    expect(sniffType(heic)?.contentType).toBe('image/heic')
    const avif = bytes([0, 0, 0, 28], 'ftypmif1', [0, 0, 0, 0], 'mif1avifmiaf')
    expect(sniffType(avif)?.contentType).toBe('image/avif')
  })
})

describe('createZipScanner', () => {
  it('tells an Excel workbook from a plain ZIP while it streams past in small chunks', async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('시트').addRow(['a', 1])
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer())
    expect(sniffType(xlsx)?.contentType).toBe('application/zip')
    const scanner = createZipScanner()
    // 7-byte chunks: every part name is split between chunks somewhere.
    for (let at = 0; at < xlsx.length; at += 7) scanner.push(xlsx.subarray(at, at + 7))
    expect(scanner.result()?.contentType).toBe(XLSX_TYPE)
  })

  it('finds a Word part name split across two chunks, and nothing in a plain archive', () => {
    const scanner = createZipScanner()
    scanner.push(bytes([0x50, 0x4b, 0x03, 0x04], 'xxxxword/docu'))
    scanner.push(bytes('ment.xmlyyyy'))
    expect(scanner.result()).toEqual({ contentType: DOCX_TYPE, ext: 'docx' })
    const plain = createZipScanner()
    plain.push(bytes([0x50, 0x4b, 0x03, 0x04], 'readme.txt', 'photos/word.xml'))
    expect(plain.result()).toBeNull()
  })
})
