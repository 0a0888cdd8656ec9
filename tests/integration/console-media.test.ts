import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, banners, files } from '#server/db/schema.ts'
import type { UploadedFile } from '#shared/uploads.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { koreaLocal } from '#tests/helpers/korea-local.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The media library through the real app: /admin/media/file describes a stored image (alternative
 * text per language, focal point), refuses bad input with a bilingual 4xx and keeps what was typed,
 * cuts the variants again around a moved focal point (read back pixel by pixel), and the home
 * page's banner uses the alternative text of its language and the focal point.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff
let image: UploadedFile

/** 3000×1000: the left half red, the right half blue (wider than any public frame, so the variants are cut). */
async function halves(): Promise<Buffer> {
  const width = 3000
  const height = 1000
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      if (x < width / 2) raw[i] = 255
      else raw[i + 2] = 255
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

const fileUrl = (key: string, lang = '') => `/admin/media/file?key=${encodeURIComponent(key)}${lang}`
/** The description's version now (what the screen would have loaded): 1 for a file not stored. */
const versionOf = async (key: string) =>
  String(
    (await t.runtime.database.db.select({ v: files.version }).from(files).where(eq(files.file_name, key)))[0]?.v ?? 1,
  )
/** Posts the media screen's form; at the version now saved unless `fields` names one. */
const post = async (key: string, cookie: string, fields: Record<string, string>, lang = '') =>
  t.app.inject({
    method: 'POST',
    url: fileUrl(key, lang),
    payload: new URLSearchParams({ version: await versionOf(key), ...fields }).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
  })
/** Uploads a small image as `editor`, as an upload field does. */
async function upload(name: string): Promise<UploadedFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/upload?kind=image',
    payload: await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3b6a9a' } })
      .png()
      .toBuffer(),
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
      cookie: editor.cookie,
      origin: 'http://localhost',
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { data: UploadedFile }).data
}

/**
 * The share of red along the middle row of the 1920-pixel WebP variant. Its frame is 2133 of the
 * 3000 pixels, so 0.5 when cut around the middle, 0.7 with the focal point on the left edge, 0.3 on the right.
 */
async function redShare(key: string): Promise<number> {
  const variant = key.replace(/\.png$/, '-1920w.webp')
  const { data, info } = await sharp((await t.runtime.storage.read(variant))!)
    .raw()
    .toBuffer({ resolveWithObject: true })
  const row = Math.floor(info.height / 2) * info.width
  let red = 0
  for (let x = 0; x < info.width; x++) {
    const i = (row + x) * info.channels
    if (data[i]! > data[i + 2]!) red++
  }
  return Math.round((red / info.width) * 100) / 100
}

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
  editor = await enrolStaff(t.runtime.services, {
    username: 'media.editor@example.com',
    name: '매체편집',
    role: 'editor',
  })
  viewer = await enrolStaff(t.runtime.services, { username: 'media.viewer@example.com', role: 'viewer' })
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/upload?kind=image',
    payload: await halves(),
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent('공장 전경.png'),
      cookie: editor.cookie,
      origin: 'http://localhost',
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  image = (res.json() as { data: UploadedFile }).data
}, 180_000)
afterAll(async () => t?.close(), 60_000)

describe('the variants of a wide image', () => {
  it('are cut to the widest public frame (1920×900 shape), around the middle until a focal point is chosen', async () => {
    expect(image.variants!.map((v) => v.width)).toEqual([480, 960, 1920, 480, 960, 1920])
    const meta = await sharp((await t.runtime.storage.read(image.key.replace(/\.png$/, '-1920w.webp')))!).metadata()
    expect(meta.width).toBe(1920)
    expect(meta.height).toBe(900)
  })
})

