import { open } from 'node:fs/promises'
import type SharpModule from 'sharp'
import { ATTACHMENT_RULES } from '#shared/service-request-rules.ts'
import { IMAGE_MAX_PIXELS } from '#shared/uploads.ts'
import { sniffType } from '../files/sniff.ts'

/**
 * A requester's attachment, checked from its bytes (never its name or the type the browser
 * claims): a photo is decoded and encoded again with sharp, so no EXIF (GPS position, camera),
 * comment or trailing data survives; a PDF is recognised by its magic bytes and kept as it is.
 */

let loaded: Promise<typeof SharpModule> | undefined
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  }))

export type AttachmentProblem = 'too-large' | 'type' | 'damaged' | 'empty'

/** A posted attachment as the streamed form reader left it: a temporary file (path '' when dropped as too large). */
export type PostedFile = { name: string; path: string; size: number; tooLarge: boolean }

/** What is stored: a temporary file (the re-encoded photo, or the PDF as sent) and its size. */
export type CleanAttachment = { name: string; contentType: string; ext: string; path: string; size: number }

/** A plain file name to show and offer: no folders, no control or direction characters, at most 120 characters. */
export function cleanFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"]/g, '')
    .normalize('NFC')
    .trim()
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 110) || 'attachment'
  return `${stem}.${ext}`
}

/** The first bytes of a file (what the type is told from). */
async function head(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * The attachment made safe to keep, or why it is refused. Read from its temporary file and, for a
 * photo, encoded again into a file beside it (`<path>.out`): no step holds more than sharp's
 * decoded pixels, whatever the size of the upload.
 */
export async function cleanAttachment(
  file: PostedFile,
): Promise<{ ok: true; file: CleanAttachment } | { ok: false; problem: AttachmentProblem }> {
  if (file.tooLarge || file.size > ATTACHMENT_RULES.fileBytes) return { ok: false, problem: 'too-large' }
  if (file.size === 0 || !file.path) return { ok: false, problem: 'empty' }
  const type = sniffType(await head(file.path, 4100))
  if (!type || !(ATTACHMENT_RULES.types as readonly string[]).includes(type.contentType))
    return { ok: false, problem: 'type' }
  if (type.contentType === 'application/pdf')
    return {
      ok: true,
      file: {
        name: cleanFileName(file.name, 'pdf'),
        contentType: type.contentType,
        ext: 'pdf',
        path: file.path,
        size: file.size,
      },
    }
  try {
    const sharp = await loadSharp()
    // rotate() turns the pixels upright by the EXIF orientation, since the EXIF itself is dropped.
    const image = sharp(file.path, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false, failOn: 'error' }).rotate()
    // sharp writes no metadata unless asked (withMetadata/keepMetadata): the output is pixels only.
    const encoded =
      type.ext === 'png'
        ? image.png()
        : type.ext === 'webp'
          ? image.webp({ quality: 85 })
          : // libjpeg rather than mozjpeg: a 12-megapixel photo in about 0.3 s instead of 3 s on this machine,
            // which the answer within a second of the last byte needs (docs/decisions/069-inquiries.md).
            image.jpeg({ quality: 85 })
    const out = `${file.path}.out`
    const info = await encoded.toFile(out)
    return {
      ok: true,
      file: {
        name: cleanFileName(file.name, type.ext),
        contentType: type.contentType,
        ext: type.ext,
        path: out,
        size: info.size,
      },
    }
  } catch {
    return { ok: false, problem: 'damaged' }
  }
}
