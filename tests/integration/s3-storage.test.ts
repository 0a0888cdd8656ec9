import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachments, referenceDocuments } from '#server/db/schema.ts'
import { downloadUrl } from '#shared/files.ts'
import type { UploadedFile } from '#shared/uploads.ts'
import { startS3 } from '#tests/helpers/s3.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * The app with S3_* set (a local s3rver): a console upload lands in the bucket, not on the local
 * disk, and the public download and /media serve it back from there.
 */
let s3: Awaited<ReturnType<typeof startS3>>
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff

beforeAll(async () => {
  s3 = await startS3()
  t = await buildTestApp({ seed: false, env: s3.env })
  editor = await enrolStaff(t.runtime.services, { username: 's3.editor@example.com', role: 'editor' })
}, 180_000)
afterAll(async () => {
  await t?.close()
  await s3?.close()
}, 60_000)

/** Every file under a directory, relative to it. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile())
}

describe('files in an S3-compatible bucket', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000), Buffer.from('\n%%EOF\n')])
  let file: UploadedFile

  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/upload?kind=file',
      payload: pdf,
      headers: {
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent('설치 설명서.pdf'),
        cookie: editor.cookie,
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    file = (res.json() as { data: UploadedFile }).data
    // The public downloads a document's file while a published record offers it (ADR 039).
    const db = t.runtime.database.db
    const [doc] = await db
      .insert(referenceDocuments)
      .values({ type: 9, title: '설치 설명서', title_en: 'Installation manual' })
      .returning({ id: referenceDocuments.id })
    await db
      .insert(attachments)
      .values({ owner_type: 'reference', owner_id: doc!.id, file_name: file.key, origin_file_name: file.name })
  })

  it('stores a console upload in the bucket and nothing on the local disk', () => {
    expect(filesUnder(t.config.filesDir).filter((f) => !f.startsWith('outbox'))).toEqual([])
    expect(filesUnder(s3.directory).some((f) => f.includes(path.basename(file.key)))).toBe(true)
  })

  it('serves the download from the bucket, byte for byte, with its length', async () => {
    const res = await t.app.inject(downloadUrl({ file_name: file.key, origin_file_name: '설치 설명서.pdf' }))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe(String(pdf.length))
    expect(res.rawPayload.equals(pdf)).toBe(true)
  })

  it('answers 404 for a recorded key the bucket does not hold', async () => {
    await t.runtime.storage.remove(file.key)
    const res = await t.app.inject(downloadUrl({ file_name: file.key, origin_file_name: '설치 설명서.pdf' }))
    expect(res.statusCode).toBe(404)
  })
})
