import type SharpModule from 'sharp'
import type { Sharp } from 'sharp'
import { IMAGE_MAX_PIXELS, variantWidths, type VariantFormat, VARIANT_FORMATS } from '#shared/uploads.ts'

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

/**
 * The responsive copies of an image (widths of `variantWidths`, each as AVIF and WebP), turned
 * upright by its EXIF orientation and stripped of its metadata (camera, location). Throws when
 * the image does not decode (a damaged or truncated file).
 */
export async function makeVariants(data: Buffer, width: number): Promise<Variant[]> {
  const sharp = await loadSharp()
  const variants: Variant[] = []
  // One after another: two CPUs are shared with the requests being served.
  for (const format of VARIANT_FORMATS) {
    for (const w of variantWidths(width)) {
      const image = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
      variants.push({ width: w, format, data: await encoders[format](image).toBuffer() })
    }
  }
  return variants
}
