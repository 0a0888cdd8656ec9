import JSZip from 'jszip'
import sharp from 'sharp'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachments, documentRevisions, referenceDocuments } from '#server/db/schema.ts'
import { makePdf } from '#server/seed/demo/demo-files.ts'
import { productSupportListSchema } from '#shared/api-schemas/products.ts'
import { searchListSchema } from '#shared/api-schemas/search.ts'
import type { DocumentArchive } from '#shared/document-numbers.ts'
import type { DocumentInput } from '#shared/document-form.ts'
import { consoleDownloadUrl, consoleMediaUrl, downloadUrl, ftpDownloadUrl, mediaUrl } from '#shared/files.ts'
import type { UploadedFile } from '#shared/uploads.ts'
import { getData } from '#tests/helpers/api.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * Withdrawn files (docs/decisions/039-withdrawn-files.md): a superseded revision's files, an
 * unpublished or removed document's files answer 404 at every public address (/api/s3/download,
 * /api/ftpdownload, /media), also after an import issued the revision, and kept answers stop
 * listing them at the change; staff still download them through the console's own addresses,
 * which answer 404 (no console session) or 401 (an ended one) to anyone else.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
let viewer: EnrolledStaff

beforeAll(async () => {
  t = await buildTestApp({ seed: false, checkAnswers: true, env: { RESPONSE_CACHE_TTL_MS: '60000' } })
  editor = await enrolStaff(t.runtime.services, { username: 'withdrawn.editor@example.com', role: 'editor' })
  viewer = await enrolStaff(t.runtime.services, { username: 'withdrawn.viewer@example.com', role: 'viewer' })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const db = () => t.runtime.database.db
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })
const actor = () => ({ userId: editor.userId, ip: '127.0.0.1' })
const ENDED = `console_session=${'x'.repeat(43)}`

