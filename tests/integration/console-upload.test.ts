import { count, eq, isNotNull } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '#server/db/schema.ts'
import { XLSX_TYPE, type UploadedFile } from '#shared/uploads.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * POST /admin/upload through the real app (`app.inject`): who may upload, the type told from the
 * content, the size limits with nothing left behind, the image variants read back with sharp and
 * served by /media, and the /admin/media page that lists what was stored.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'upload.editor@example.com',
    name: '업로드편집자',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, { username: 'upload.viewer@example.com', role: 'viewer' })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

type Body = Buffer | Readable
const upload = (kind: string, name: string, body: Body, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/upload?kind=${kind}`,
    payload: body,
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  })

const db = () => t.runtime.database.db
const uploadRows = async () => (await db().select({ n: count() }).from(files).where(isNotNull(files.uploaded_by)))[0]!.n
/** Every file under the storage's uploads/ folder (partial ones included). */
function storedUploads(): string[] {
  const root = path.join(t.config.filesDir, 'uploads')
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile())
}

/** A photo-like PNG (noise, so it does not compress to nothing). */
async function png(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

describe('who may upload', () => {
  it('is a 404 for anyone without a console session (the console stays hidden)', async () => {
    const res = await upload('image', 'a.png', await png(10, 10))
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it("keeps /admin/media the site's 404 for anyone without a console session", async () => {
    const res = await t.app.inject('/admin/media')
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('type="file"')
  })

  it('is a 401 with a bilingual message when the console session has ended', async () => {
    const res = await upload('image', 'a.png', await png(10, 10), `console_session=${'x'.repeat(43)}; lang=en`)
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('Your session has ended. Please sign in again.')
  })

  it('is a 403 for a viewer, in the console language', async () => {
    const res = await upload('image', 'a.png', await png(10, 10), viewer.cookie)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: '파일을 올릴 권한이 없습니다.',
      messages: { en: 'You are not allowed to upload files.' },
    })
  })

  it('refuses a request from another site', async () => {
    const res = await upload('image', 'a.png', await png(10, 10), editor.cookie, { origin: 'https://evil.example' })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST')
  })

  it('is a 400 for an unknown kind or a missing file name', async () => {
    const unknown = await upload('video', 'a.png', await png(10, 10), editor.cookie)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.message).toBe('올릴 종류는 image 또는 file이어야 합니다.')
    const noName = await t.app.inject({
      method: 'POST',
      url: '/admin/upload?kind=image',
      payload: await png(10, 10),
      headers: { cookie: editor.cookie, 'content-type': 'image/png' },
    })
    expect(noName.statusCode).toBe(400)
    expect(noName.json().error.message).toBe('파일 이름이 없거나 올바르지 않습니다.')
    expect(storedUploads()).toEqual([])
  })
})

describe('an editor uploads an image', () => {
  let file: UploadedFile
  const original = png(2000, 1200)

  beforeAll(async () => {
    const res = await upload('image', '제품 사진.png', await original, editor.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { success: boolean; data: UploadedFile }
    expect(body.success).toBe(true)
    file = body.data
  })

  it('answers the key, the /media address, name, size, type, dimensions and six variants', async () => {
    expect(file.key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{20}\.png$/)
    expect(file).toMatchObject({
      url: `/media/${file.key}`,
      name: '제품 사진.png',
      size: (await original).length,
      contentType: 'image/png',
      width: 2000,
      height: 1200,
    })
    expect(file.variants!.map((v) => `${v.format}@${v.width}`)).toEqual([
      'avif@480',
      'avif@960',
      'avif@1920',
      'webp@480',
      'webp@960',
      'webp@1920',
    ])
  })

  it('stores the original and records it with its uploader; every variant is stored and recorded as its copy', async () => {
    expect((await t.runtime.storage.read(file.key))!.equals(await original)).toBe(true)
    const [row] = await db().select().from(files).where(eq(files.file_name, file.key))
    expect(row).toMatchObject({
      origin_file_name: '제품 사진.png',
      content_type: 'image/png',
      uploaded_by: editor.userId,
      width: 2000,
      height: 1200,
      variant_of: null,
    })
    const copies = await db().select().from(files).where(eq(files.variant_of, file.key))
    expect(copies.map((c) => c.file_name).sort()).toEqual(file.variants!.map((v) => v.key).sort())
  })

  it('makes the variants in the right formats and widths, keeping the aspect ratio (read back with sharp)', async () => {
    for (const variant of file.variants!) {
      const data = (await t.runtime.storage.read(variant.key))!
      const meta = await sharp(data).metadata()
      expect(meta.format, variant.key).toBe(variant.format === 'avif' ? 'heif' : 'webp')
      if (variant.format === 'avif') expect(meta.compression).toBe('av1')
      expect(meta.width).toBe(variant.width)
      expect(meta.height).toBe(Math.round((variant.width * 1200) / 2000))
    }
  })

  it('serves the original and each variant under /media with their types', async () => {
    const res = await t.app.inject(file.url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.rawPayload.equals(await original)).toBe(true)
    for (const variant of file.variants!) {
      const served = await t.app.inject(variant.url)
      expect(served.statusCode, variant.url).toBe(200)
      expect(served.headers['content-type']).toBe(variant.contentType)
      expect((await sharp(served.rawPayload).metadata()).width).toBe(variant.width)
    }
  })

  it('lists it first on /admin/media with its uploader and a small WebP thumbnail, and not its variants as files', async () => {
    const res = await t.app.inject({ url: '/admin/media', headers: { cookie: editor.cookie } })
    expect(res.statusCode).toBe(200)
    const firstRow = /<tbody>([\s\S]*?)<\/tr>/.exec(res.body)![1]!
    expect(firstRow).toContain('제품 사진.png')
    expect(firstRow).toContain('업로드편집자')
    // Through the console's own address: staff see every stored file, also one the public no longer gets (ADR 039).
    expect(firstRow).toContain(`href="/admin/files/image/${file.key}"`)
    expect(firstRow).toContain(`src="/admin/files/image/${file.variants!.find((v) => v.format === 'webp')!.key}"`)
    expect(res.body).not.toMatch(/<code class="media-key">[^<]*-\d+w\.(webp|avif)</)
    expect(res.body).toContain('name="image"')
  })

  it('shows a viewer the list without the upload fields', async () => {
    const res = await t.app.inject({ url: '/admin/media', headers: { cookie: viewer.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('제품 사진.png')
    expect(res.body).not.toContain('type="file"')
    expect(res.body).toContain('열람자는 파일을 볼 수만 있고 올릴 수는 없습니다.')
  })

  it("tells a form whether a key names a stored file of its field's kind", async () => {
    const uploads = t.runtime.services.uploads
    expect(await uploads.isStored(file.key, 'image')).toBe(true)
    expect(await uploads.isStored(file.key, 'file')).toBe(true)
    expect(await uploads.isStored(file.variants![0]!.key, 'image')).toBe(false)
    expect(await uploads.isStored('uploads/2026/11/nothing.png', 'image')).toBe(false)
    expect(await uploads.isStored('', 'file')).toBe(false)
    const [pdf] = await db()
      .select({ key: files.file_name })
      .from(files)
      .where(eq(files.content_type, 'application/pdf'))
      .limit(1)
    expect(await uploads.isStored(pdf!.key, 'file')).toBe(true)
    expect(await uploads.isStored(pdf!.key, 'image')).toBe(false)
  })

  it('makes one width of variants, the original one, for an image narrower than 480 pixels', async () => {
    const res = await upload('image', 'icon.png', await png(300, 200), editor.cookie)
    expect(res.statusCode).toBe(200)
    expect((res.json().data as UploadedFile).variants!.map((v) => `${v.format}@${v.width}`)).toEqual([
      'avif@300',
      'webp@300',
    ])
  })
})

describe('the content decides the type', () => {
  it('refuses a PDF named .png as an image (415, in the console language) and stores nothing', async () => {
    const before = await uploadRows()
    const storedBefore = storedUploads().length
    const res = await upload('image', 'photo.png', PDF, `${editor.cookie}; lang=en`)
    expect(res.statusCode).toBe(415)
    expect(res.json().error.message).toBe(
      'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded. The type is checked from the content, not the name.',
    )
    expect(await uploadRows()).toBe(before)
    expect(storedUploads()).toHaveLength(storedBefore)
  })

  it('refuses SVG with its own reason', async () => {
    const res = await upload(
      'image',
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      editor.cookie,
    )
    expect(res.statusCode).toBe(415)
    expect(res.json().error.message).toBe(
      'SVG는 스크립트를 담을 수 있어 받지 않습니다. PNG나 WebP로 저장해 올려 주세요.',
    )
  })

  it('refuses an image whose bytes start right but do not decode, leaving nothing behind', async () => {
    const storedBefore = storedUploads().length
    const broken = Buffer.concat([(await png(50, 50)).subarray(0, 60), Buffer.alloc(500, 7)])
    const res = await upload('image', 'broken.png', broken, editor.cookie)
    expect(res.statusCode).toBe(422)
    expect(storedUploads()).toHaveLength(storedBefore)
  })

  it('accepts a PDF as a file and records its download name with the extension its content calls for', async () => {
    const res = await upload('file', 'manual.png', PDF, editor.cookie)
    expect(res.statusCode).toBe(200)
    const data = res.json().data as UploadedFile
    expect(data).toMatchObject({ name: 'manual.pdf', contentType: 'application/pdf', size: PDF.length })
    expect(data.key).toMatch(/\.pdf$/)
    expect(data.variants).toBeUndefined()
    // Nothing public offers it yet: the console's address serves it to staff only (ADR 039).
    expect(data.url).toMatch(/^\/admin\/files\/download\?/)
    expect((await t.app.inject(data.url)).statusCode).toBe(404)
    const download = await t.app.inject({ url: data.url, headers: { cookie: editor.cookie } })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(PDF)).toBe(true)
  })

  it('tells an Excel workbook from a plain ZIP', async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('주문').addRow(['ORD', 1])
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer())
    const res = await upload('file', '주문 목록.xlsx', xlsx, editor.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ name: '주문 목록.xlsx', contentType: XLSX_TYPE })
  })

  it('refuses an executable as a file', async () => {
    const res = await upload('file', 'setup.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(5000)]), editor.cookie)
    expect(res.statusCode).toBe(415)
  })
})

describe('size limits', () => {
  const LIMIT = 10 * 1024 * 1024
  /** A PNG signature followed by `size - 8` bytes, streamed in 64 KB chunks without a declared length. */
  const pngStream = (size: number) =>
    Readable.from(
      (function* () {
        yield Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        for (let left = size - 8; left > 0; left -= 65536) yield Buffer.alloc(Math.min(65536, left), 1)
      })(),
    )

  it('refuses an image over 10 MB announced by its length before reading it (413, bilingual)', async () => {
    const before = await uploadRows()
    const res = await upload('image', 'huge.png', Buffer.alloc(LIMIT + 1), editor.cookie)
    expect(res.statusCode).toBe(413)
    expect(res.json().error.messages).toEqual({
      ko: '이미지는 10.0 MB까지 올릴 수 있습니다.',
      en: 'Images may be at most 10.0 MB.',
    })
    expect(res.headers.connection).toBe('close')
    expect(await uploadRows()).toBe(before)
  })

  it('stops a streamed image one byte over the limit and removes what was written', async () => {
    const before = await uploadRows()
    const storedBefore = storedUploads()
    const res = await upload('image', 'stream.png', pngStream(LIMIT + 1), editor.cookie)
    expect(res.statusCode).toBe(413)
    expect(await uploadRows()).toBe(before)
    expect(storedUploads()).toEqual(storedBefore)
  })

  it('lets a file kind go up to 50 MB (the same stream is past the image limit only)', async () => {
    const res = await upload('file', 'big.png', pngStream(LIMIT + 1), editor.cookie)
    // Accepted by size, then refused because it is no decodable image: the limit was the file kind's.
    expect(res.statusCode).toBe(422)
  })

  it('refuses an empty upload', async () => {
    const res = await upload('file', 'empty.pdf', Buffer.alloc(0), editor.cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('빈 파일은 올릴 수 없습니다.')
  })
})