describe('describing an image', () => {
  it('shows the file under its original name with the alternative text and focal point fields', async () => {
    const res = await t.app.inject({ url: fileUrl(image.key), headers: { cookie: viewer.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('공장 전경.png')
    expect(res.body).toContain('name="alt_en"')
    expect(res.body).toMatch(/name="focal_x"[^>]*value="50"|value="50"[^>]*name="focal_x"/)
    // A viewer sees the form disabled and no save button.
    expect(res.body).toMatch(/<fieldset[^>]*disabled/)
  })

  it('saves the text and the focal point: the variants are cut again around it (pixels read back), audited', async () => {
    expect(await redShare(image.key)).toBeCloseTo(0.5, 1)
    const res = await post(image.key, editor.cookie, {
      alt: '  공장   전경 ',
      alt_en: 'The plant from the river',
      focal_x: '100',
      focal_y: '50',
    })
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await t.runtime.database.db.select().from(files).where(eq(files.file_name, image.key))
    expect(row).toMatchObject({ alt: '공장 전경', alt_en: 'The plant from the river', focal_x: 1, focal_y: 0.5 })
    expect(await redShare(image.key)).toBeCloseTo(0.3, 1)
    const [entry] = await t.runtime.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'media.describe'), eq(auditLog.record_id, image.key)))
    expect(entry).toMatchObject({ user_id: editor.userId, record_type: 'file' })
    expect(entry!.after).toMatchObject({ focal_x: 1, alt_en: 'The plant from the river' })

    await post(image.key, editor.cookie, { alt: '공장 전경', alt_en: 'The plant', focal_x: '0', focal_y: '0' })
    expect(await redShare(image.key)).toBeCloseTo(0.7, 1)
  })

  it('refuses a focal point outside 0..100 and a too-long text with a 400 in either language, keeping what was typed', async () => {
    const typed = { alt: '새 설명', alt_en: 'x'.repeat(251), focal_x: '150', focal_y: '20' }
    const ko = await post(image.key, editor.cookie, typed)
    expect(ko.statusCode).toBe(400)
    expect(ko.body).toContain('0에서 100 사이의 숫자를 적어 주세요.')
    expect(ko.body).toContain('대체 텍스트는 250자까지 쓸 수 있습니다.')
    expect(ko.body).toContain('새 설명')
    const en = await post(image.key, `${editor.cookie}; lang=en`, { ...typed, focal_x: 'left' }, '&lang=en')
    expect(en.statusCode).toBe(400)
    expect(en.body).toContain('Please enter a number from 0 to 100.')
    const [row] = await t.runtime.database.db.select().from(files).where(eq(files.file_name, image.key))
    expect(row).toMatchObject({ alt: '공장 전경', focal_x: 0 })
  })

  it('refuses a save over a newer description (409) with the saved values beside what was typed; no version is a 400', async () => {
    const loaded = await versionOf(image.key)
    const first = await post(image.key, editor.cookie, {
      version: loaded,
      alt: '먼저 쓴 설명',
      alt_en: 'Written first',
      focal_x: '10',
      focal_y: '20',
    })
    expect(first.statusCode, first.body).toBe(200)
    const stale = await post(
      image.key,
      `${editor.cookie}; lang=en`,
      { version: loaded, alt: '나중에 쓴 설명', alt_en: 'Written later', focal_x: '90', focal_y: '80' },
      '&lang=en',
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.body).toContain('Compare your entries with what 매체편집 saved')
    expect(stale.body).toContain('Written later')
    expect(stale.body).toContain('Written first')
    // The form now carries the version saved: sending it again replaces knowingly.
    expect(stale.body).toMatch(new RegExp(`name="version" value="${Number(loaded) + 1}"`))
    const [row] = await t.runtime.database.db.select().from(files).where(eq(files.file_name, image.key))
    expect(row).toMatchObject({ alt: '먼저 쓴 설명', updated_by: editor.userId, version: Number(loaded) + 1 })
    const unversioned = await t.app.inject({
      method: 'POST',
      url: fileUrl(image.key),
      payload: new URLSearchParams({ alt: '', alt_en: '', focal_x: '50', focal_y: '50' }).toString(),
      headers: {
        cookie: editor.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
      },
    })
    expect(unversioned.statusCode).toBe(400)
  })

  it('is a 404 for an unknown key or a variant, and no viewer may save', async () => {
    const fields = { alt: '', alt_en: '', focal_x: '50', focal_y: '50' }
    expect((await post('uploads/none.png', editor.cookie, fields)).statusCode).toBe(404)
    expect((await post(image.variants![0]!.key, editor.cookie, fields)).statusCode).toBe(404)
    expect(
      (await t.app.inject({ url: fileUrl('uploads/none.png'), headers: { cookie: editor.cookie } })).statusCode,
    ).toBe(404)
    const denied = await post(image.key, viewer.cookie, fields)
    expect(denied.statusCode).toBe(403)
    expect((await t.app.inject(fileUrl(image.key))).statusCode).toBe(404)
  })
})

describe('the public home page', () => {
  it('gives the banner image the alternative text of the page language and its focal point', async () => {
    const db = t.runtime.database.db
    await db.update(banners).set({ pc_image: image.key, pc_image_en: image.key, title: '배너', title_en: 'Banner' })
    await post(image.key, editor.cookie, { alt: '공장 전경', alt_en: 'The plant', focal_x: '25', focal_y: '75' })
    const ko = await t.app.inject('/')
    expect(ko.statusCode).toBe(200)
    expect(ko.body).toMatch(/<img class="banner__image"[^>]*alt="공장 전경"/)
    expect(ko.body).toContain('--focal-pc:25% 75%')
    expect(ko.body).not.toContain(`alt="${image.key}`)
    const en = await t.app.inject({ url: '/', headers: { cookie: 'lang=en' } })
    expect(en.body).toMatch(/<img class="banner__image"[^>]*alt="The plant"/)
    // No English text: the banner's English title, never the storage key.
    await post(image.key, editor.cookie, { alt: '공장 전경', alt_en: '', focal_x: '25', focal_y: '75' })
    const fallback = await t.app.inject({ url: '/', headers: { cookie: 'lang=en' } })
    expect(fallback.body).toMatch(/<img class="banner__image"[^>]*alt="Banner"/)
  })
})

