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

export type CleanAttachment = { name: string; contentType: string; ext: string; data: Buffer }

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

/** The attachment made safe to keep, or why it is refused. */
export async function cleanAttachment(
  name: string,
  data: Buffer,
): Promise<{ ok: true; file: CleanAttachment } | { ok: false; problem: AttachmentProblem }> {
  if (data.length === 0) return { ok: false, problem: 'empty' }
  if (data.length > ATTACHMENT_RULES.fileBytes) return { ok: false, problem: 'too-large' }
  const type = sniffType(data.subarray(0, 4100))
  if (!type || !(ATTACHMENT_RULES.types as readonly string[]).includes(type.contentType))
    return { ok: false, problem: 'type' }
  if (type.contentType === 'application/pdf')
    return { ok: true, file: { name: cleanFileName(name, 'pdf'), contentType: type.contentType, ext: 'pdf', data } }
  try {
    const sharp = await loadSharp()
    // rotate() turns the pixels upright by the EXIF orientation, since the EXIF itself is dropped.
    const image = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false, failOn: 'error' }).rotate()
    // sharp writes no metadata unless asked (withMetadata/keepMetadata): the output is pixels only.
    const out =
      type.ext === 'png'
        ? await image.png().toBuffer()
        : type.ext === 'webp'
          ? await image.webp({ quality: 85 }).toBuffer()
          : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
    return {
      ok: true,
      file: { name: cleanFileName(name, type.ext), contentType: type.contentType, ext: type.ext, data: out },
    }
  } catch {
    return { ok: false, problem: 'damaged' }
  }
}
