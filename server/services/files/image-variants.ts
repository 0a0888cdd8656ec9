import type SharpModule from 'sharp'
import type { Sharp } from 'sharp'
import type { Storage } from './storage.ts'
import { variantFrame } from '#shared/media-rules.ts'
import { IMAGE_MAX_PIXELS, variantKey, variantWidths, type VariantFormat, VARIANT_FORMATS } from '#shared/uploads.ts'

/**
 * sharp, loaded on first use (libvips is about 25 MB of memory that only uploads and the first
 * seed need), with libvips' operation cache off: each image is read once, so a cache only holds memory.
 */
let loaded: Promise<typeof SharpModule> | undefined
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  }))

export type ImageFacts = { width: number; height: number; animated: boolean }

/**
 * The displayed size of an image (EXIF rotation applied) and whether it has several frames; null
 * when the bytes do not decode as an image. Only the header is read here.
 */
export async function readImageFacts(data: Buffer): Promise<ImageFacts | null> {
  try {
    const sharp = await loadSharp()
    const meta = await sharp(data, { limitInputPixels: false }).metadata()
    const width = meta.autoOrient?.width ?? meta.width
    const height = meta.autoOrient?.height ?? meta.height
    if (!width || !height) return null
    return { width, height, animated: (meta.pages ?? 1) > 1 }
  } catch {
    return null
  }
}

export const tooManyPixels = (facts: ImageFacts) => facts.width * facts.height > IMAGE_MAX_PIXELS

export type Variant = { width: number; format: VariantFormat; data: Buffer }

const encoders: Record<VariantFormat, (image: Sharp) => Sharp> = {
  // Effort 2 of 9: a 1920-pixel AVIF in well under a second on one core, about 20 % larger than effort 4.
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 80 }),
}

/** The upright size of an image and its focal point (fractions of width and height). */
export type VariantSource = { width: number; height: number; focalX: number; focalY: number }

/**
 * The responsive copies of an image (widths of `variantWidths` of its frame, each as AVIF and WebP),
 * turned upright by its EXIF orientation, cut to its frame around the focal point (`variantFrame`,
 * docs/decisions/056-media-library.md) and stripped of their metadata (camera, location). Throws when
 * the image does not decode (a damaged or truncated file).
 */
export async function makeVariants(data: Buffer, source: VariantSource): Promise<Variant[]> {
  const sharp = await loadSharp()
  const frame = variantFrame(source.width, source.height, source.focalX, source.focalY)
  const whole = frame.width === source.width && frame.height === source.height
  const variants: Variant[] = []
  // One after another: two CPUs are shared with the requests being served.
  for (const format of VARIANT_FORMATS) {
    for (const w of variantWidths(frame.width)) {
      let image = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate()
      if (!whole) image = image.extract(frame)
      image = image.resize({ width: w, withoutEnlargement: true })
      variants.push({ width: w, format, data: await encoders[format](image).toBuffer() })
    }
  }
  return variants
}

/** A variant as stored: its key, width, format and size in bytes. */
export type StoredVariant = { key: string; width: number; format: VariantFormat; size: number }

/** The image did not decode while its variants were made (a damaged or truncated file). */
export class DamagedImageError extends Error {
  constructor(cause: unknown) {
    super('The image does not decode', { cause })
  }
}

/**
 * Makes an image's variants (throws DamagedImageError when it does not decode) and writes each under its key (`variantKey`), replacing what was there:
 * the same keys whatever the focal point, so the pages' `srcset`s stay valid when it moves.
 * `written` receives each key as it is stored (for the caller's clean-up when something fails).
 */
export async function writeVariants(
  storage: Storage,
  key: string,
  data: Buffer,
  source: VariantSource,
  written: (key: string) => void = () => {},
): Promise<StoredVariant[]> {
  let variants: Variant[]
  try {
    variants = await makeVariants(data, source)
  } catch (cause) {
    throw new DamagedImageError(cause)
  }
  const made: StoredVariant[] = []
  for (const variant of variants) {
    const k = variantKey(key, variant.width, variant.format)
    await storage.put(k, variant.data)
    written(k)
    made.push({ key: k, width: variant.width, format: variant.format, size: variant.data.length })
  }
  return made
}
