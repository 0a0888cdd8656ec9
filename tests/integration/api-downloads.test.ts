import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachments, files, referenceDocuments } from '#server/db/schema.ts'
import { downloadUrl, encodeBase64Utf8, ftpDownloadUrl } from '#shared/files.ts'
import { expectError, storeFile } from '#tests/helpers/api.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096), Buffer.from([0, 255, 0, 10])])
const OTHER = Buffer.from('SECRET BYTES OF ANOTHER FILE')
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
)
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)])
const KOREAN_NAME = '카탈로그 TM (국문).pdf'

beforeAll(async () => {
  t = await buildTestApp({ seed: false, checkAnswers: true })
  const db = t.runtime.database.db
  const storage = t.runtime.storage
  await storeFile(db, storage, {
    key: 'documents/catalog-tm.pdf',
    originName: KOREAN_NAME,
    data: PDF,
    contentType: 'application/pdf',
  })
  await storeFile(db, storage, {
    key: 'private/other.pdf',
    originName: 'other.pdf',
    data: OTHER,
    contentType: 'application/pdf',
  })
  await storeFile(db, storage, {
    key: 'images/logo.svg',
    originName: 'logo.svg',
    data: SVG,
    contentType: 'image/svg+xml',
  })
  await storeFile(db, storage, {
    key: 'images/photo.png',
    originName: 'photo.png',
    data: PNG,
    contentType: 'image/png',
  })
  await storeFile(db, storage, {
    key: 'documents/rlo.pdf',
    originName: 'invoice\u202Eexe.pdf',
    data: PDF,
    contentType: 'application/pdf',
  })
  await storeFile(db, storage, {
    key: 'images/page.html',
    originName: 'page.html',
    data: '<h1>x</h1>',
    contentType: 'text/html',
  })
  // Bytes on disk without a row, and a row without bytes.
  await storage.put('documents/unlisted.pdf', OTHER)
  await db.insert(files).values({
    file_name: 'documents/missing.pdf',
    origin_file_name: 'missing.pdf',
    content_type: 'application/pdf',
    size: 10,
  })
  // The public is served a document's file only while a published record offers it (ADR 039).
  const [doc] = await db
    .insert(referenceDocuments)
    .values({ type: 1, title: '카탈로그', title_en: 'Catalogue' })
    .returning({ id: referenceDocuments.id })
  await db.insert(attachments).values(
    ['documents/catalog-tm.pdf', 'documents/rlo.pdf', 'documents/missing.pdf'].map((key, i) => ({
      owner_type: 'reference',
      owner_id: doc!.id,
      file_name: key,
      origin_file_name: key.split('/')[1]!,
      sort_order: i,
    })),
  )
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const s3 = (fileName: string, name = 'a.pdf') =>
  `/api/s3/download?file_name=${encodeURIComponent(fileName)}&origin_file_name=${encodeURIComponent(name)}`
const ftp = (key: string, name = 'a.pdf') =>
  `/api/ftpdownload?filename=${encodeURIComponent(name)}&url=${encodeURIComponent(encodeBase64Utf8(key))}`

/** RFC 5987 `filename*` value decoded. */
function filenameStar(header: string): string {
  const m = /filename\*=UTF-8''([^;]+)/.exec(header)
  expect(m, header).not.toBeNull()
  return decodeURIComponent(m![1]!)
}

describe('GET /api/s3/download', () => {
  it('streams the stored bytes with type, length, attachment name (Korean via filename*), nosniff and private caching', async () => {
    const res = await t.app.inject(
      downloadUrl({ file_name: 'documents/catalog-tm.pdf', origin_file_name: KOREAN_NAME }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(PDF)).toBe(true)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-length']).toBe(String(PDF.length))
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(String(res.headers['cache-control'])).toMatch(/^private\b/)
    const disposition = String(res.headers['content-disposition'])
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/)
    expect(disposition).toContain('filename="_ TM (_).pdf"')
    expect(filenameStar(disposition)).toBe(KOREAN_NAME)
  })

  it('uses the requested name when it is a plain file name', async () => {
    const res = await t.app.inject(s3('documents/catalog-tm.pdf', 'TM catalogue 2024.pdf'))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="TM catalogue 2024.pdf"; filename*=UTF-8''TM%20catalogue%202024.pdf`,
    )
  })

  it('falls back to the stored name for names with separators, control characters or over 200 characters', async () => {
    for (const name of [
      '../evil.pdf',
      'a/b.pdf',
      'a\\b.pdf',
      'a\r\nSet-Cookie: x=1',
      'x'.repeat(201),
      '..',
      'tab\there.pdf',
    ]) {
      const res = await t.app.inject(s3('documents/catalog-tm.pdf', name))
      expect(res.statusCode, name).toBe(200)
      expect(filenameStar(String(res.headers['content-disposition']))).toBe(KOREAN_NAME)
      expect(res.headers['set-cookie']).toBeUndefined()
    }
  })

  it("offers the stored file's own name when the link's name has another extension (a PDF is never offered as setup.exe)", async () => {
    for (const name of ['setup.exe', 'catalogue.pdf.exe', 'catalogue.PDF.scr', 'readme', 'report.pdf.', 'run.bat']) {
      for (const url of [s3('documents/catalog-tm.pdf', name), ftp('documents/catalog-tm.pdf', name)]) {
        const res = await t.app.inject(url)
        expect(res.statusCode, url).toBe(200)
        expect(filenameStar(String(res.headers['content-disposition'])), url).toBe(KOREAN_NAME)
      }
    }
    // The same extension in another case is the same type: the link's name stands.
    const upper = await t.app.inject(s3('documents/catalog-tm.pdf', 'Catalogue.PDF'))
    expect(filenameStar(String(upper.headers['content-disposition']))).toBe('Catalogue.PDF')
  })

  it('removes right-to-left overrides and other bidirectional controls from the offered name, requested or stored', async () => {
    // "invoice\u202Efdp.exe" shows as "invoiceexe.pdf"; here the extension is .pdf, so the name stands, without the controls.
    const controls = [
      '\u202E',
      '\u202D',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u200E',
      '\u200F',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]
    for (const c of controls) {
      const res = await t.app.inject(s3('documents/catalog-tm.pdf', `invoice${c}exe.pdf`))
      expect(res.statusCode).toBe(200)
      const disposition = String(res.headers['content-disposition'])
      expect(filenameStar(disposition), JSON.stringify(c)).toBe('invoiceexe.pdf')
      expect(disposition).toContain('filename="invoiceexe.pdf"')
    }
    // A stored name with one (an upload of long ago) loses it too.
    const stored = await t.app.inject(s3('documents/rlo.pdf', '\u202E'))
    expect(filenameStar(String(stored.headers['content-disposition']))).toBe('invoiceexe.pdf')
  })

  it('sends the bytes uncompressed even when the browser accepts gzip', async () => {
    const res = await t.app.inject({ url: s3('documents/catalog-tm.pdf'), headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.rawPayload.equals(PDF)).toBe(true)
  })

  it('refuses hostile file names with 400 and never answers another file', async () => {
    const hostile = [
      '/api/s3/download',
      '/api/s3/download?origin_file_name=a.pdf',
      '/api/s3/download?file_name=documents/catalog-tm.pdf',
      s3('../../etc/passwd'),
      s3('documents/../private/other.pdf'),
      s3('documents/./catalog-tm.pdf'),
      s3('/etc/passwd'),
      s3('/documents/catalog-tm.pdf'),
      s3('\\windows\\win.ini'),
      s3('documents\\catalog-tm.pdf'),
      s3('C:/Windows/win.ini'),
      s3('c:\\boot.ini'),
      s3('http://evil.example/x.pdf'),
      s3('https://169.254.169.254/latest/meta-data'),
      s3('//evil.example/x.pdf'),
      s3('file:///etc/passwd'),
      s3('s3://bucket/private/other.pdf'),
      s3('%2e%2e/%2e%2e/etc/passwd'),
      s3('%252e%252e%252fprivate%252fother.pdf'),
      s3('documents/%2e%2e/private/other.pdf'),
      s3('..%2fprivate%2fother.pdf'),
      s3('documents/catalog-tm.pdf\u0000.png'),
      s3('documents/catalog-tm.pdf\n'),
      s3('documents//catalog-tm.pdf'),
      s3(`documents/${'a'.repeat(400)}.pdf`),
      s3('documents/catalog-tm.pdf', 'x'.repeat(1001)),
      '/api/s3/download?file_name=documents/catalog-tm.pdf&file_name=private/other.pdf&origin_file_name=a',
      '/api/s3/download?file_name=%E0%A4%A&origin_file_name=a',
    ]
    for (const url of hostile) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.rawPayload.includes(OTHER), url).toBe(false)
      expect(res.headers['content-disposition'], url).toBeUndefined()
      expectError(res, 400, url)
    }
  })

  it('answers 404 for keys the files table does not list, whose bytes are gone, or that no published record offers', async () => {
    for (const url of [
      s3('documents/nope.pdf'),
      s3('private/other.pdf'),
      s3('documents/unlisted.pdf'),
      s3('documents/missing.pdf'),
      s3('DOCUMENTS/CATALOG-TM.PDF'),
      s3('documents/catalog-tm.pdf.bak'),
      s3('documents'),
    ]) {
      const res = await t.app.inject(url)
      expectError(res, 404, url)
      expect(res.rawPayload.includes(OTHER), url).toBe(false)
    }
  })
})

describe('GET /api/ftpdownload', () => {
  it('serves the file whose key is base64-encoded in url, under the requested name', async () => {
    const res = await t.app.inject(ftpDownloadUrl('TM 카탈로그.pdf', 'documents/catalog-tm.pdf'))
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(PDF)).toBe(true)
    expect(res.headers['content-length']).toBe(String(PDF.length))
    expect(filenameStar(String(res.headers['content-disposition']))).toBe('TM 카탈로그.pdf')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('accepts URL-safe base64, missing padding and a + turned into a space', async () => {
    const b64 = encodeBase64Utf8('documents/catalog-tm.pdf')
    const variants = [b64.replace(/=+$/, ''), b64.replace(/\+/g, '-').replace(/\//g, '_'), b64.replace(/\+/g, ' ')]
    for (const v of variants) {
      const res = await t.app.inject(`/api/ftpdownload?filename=a.pdf&url=${encodeURIComponent(v)}`)
      expect(res.statusCode, v).toBe(200)
    }
  })

  it('refuses bad base64 and hostile decoded keys with 400, unknown keys with 404', async () => {
    const bad = [
      '/api/ftpdownload',
      '/api/ftpdownload?filename=a.pdf',
      `/api/ftpdownload?url=${encodeBase64Utf8('documents/catalog-tm.pdf')}`,
      '/api/ftpdownload?filename=a.pdf&url=!!!!',
      '/api/ftpdownload?filename=a.pdf&url=abcde',
      '/api/ftpdownload?filename=a.pdf&url=%2Fw%3D%3D',
      ftp('../private/other.pdf'),
      ftp('/etc/passwd'),
      ftp('http://evil.example/a.pdf'),
      ftp('//evil.example/a.pdf'),
      ftp('documents\\catalog-tm.pdf'),
      ftp('documents/catalog-tm.pdf\u0000'),
      ftp('%2e%2e/private/other.pdf'),
      `/api/ftpdownload?filename=a.pdf&url=${'A'.repeat(2000)}`,
    ]
    for (const url of bad) {
      const res = await t.app.inject(url)
      expectError(res, 400, url)
      expect(res.rawPayload.includes(OTHER), url).toBe(false)
    }
    expectError(await t.app.inject(ftp('documents/nope.pdf')), 404)
    expectError(await t.app.inject(ftp('documents/unlisted.pdf')), 404)
    expectError(await t.app.inject(ftp('private/other.pdf')), 404)
  })
})

describe('GET /media/*', () => {
  it('serves a listed SVG with a day of public caching and a CSP that blocks its scripts', async () => {
    const res = await t.app.inject('/media/images/logo.svg')
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(SVG)).toBe(true)
    expect(res.headers['content-type']).toBe('image/svg+xml')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-length']).toBe(String(SVG.length))
  })

  it('serves a listed PNG', async () => {
    const res = await t.app.inject('/media/images/photo.png')
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(PNG)).toBe(true)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
  })

  it('answers 404 for unknown keys, non-image files and hostile paths', async () => {
    for (const url of [
      '/media/images/none.svg',
      '/media/images/page.html',
      '/media/documents/catalog-tm.pdf',
      '/media/documents/unlisted.pdf',
      '/media/private/other.pdf',
      '/media/%2e%2e%2fprivate%2fother.pdf',
      '/media/images%5Clogo.svg',
      '/media/',
      '/media/IMAGES/LOGO.SVG',
    ]) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.rawPayload.includes(OTHER), url).toBe(false)
      expect(res.rawPayload.includes(SVG), url).toBe(false)
    }
  })
})