describe('the media list and where a file is used', () => {
  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/admin/media?${query}`, headers: { cookie: viewer.cookie } })
    expect(res.statusCode).toBe(200)
    return res.body
  }

  it('finds files by name, type and uploader in SQL, sorted as asked; odd values are ignored', async () => {
    expect(await list('q=%EA%B3%B5%EC%9E%A5')).toContain('공장 전경.png') // q=공장
    expect(await list('q=%25')).not.toContain('공장 전경.png') // a literal %, not a wildcard
    expect(await list('q=%EA%B3%B5%EC%9E%A5&type=document')).not.toContain('공장 전경.png')
    expect(await list(`type=image&uploader=${editor.userId}`)).toContain('공장 전경.png')
    expect(await list('uploader=system')).not.toContain('공장 전경.png')
    // The first row of each order is the file SQL puts first.
    const firstRow = (body: string) => body.slice(body.indexOf('<tbody')).split('<tr')[1] ?? ''
    const originals = t.runtime.database.db.select({ name: files.origin_file_name }).from(files)
    const [largest] = await originals.where(isNull(files.variant_of)).orderBy(desc(files.size), desc(files.id)).limit(1)
    expect(firstRow(await list('sort=size'))).toContain(`>${largest!.name}<`)
    const [first] = await t.runtime.database.db
      .select({ name: files.origin_file_name })
      .from(files)
      .where(isNull(files.variant_of))
      .orderBy(asc(files.origin_file_name), asc(files.id))
      .limit(1)
    expect(firstRow(await list('sort=name'))).toContain(`>${first!.name}<`)
    const newest = await list('sort=nonsense&page=-3&uploader=x')
    expect(newest.indexOf('공장 전경.png')).toBeGreaterThan(-1)
    expect(newest).toContain('최근 순')
  })

  it('offers an upload field the stored files of its kind to reuse, as JSON, to editors only', async () => {
    const pick = (query: string, cookie = editor.cookie) =>
      t.app.inject({ url: `/admin/media/pick?${query}`, headers: { cookie } })
    const images = await pick('kind=image&q=%EA%B3%B5%EC%9E%A5') // q=공장
    expect(images.statusCode).toBe(200)
    expect(images.headers['cache-control']).toBe('private, no-store')
    const answer = images.json() as { files: { key: string; name: string; thumbnail: string }[]; total: number }
    expect(answer.files.map((f) => f.name)).toContain('공장 전경.png')
    expect(answer.files.find((f) => f.name === '공장 전경.png')).toMatchObject({
      key: image.key,
      thumbnail: expect.stringMatching(/^\/admin\/files\/image\/.+-\d+w\.webp$/),
    })
    // A document field lists documents only; a literal % finds no name.
    const documents = (await pick('kind=file&q=%EA%B3%B5%EC%9E%A5')).json() as { files: { name: string }[] }
    expect(documents.files.map((f) => f.name)).not.toContain('공장 전경.png')
    expect(((await pick('kind=image&q=%25')).json() as { total: number }).total).toBe(0)
    expect((await pick('kind=image', viewer.cookie)).statusCode).toBe(403)
    expect((await t.app.inject({ url: '/admin/media/pick?kind=image' })).statusCode).toBe(404)
  })

  it('lists the records that use a file, linked to their console pages', async () => {
    const [banner] = await t.runtime.database.db.select({ id: banners.id }).from(banners).limit(1)
    const res = await t.app.inject({ url: fileUrl(image.key), headers: { cookie: viewer.cookie } })
    expect(res.body).toContain(`href="/admin/content/banners/${banner!.id}"`)
    expect(res.body).toContain('배너 ‘배너’')
    const unused = await t.app.inject({
      url: fileUrl(image.key, '&lang=en'),
      headers: { cookie: `${viewer.cookie}; lang=en` },
    })
    expect(unused.body).toContain('Where it is used')
  })
})

describe('replacing a file', () => {
  const uploadAs = async (name: string, body: Buffer, kind = 'image') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/upload?kind=${kind}`,
      payload: body,
      headers: {
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(name),
        cookie: editor.cookie,
        origin: 'http://localhost',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { data: UploadedFile }).data
  }
  const green = () =>
    sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 0, g: 200, b: 0 } } })
      .png()
      .toBuffer()

  it('puts new bytes under the same public address, makes its variants again, audited', async () => {
    const bytes = await green()
    const next = await uploadAs('새 전경.png', bytes)
    const res = await post(image.key, editor.cookie, { intent: 'replace', replacement: next.key })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('내용을 바꿨습니다. 주소는 그대로입니다.')

    const served = await t.app.inject(`/media/${image.key}`)
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(bytes)).toBe(true)
    expect(Number(served.headers['content-length'])).toBe(bytes.length)
    const db = t.runtime.database.db
    const [row] = await db.select().from(files).where(eq(files.file_name, image.key))
    expect(row).toMatchObject({ origin_file_name: '새 전경.png', width: 1200, height: 800, size: bytes.length })
    // 1200 px wide now: the 1920 variants are gone, 1200 ones made, the 960 one is green.
    const variants = await db.select({ key: files.file_name }).from(files).where(eq(files.variant_of, image.key))
    expect(variants.map((v) => v.key.replace(/^.*-/, '')).sort()).toEqual([
      '1200w.avif',
      '1200w.webp',
      '480w.avif',
      '480w.webp',
      '960w.avif',
      '960w.webp',
    ])
    expect(await t.runtime.storage.read(image.key.replace(/\.png$/, '-1920w.webp'))).toBeNull()
    const { data } = await sharp((await t.runtime.storage.read(image.key.replace(/\.png$/, '-960w.webp')))!)
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(data[1]!).toBeGreaterThan(150)
    expect(data[0]!).toBeLessThan(50)
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'media.replace'), eq(auditLog.record_id, image.key)))
    expect(entry).toMatchObject({ user_id: editor.userId, record_type: 'file' })
  })

  it('refuses no replacement, a document for an image and a viewer, in either language', async () => {
    const none = await post(image.key, editor.cookie, { intent: 'replace', replacement: '' })
    expect(none.statusCode).toBe(400)
    expect(none.body).toContain('먼저 새 파일을 올려 주세요.')
    const pdf = await uploadAs(
      'spec.pdf',
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      'file',
    )
    const kind = await post(
      image.key,
      `${editor.cookie}; lang=en`,
      { intent: 'replace', replacement: pdf.key },
      '&lang=en',
    )
    expect(kind.statusCode).toBe(400)
    expect(kind.body).toContain('An image can only be replaced by an image, and a document by a document.')
    expect((await post(image.key, viewer.cookie, { intent: 'replace', replacement: pdf.key })).statusCode).toBe(403)
    const [row] = await t.runtime.database.db.select().from(files).where(eq(files.file_name, image.key))
    expect(row!.content_type).toBe('image/png')
  })
})

