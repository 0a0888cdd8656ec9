import { eq, inArray } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Db } from '#server/db/client.ts'
import { files } from '#server/db/schema.ts'
import { consoleDownloadUrl, FILE_NAME_MAX, mediaUrl } from '#shared/files.ts'
import { FOCAL_DEFAULT, frameWidth } from '#shared/media-rules.ts'
import { imageVariants, UPLOAD_LIMITS, UPLOAD_TYPES, type UploadedFile, type UploadKind } from '#shared/uploads.ts'
import {
  DamagedImageError,
  readImageFacts,
  tooManyPixels,
  writeVariants,
  type StoredVariant,
} from './image-variants.ts'
import { extractPdfText } from './pdf-text.ts'
import { receiveUpload } from './receive.ts'
import type { Sniffed } from './sniff.ts'
import type { Storage } from './storage.ts'

export type UploadsDeps = { db: Db; storage: Storage; clock: () => Date }

/**
 * Why an upload was refused: `too-large` (over the kind's limit), `type` (the content is no type the
 * kind accepts), `svg` (SVG, refused on purpose), `empty`, `damaged` (an image that does not decode),
 * `pixels` (an image too large to decode safely), `aborted` (the client went away).
 */
export type UploadRefusal = 'too-large' | 'type' | 'svg' | 'empty' | 'damaged' | 'pixels' | 'aborted'

export type UploadOutcome =
  | { ok: true; file: UploadedFile }
  /** `drained`: the request body was read to its end (else the connection should close). */
  | { ok: false; reason: UploadRefusal; drained: boolean }

export type UploadInput = {
  kind: UploadKind
  /** The name the uploader's file had (a plain file name). */
  name: string
  body: Readable
  /** The length the client announced, when it did: over the limit refuses before reading. */
  declaredSize: number | null
  userId: number
}

/** Other spellings of a type's extension that a file name may keep. */
const ALSO: Record<string, string[]> = { jpg: ['jpeg', 'jpe'] }

/** The uploader's name, with the extension the content calls for when the name says something else (content wins). */
export function nameForContent(claimed: string, type: Sniffed): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(claimed)?.[1]?.toLowerCase()
  if (ext && (ext === type.ext || ALSO[type.ext]?.includes(ext))) return claimed
  const base = ext ? claimed.slice(0, -(ext.length + 1)) : claimed
  return `${base.slice(0, FILE_NAME_MAX - type.ext.length - 1)}.${type.ext}`
}

/**
 * The console's uploads (docs/decisions/017-console-uploads.md): a stream checked and stored
 * through the storage interface, images turned into their responsive variants, every stored key
 * recorded in `files` (with who uploaded it). No HTTP here: the endpoint hands over the body stream.
 */
export function createUploadsService({ db, storage, clock }: UploadsDeps) {
  /** `uploads/2026/11/<20 hex>.<ext>`: random, so nothing can be guessed or overwritten. */
  const newKey = (now: Date, ext: string) =>
    `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(10).toString('hex')}.${ext}`

  async function removeAll(keys: string[]) {
    await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})))
  }

  return {
    async upload(input: UploadInput): Promise<UploadOutcome> {
      const limit = UPLOAD_LIMITS[input.kind]
      if (input.declaredSize !== null && input.declaredSize > limit)
        return { ok: false, reason: 'too-large', drained: false }
      const now = clock()
      let key = ''
      const received = await receiveUpload(input.body, {
        limit,
        accept: (type) => UPLOAD_TYPES[input.kind].includes(type.contentType),
        store: (type, body) => {
          key = newKey(now, type.ext)
          return storage.putStream(key, body)
        },
      })
      if (!received.ok) {
        const reason =
          received.reason === 'type' && received.type?.contentType === 'image/svg+xml' ? 'svg' : received.reason
        return { ok: false, reason, drained: received.drained }
      }

      const { type, size } = received
      const name = nameForContent(input.name, type)
      const stored = [key]
      const refuse = async (reason: UploadRefusal): Promise<UploadOutcome> => {
        await removeAll(stored)
        return { ok: false, reason, drained: true }
      }
      try {
        let width: number | null = null
        let height: number | null = null
        const made: StoredVariant[] = []
        let text: string | null = null
        if (type.contentType.startsWith('image/')) {
          const data = (await storage.read(key))!
          const facts = await readImageFacts(data)
          if (!facts) return await refuse('damaged')
          if (tooManyPixels(facts)) return await refuse('pixels')
          // An animated image keeps its frames only in the original: no variants, no width recorded.
          if (!facts.animated) {
            try {
              made.push(
                ...(await writeVariants(
                  storage,
                  key,
                  data,
                  { ...facts, focalX: FOCAL_DEFAULT, focalY: FOCAL_DEFAULT },
                  (k) => stored.push(k),
                )),
              )
            } catch (error) {
              if (error instanceof DamagedImageError) return await refuse('damaged')
              throw error
            }
            width = facts.width
            height = facts.height
          }
        } else if (type.contentType === 'application/pdf') {
          text = await extractPdfText((await storage.read(key))!)
        }
        await db.transaction(async (tx) => {
          await tx.insert(files).values({
            file_name: key,
            origin_file_name: name,
            content_type: type.contentType,
            size,
            text_content: text,
            created_at: now,
            uploaded_by: input.userId,
            width,
            height,
          })
          if (made.length > 0) {
            await tx.insert(files).values(
              made.map((v) => ({
                file_name: v.key,
                origin_file_name: `${name.replace(/\.[A-Za-z0-9]+$/, '')}-${v.width}w.${v.format}`,
                content_type: `image/${v.format}`,
                size: v.size,
                created_at: now,
                uploaded_by: input.userId,
                width: v.width,
                variant_of: key,
              })),
            )
          }
        })
        const isImage = type.contentType.startsWith('image/')
        return {
          ok: true,
          file: {
            key,
            // A document is offered to the public only once a published record attaches it (ADR 039).
            url: isImage ? mediaUrl(key) : consoleDownloadUrl({ file_name: key, origin_file_name: name }),
            name,
            size,
            contentType: type.contentType,
            ...(width !== null && height !== null
              ? { width, height, variants: imageVariants(key, frameWidth(width, height)) }
              : {}),
          },
        }
      } catch (error) {
        await removeAll(stored)
        throw error
      }
    },

    /**
     * Whether a key a form sent names a stored file of the kind its field takes (an UploadField's
     * value): recorded in `files`, not a variant, and for `image` an image. Forms check it before saving.
     */
    async isStored(key: string, kind: UploadKind): Promise<boolean> {
      if (key.length === 0 || key.length > 300) return false
      const [row] = await db
        .select({ type: files.content_type, variantOf: files.variant_of })
        .from(files)
        .where(eq(files.file_name, key))
        .limit(1)
      if (!row || row.variantOf !== null) return false
      return kind === 'file' || row.type.startsWith('image/')
    },

    /**
     * The original names of stored files, by key (the name the uploader's file had, or the one an
     * import or the demo recorded): what the console shows for a file instead of its random key.
     * Keys it does not know are left out (the console then shows the key).
     */
    async names(keys: Iterable<string | null | undefined>): Promise<Record<string, string>> {
      const wanted = [...new Set([...keys].filter((k): k is string => !!k && k.length <= 300))]
      if (wanted.length === 0) return {}
      const rows = await db
        .select({ key: files.file_name, name: files.origin_file_name })
        .from(files)
        .where(inArray(files.file_name, wanted))
      return Object.fromEntries(rows.filter((r) => r.name).map((r) => [r.key, r.name]))
    },
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>
