import type JSZip from 'jszip'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { files } from '#server/db/schema.ts'
import { FILE_NAME_MAX } from '#shared/files.ts'
import { UPLOAD_LIMITS, UPLOAD_TYPES } from '#shared/uploads.ts'
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

const MB = 1024 * 1024

/**
 * How far the entries of an import's ZIP may inflate (docs/decisions/022-bulk-import.md, limits):
 * counted while each entry streams out of the inflater, never taken from the sizes the archive
 * declares. One entry at most as large as a console file upload; all entries a file names together
 * at most `ratio` times the ZIP's own size (at least `entry`) and never more than `total`.
 */
export const ZIP_LIMITS = { entry: UPLOAD_LIMITS.file, ratio: 100, total: 512 * MB } as const

/** The most the entries of a ZIP of `zipBytes` bytes may inflate to together. */
export const zipTotalLimit = (zipBytes: number) =>
  Math.min(ZIP_LIMITS.total, Math.max(ZIP_LIMITS.entry, ZIP_LIMITS.ratio * zipBytes))

/** The bytes sniffed to tell a file's type (`sniffType`). */
const HEAD = 4100

/** What inflating an entry once told: its type and inflated size, or that it went past the entry cap. */
export type ZipEntryInfo = { tooLarge: true } | { tooLarge: false; size: number; contentType: string | null }

/**
 * The files of an uploaded ZIP, by path (folders left out). `inspect` inflates an entry once (a
 * stream, counted, stopped at the caps; only its first bytes kept) and remembers the answer, so
 * rows naming the same file cost nothing more; `read` inflates a checked entry whole, to store it.
 */
export type ZipFiles = {
  has(name: string): boolean
  inspect(name: string): Promise<ZipEntryInfo>
  read(name: string): Promise<Buffer>
}

/** Whether a ZIP entry a row names can be attached: present, not too large inflated, of a type file uploads accept. */
export async function zipEntryProblem(
  zip: ZipFiles | null,
  name: string,
): Promise<
  | 'import.error.zipRequired'
  | 'import.error.zipMissing'
  | 'import.error.zipType'
  | 'import.error.zipEntryTooLarge'
  | null
> {
  if (!zip) return 'import.error.zipRequired'
  if (!zip.has(name)) return 'import.error.zipMissing'
  const info = await zip.inspect(name)
  if (info.tooLarge) return 'import.error.zipEntryTooLarge'
  return info.contentType && UPLOAD_TYPES.file.includes(info.contentType) ? null : 'import.error.zipType'
}

export class ZipError extends Error {}

/** The entries a file names inflate past the ZIP's total (`zipTotalLimit`): the whole check stops. */
export class ZipTotalError extends ZipError {
  constructor(readonly limit: number) {
    super(`the files inflate to more than ${limit} bytes`)
  }
}

type Inflated = { size: number; data: Buffer } | { over: 'entry' | 'total' }

/**
 * Inflates one entry through jszip's stream, counting the bytes as they come out: stops (and
 * leaves the rest uninflated) once past `cap` or past what `budget` has left. Keeps the first
 * `keep` bytes only.
 */
function inflate(entry: JSZip.JSZipObject, cap: number, budget: { left: number }, keep: number): Promise<Inflated> {
  return new Promise((resolve, reject) => {
    const stream = entry.nodeStream('nodebuffer')
    const chunks: Buffer[] = []
    let size = 0
    let kept = 0
    let settled = false
    const settle = (result: Inflated | Error) => {
      if (settled) return
      settled = true
      stream.removeAllListeners('data')
      stream.pause()
      if (result instanceof Error) reject(result)
      else resolve(result)
    }
    stream.on('data', (chunk: Buffer) => {
      if (settled) return
      size += chunk.length
      budget.left -= chunk.length
      if (size > cap) return settle({ over: 'entry' })
      if (budget.left < 0) return settle({ over: 'total' })
      if (kept < keep) {
        const part = chunk.subarray(0, keep - kept)
        chunks.push(Buffer.from(part))
        kept += part.length
      }
    })
    stream.on('error', (error: unknown) => settle(new ZipError(error instanceof Error ? error.message : String(error))))
    stream.on('end', () => settle({ size, data: Buffer.concat(chunks) }))
  })
}

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
  const totalLimit = zipTotalLimit(bytes.length)
  const budget = { left: totalLimit }
  const inspected = new Map<string, Promise<ZipEntryInfo>>()
  return {
    has: (name) => entries.has(zipPath(name)),
    inspect(name) {
      const key = zipPath(name)
      let info = inspected.get(key)
      if (!info) {
        info = inflate(entries.get(key)!, ZIP_LIMITS.entry, budget, HEAD).then((result): ZipEntryInfo => {
          if ('over' in result) {
            if (result.over === 'total') throw new ZipTotalError(totalLimit)
            return { tooLarge: true }
          }
          return { tooLarge: false, size: result.size, contentType: sniffType(result.data)?.contentType ?? null }
        })
        inspected.set(key, info)
      }
      return info
    },
    async read(name) {
      // Whole, to store it: only entries `inspect` passed get here, under the entry cap again.
      const result = await inflate(entries.get(zipPath(name))!, ZIP_LIMITS.entry, { left: Infinity }, Infinity)
      if ('over' in result) throw new ZipError(`${name} inflates to more than ${ZIP_LIMITS.entry} bytes`)
      return result.data
    },
  }
}

/** A file of a ZIP as stored: its storage key and the name offered to downloaders. */
export type StoredZipFile = { key: string; name: string }

/** What storing a batch's entries needs: the import's transaction, storage, ZIP, time and importer. */
export type StoreContext = {
  tx: Reader
  storage: Storage
  zip: ZipFiles
  now: Date
  /** Who imports (null: the command line): the files' uploader in the media library. */
  userId: number | null
  /** Storage keys written so far (removed again when the import fails). */
  stored: string[]
}

/**
 * Stores the ZIP entries rows name (each once, checked by `zipEntryProblem` before) and records
 * them in `files` in the caller's transaction, credited to the importer. The bytes are written
 * first; `stored` lists their keys so a failed import can remove them. Returns the stored file of
 * each path.
 */
export async function storeZipEntries(
  { tx, storage, zip, now, userId, stored }: StoreContext,
  paths: readonly string[],
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
      uploaded_by: userId,
      created_at: now,
    })
    byPath.set(name, { key, name: base })
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(files).values(rows.slice(i, i + 500))
  return byPath
}