describe('alternative text before publishing', () => {
  it('refuses publishing a popup whose uploaded image has no text in a published language, names it and links it; with the texts it publishes and the home page reads them', async () => {
    const photo = await upload('팝업 사진.png')
    const form = {
      intent: 'save-publish',
      title: '대체 텍스트 팝업',
      title_en: 'Alt text popup',
      image: photo.key,
      description: '<p>안내</p>',
      description_en: '<p>Notice</p>',
      starts_at: koreaLocal(-5),
      ends_at: koreaLocal(60 * 24),
      sort_order: '0',
    }
    const publish = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/content/popups/new${lang}`,
        payload: new URLSearchParams(form).toString(),
        headers: {
          cookie: lang ? `${editor.cookie}; lang=en` : editor.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost',
        },
      })
    const ko = await publish('')
    expect(ko.statusCode).toBe(400)
    expect(ko.body).toContain('이 이미지에 한국어와 영어 대체 텍스트가 모두 없습니다.')
    expect(ko.body).toContain('‘팝업 사진.png’의 대체 텍스트 쓰기')
    expect(ko.body).toContain(`href="/admin/media/file?key=${encodeURIComponent(photo.key)}"`)
    expect(ko.body).toContain('대체 텍스트 팝업') // what was typed stays in the form

    await post(photo.key, editor.cookie, { alt: '팝업 사진 설명', alt_en: '', focal_x: '50', focal_y: '50' })
    const en = await publish('?lang=en')
    expect(en.statusCode).toBe(400)
    expect(en.body).toContain('This image has no English alternative text.')

    await post(photo.key, editor.cookie, {
      alt: '팝업 사진 설명',
      alt_en: 'The popup photo',
      focal_x: '30',
      focal_y: '70',
    })
    const done = await publish('')
    expect(done.statusCode, done.body.slice(0, 300)).toBe(302)
    const home = await t.app.inject({ url: '/', headers: { cookie: 'lang=en' } })
    expect(home.body).toMatch(/<img class="popup__image"[^>]*alt="The popup photo"[^>]*style="object-position:30% 70%"/)
  })
})
