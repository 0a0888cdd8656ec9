import { messageKey } from './field-errors.ts'
import { z } from './zod.ts'

/**
 * The media library's rules (docs/decisions/056-media-library.md), written once for the console's
 * form and the service that checks them: alternative text per language, the focal point, and the
 * frame an image's responsive variants are cut to around that point.
 */

/** The longest alternative text (a sentence or two; longer descriptions belong in the page). */
export const ALT_MAX = 250

/** The middle of the image: where the variants are cut around until someone chooses. */
export const FOCAL_DEFAULT = 0.5

const alt = z
  .string()
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(ALT_MAX, messageKey('console.mediaLib.error.altLong')))

/** A fraction 0..1 typed as a percentage 0..100 (what the form shows), two decimals at most kept. */
const percent = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const n = v === '' ? Number.NaN : Number(v)
    if (!Number.isFinite(n) || n < 0 || n > 100) {
      ctx.addIssue({ code: 'custom', message: messageKey('console.mediaLib.error.focal') })
      return z.NEVER
    }
    return Math.round(n * 100) / 10_000
  })

/** The media screen's form: alternative text in Korean and English and the focal point in percent. */
export const mediaDetailsSchema = z.object({
  alt: alt,
  alt_en: alt,
  focal_x: percent,
  focal_y: percent,
})

export type MediaDetails = z.output<typeof mediaDetailsSchema>

/**
 * The widest and tallest shapes (width ÷ height) the public pages show an uploaded image in: the
 * home banner's desktop slide (1920×900) and its mobile slide (750×1100). Every slot crops to a
 * shape within these with `object-fit: cover`, so what lies outside never shows: the variants leave it out.
 */
export const FRAME_WIDEST = 1920 / 900
export const FRAME_TALLEST = 750 / 1100

export type Frame = { left: number; top: number; width: number; height: number }

/**
 * The part of a `width`×`height` image its variants keep: the whole image when its shape is within
 * the bounds, else the widest (or tallest) bounded frame, placed by the focal point the way CSS's
 * `object-position: x% y%` places an image (offset = focal × what is cut off). A browser that shows a
 * variant with `object-position` at the same percentages then shows the same part as it would of the original.
 */
export function variantFrame(width: number, height: number, focalX: number, focalY: number): Frame {
  const shape = width / height
  let w = width
  let h = height
  if (shape > FRAME_WIDEST) w = Math.max(1, Math.round(height * FRAME_WIDEST))
  else if (shape < FRAME_TALLEST) h = Math.max(1, Math.round(width / FRAME_TALLEST))
  const clamp = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : FOCAL_DEFAULT))
  return {
    left: Math.round(clamp(focalX) * (width - w)),
    top: Math.round(clamp(focalY) * (height - h)),
    width: w,
    height: h,
  }
}

/** `object-position` of an image whose focal point is (x, y): `30% 70%`. */
export const focalPosition = (x: number, y: number) => `${Math.round(x * 1000) / 10}% ${Math.round(y * 1000) / 10}%`

/** The width of an image's variant frame (its variants' widths follow from it; the focal point does not change it). */
export const frameWidth = (width: number, height: number | null | undefined) =>
  height ? variantFrame(width, height, FOCAL_DEFAULT, FOCAL_DEFAULT).width : width

/**
 * An image's alternative text in the page's language: its own, else `fallback` (the record's title
 * in that language), else the other language's; never a storage key.
 */
export function altFor(image: { alt: string; alt_en: string } | undefined, lang: 'ko' | 'en', fallback = ''): string {
  if (!image) return fallback
  const [own, other] = lang === 'en' ? [image.alt_en, image.alt] : [image.alt, image.alt_en]
  return own || fallback || other
}
