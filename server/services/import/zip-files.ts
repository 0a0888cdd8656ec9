import type JSZip from 'jszip'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { files } from '#server/db/schema.ts'
import { FILE_NAME_MAX } from '#shared/files.ts'
import { UPLOAD_TYPES } from '#shared/uploads.ts'
import { extractPdfText } from '../files/pdf-text.ts'
import { sniffType } from '../files/sniff.ts'
import type { Storage } from '../files/storage.ts'
import type { Reader } from '../search/sources.ts'

/** A path inside a ZIP as rows name it: forward slashes, no leading `./` or `/`, NFC. */
export const zipPath = (name: string) =>
  name
    .replace(/\\/g, '/')
    .replace(/^(\.\/|\/)+/, '')
    .normalize('NFC')

/** The files of an uploaded ZIP, by path (folders left out). */
export type ZipFiles = { has(name: string): boolean; read(name: string): Promise<Buffer> }

/** Whether a ZIP entry a row names can be attached: present, and of a type file uploads accept. */
export async function zipEntryProblem(
  zip: ZipFiles | null,
  name: string,
): Promise<'import.error.zipRequired' | 'import.error.zipMissing' | 'import.error.zipType' | null> {
  if (!zip) return 'import.error.zipRequired'
  if (!zip.has(name)) return 'import.error.zipMissing'
  const type = sniffType((await zip.read(name)).subarray(0, 4100))
  return type && UPLOAD_TYPES.file.includes(type.contentType) ? null : 'import.error.zipType'
}

export class ZipError extends Error {}

export async function openZip(bytes: Uint8Array): Promise<ZipFiles> {
  let zip: JSZip
  try {
    const { default: Zip } = await import('jszip') // on first use: the public site never reads a zip
    zip = await Zip.loadAsync(bytes)
  } catch (error) {
    throw new ZipError(error instanceof Error ? error.message : String(error))
  }
  const entries = new Map<string, JSZip.JSZipObject>()
  zip.forEach((name, entry) => {
    if (!entry.dir) entries.set(zipPath(name), entry)
  })
  return {
    has: (name) => entries.has(zipPath(name)),
    read: (name) => entries.get(zipPath(name))!.async('nodebuffer'),
  }
}

/** A file of a ZIP as stored: its storage key and the name offered to downloaders. */
export type StoredZipFile = { key: string; name: string }

/**
 * Stores the ZIP entries rows name (each once, checked by `zipEntryProblem` before) and records
 * them in `files` in the caller's transaction. The bytes are written first; `stored` lists their
 * keys so a failed import can remove them. Returns the stored file of each path.
 */
export async function storeZipEntries(
  tx: Reader,
  storage: Storage,
  zip: ZipFiles,
  paths: readonly string[],
  now: Date,
  stored: string[],
): Promise<Map<string, StoredZipFile>> {
  const byPath = new Map<string, StoredZipFile>()
  const rows: (typeof files.$inferInsert)[] = []
  for (const name of new Set(paths.map(zipPath))) {
    const data = await zip.read(name)
    const type = sniffType(data.subarray(0, 4100)) ?? { contentType: 'application/octet-stream', ext: 'bin' }
    const month = String(now.getUTCMonth() + 1).padStart(2, '0')
    const key = `uploads/${now.getUTCFullYear()}/${month}/${randomBytes(10).toString('hex')}.${type.ext}`
    await storage.put(key, data)
    stored.push(key)
    const base = path.posix.basename(name).slice(-FILE_NAME_MAX)
    const text = type.contentType === 'application/pdf' ? await extractPdfText(data).catch(() => null) : null
    rows.push({
      file_name: key,
      origin_file_name: base,
      content_type: type.contentType,
      size: data.length,
      text_content: text,
      created_at: now,
    })
    byPath.set(name, { key, name: base })
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(files).values(rows.slice(i, i + 500))
  return byPath
}