async function upload(kind: 'file' | 'image', name: string, data: Buffer): Promise<UploadedFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/upload?kind=${kind}`,
    payload: data,
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(name),
      cookie: editor.cookie,
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as UploadedFile
}
const uploadPdf = (name: string) => upload('file', name, makePdf(name, [`Torque table ${name}`]))
async function uploadPng(name: string): Promise<UploadedFile> {
  const raw = Buffer.alloc(600 * 400 * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
  return upload(
    'image',
    name,
    await sharp(raw, { raw: { width: 600, height: 400, channels: 3 } })
      .png()
      .toBuffer(),
  )
}

/** The public answers for a file: both download shapes, and /media for an image. */
async function publicStatus(file: { key: string; name: string }): Promise<number[]> {
  const urls = [
    downloadUrl({ file_name: file.key, origin_file_name: file.name }),
    ftpDownloadUrl(file.name, file.key),
    ...(/\.png$/.test(file.key) ? [mediaUrl(file.key)] : []),
  ]
  return Promise.all(urls.map(async (url) => (await get(url)).statusCode))
}

async function createDocument(archive: DocumentArchive, input: Partial<DocumentInput> & { doc_number: string }) {
  const result = await t.runtime.services.documentsAdmin.create(
    archive,
    actor(),
    {
      type: 9,
      title: '토크 표',
      title_en: 'Torque table',
      url: '',
      url_en: '',
      product_id: null,
      option_ids: [],
      files: [],
      ...input,
    },
    true,
  )
  if (!result.ok) throw new Error(`create: ${JSON.stringify(result)}`)
  return result
}
async function versionOf(id: number) {
  return (await db().select().from(referenceDocuments).where(eq(referenceDocuments.id, id)))[0]!.version
}
const referenceList = () => getData(t.app, '/api/product/support/list?select=9&recordSize=50', productSupportListSchema)

describe('a new revision', () => {
  let pdf: UploadedFile
  let png: UploadedFile
  let next: UploadedFile
  let id: number

  beforeAll(async () => {
    pdf = await uploadPdf('torque-rev-a.pdf')
    png = await uploadPng('wiring-rev-a.png')
    next = await uploadPdf('torque-rev-b.pdf')
    ;({ id } = await createDocument('reference', {
      doc_number: 'DA-MAN-9701',
      files: [
        { key: pdf.key, for: 'KOR' },
        { key: png.key, for: 'auto' },
      ],
    }))
  })

  it("takes the earlier files off every public address (a drawing's variants too), and kept answers stop listing them", async () => {
    expect(await publicStatus(pdf)).toEqual([200, 200])
    expect(await publicStatus(png)).toEqual([200, 200, 200])
    expect((await get(png.variants![0]!.url)).statusCode).toBe(200)
    // The public list is kept (RESPONSE_CACHE_TTL_MS) with the Rev. A files in it.
    const listed = async () => (await referenceList()).list.find((d) => d.id === id)!.file_list.map((f) => f.file_name)
    expect(await listed()).toEqual([pdf.key, png.key])

    const revised = await t.runtime.services.documentsAdmin.revise('reference', actor(), id, await versionOf(id), {
      revision: null,
      files: [{ key: next.key, for: 'KOR' }],
    })
    expect(revised.ok).toBe(true)

    expect(await publicStatus(pdf)).toEqual([404, 404])
    expect(await publicStatus(png)).toEqual([404, 404, 404])
    for (const variant of png.variants!) expect((await get(variant.url)).statusCode, variant.url).toBe(404)
    expect(await publicStatus(next)).toEqual([200, 200])
    // The change notice empties the kept answers: the list names the new file only.
    await expect.poll(listed).toEqual([next.key])
  })

  it("stays downloadable for staff through the console's address, which is 404 without a console session and 401 after it ended", async () => {
    const url = consoleDownloadUrl({ file_name: pdf.key, origin_file_name: pdf.name })
    for (const staff of [editor, viewer]) {
      const res = await get(url, staff.cookie)
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      expect(res.headers['content-disposition']).toContain('torque-rev-a.pdf')
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
    expect((await get(url)).statusCode).toBe(404)
    expect((await get(url, ENDED)).statusCode).toBe(401)
    // Its image, inline, for the console's thumbnails.
    const image = await get(consoleMediaUrl(png.key), viewer.cookie)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect((await get(consoleMediaUrl(png.key))).statusCode).toBe(404)
    expect((await get(consoleMediaUrl(png.key), ENDED)).statusCode).toBe(401)
    // Still a file the files table lists, never a path.
    expect(
      (await get(consoleDownloadUrl({ file_name: '../etc/passwd', origin_file_name: 'a' }), editor.cookie)).statusCode,
    ).toBe(400)
    expect(
      (await get(consoleDownloadUrl({ file_name: 'uploads/none.pdf', origin_file_name: 'a' }), editor.cookie))
        .statusCode,
    ).toBe(404)
  })

  it('keeps the earlier files on the revision row, offered in the console only', async () => {
    const [kept] = await db()
      .select()
      .from(documentRevisions)
      .where(and(eq(documentRevisions.owner_type, 'reference'), eq(documentRevisions.owner_id, id)))
    const owned = await db()
      .select({ key: attachments.file_name })
      .from(attachments)
      .where(and(eq(attachments.owner_type, 'revision'), eq(attachments.owner_id, kept!.id)))
    expect(owned.map((o) => o.key).sort()).toEqual([pdf.key, png.key].sort())
  })
})

describe('unpublishing', () => {
  it("takes the document's files off the public addresses and out of the search; published again, they are back", async () => {
    const pdf = await uploadPdf('unpublished-manual.pdf')
    const { id } = await createDocument('reference', {
      doc_number: 'DA-MAN-9702',
      title: '숨김시험 설명서',
      title_en: 'Hiddentest manual',
      files: [{ key: pdf.key, for: 'KOR' }],
    })
    const hits = async () =>
      (await getData(t.app, '/api/search/list?keyword=Hiddentest&lang=en', searchListSchema)).list.length
    expect(await publicStatus(pdf)).toEqual([200, 200])
    expect(await hits()).toBeGreaterThan(0)

    const admin = t.runtime.services.documentsAdmin
    expect((await admin.setPublished('reference', actor(), id, await versionOf(id), false)).ok).toBe(true)
    expect(await publicStatus(pdf)).toEqual([404, 404])
    expect(await hits()).toBe(0)
    expect(
      (await get(consoleDownloadUrl({ file_name: pdf.key, origin_file_name: pdf.name }), editor.cookie)).statusCode,
    ).toBe(200)

    expect((await admin.setPublished('reference', actor(), id, await versionOf(id), true)).ok).toBe(true)
    expect(await publicStatus(pdf)).toEqual([200, 200])
  })
})

describe('removing a document', () => {
  it('takes its files off the public addresses', async () => {
    const pdf = await uploadPdf('removed-service-manual.pdf')
    const { id } = await createDocument('service', {
      doc_number: 'DS-MAN-9703',
      type: 2,
      files: [{ key: pdf.key, for: 'KOR' }],
    })
    expect(await publicStatus(pdf)).toEqual([200, 200])
    expect(await t.runtime.services.support.deleteDocument(id)).toBe(true)
    expect(await publicStatus(pdf)).toEqual([404, 404])
    expect(
      (await get(consoleDownloadUrl({ file_name: pdf.key, origin_file_name: pdf.name }), editor.cookie)).statusCode,
    ).toBe(200)
  })
})

describe('an import issuing a new revision', () => {
  async function importReference(csv: string, entries: Record<string, Buffer>) {
    const zip = new JSZip()
    for (const [name, data] of Object.entries(entries)) zip.file(name, data)
    const outcome = await t.runtime.services.imports.run(
      'reference',
      {
        fileName: 'rows.csv',
        table: Buffer.from(`\uFEFF${csv}`),
        zipName: 'files.zip',
        zip: await zip.generateAsync({ type: 'nodebuffer' }),
      },
      { dryRun: false, actor: { userId: null, ip: '127.0.0.1' } },
    )
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true)
  }
  async function filesOf(docNumber: string) {
    const [doc] = await db().select().from(referenceDocuments).where(eq(referenceDocuments.doc_number, docNumber))
    return db()
      .select({ key: attachments.file_name, name: attachments.origin_file_name })
      .from(attachments)
      .where(and(eq(attachments.owner_type, 'reference'), eq(attachments.owner_id, doc!.id)))
  }

  it("takes the superseded revision's file off the public addresses", async () => {
    const header = 'doc_number,revision,type,title,title_en,file_ko\n'
    await importReference(`${header}DA-MAN-9704,A,MAN,가져온 토크 표,Imported torque table,rev-a/torque-ko.pdf\n`, {
      'rev-a/torque-ko.pdf': makePdf('Imported Rev A', ['Rev A']),
    })
    const [revA] = await filesOf('DA-MAN-9704')
    expect(await publicStatus(revA!)).toEqual([200, 200])

    await importReference(`${header}DA-MAN-9704,B,MAN,가져온 토크 표,Imported torque table,rev-b/torque-ko.pdf\n`, {
      'rev-b/torque-ko.pdf': makePdf('Imported Rev B', ['Rev B']),
    })
    const [revB] = await filesOf('DA-MAN-9704')
    expect(revB!.key).not.toBe(revA!.key)
    expect(await publicStatus(revA!)).toEqual([404, 404])
    expect(await publicStatus(revB!)).toEqual([200, 200])
    expect(
      (await get(consoleDownloadUrl({ file_name: revA!.key, origin_file_name: revA!.name }), viewer.cookie)).statusCode,
    ).toBe(200)
  })
})

describe('files nothing offers', () => {
  it('a fresh upload: a document only through the console, a picture also under /media (the pages may show it)', async () => {
    const pdf = await uploadPdf('not-yet-attached.pdf')
    expect(await publicStatus(pdf)).toEqual([404, 404])
    // The upload's answer links the console's address, not the public one.
    expect(pdf.url).toBe(consoleDownloadUrl({ file_name: pdf.key, origin_file_name: pdf.name }))
    expect((await get(pdf.url)).statusCode).toBe(404)
    expect(
      (await get(consoleDownloadUrl({ file_name: pdf.key, origin_file_name: pdf.name }), editor.cookie)).statusCode,
    ).toBe(200)
    const png = await uploadPng('banner-picture.png')
    expect((await get(mediaUrl(png.key))).statusCode).toBe(200)
    expect((await get(consoleMediaUrl(png.key), editor.cookie)).statusCode).toBe(200)
  })
})
