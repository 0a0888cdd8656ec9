import { messageKey } from './field-errors.ts'
import type { MessageKey } from './i18n/messages.ts'
import type { Lang } from './locales.ts'
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

/** What a public slot shows of an image: its alternative text, and its focal point as an `object-position` (null: the middle). */
export type ShownImage = { alt: string; position: string | null }

/**
 * An image's alternative text in the page's language: its own, else `fallback` (the record's title
 * in that language), else the other language's; never a storage key.
 */
export function altFor(image: { alt: string; alt_en: string } | undefined, lang: 'ko' | 'en', fallback = ''): string {
  if (!image) return fallback
  const [own, other] = lang === 'en' ? [image.alt_en, image.alt] : [image.alt, image.alt_en]
  return own || fallback || other
}

/**
 * Publishing an image without its alternative text (docs/decisions/061-media-alt-rules.md): the
 * field's message by the languages the text is missing in, among those being published.
 */
export const ALT_TO_PUBLISH = {
  ko: 'console.altToPublish.ko',
  en: 'console.altToPublish.en',
  both: 'console.altToPublish.both',
} as const satisfies Record<string, MessageKey>

/** Whether a field's message is one of `ALT_TO_PUBLISH` (the console then links the image's screen). */
export const isAltToPublish = (key: string | undefined) => Object.values(ALT_TO_PUBLISH).some((k) => k === key)

/**
 * The message of an image published in `langs` whose alternative text is empty in some of them,
 * else null: publishing is refused until the text is written (or the image is not used).
 */
export function altToPublish(image: { alt: string; alt_en: string }, langs: readonly Lang[]): MessageKey | null {
  const missing = langs.filter((lang) => (lang === 'ko' ? image.alt : image.alt_en) === '')
  if (missing.length === 0) return null
  return missing.length === 2 ? ALT_TO_PUBLISH.both : ALT_TO_PUBLISH[missing[0]!]
}

/** The media list's sort orders: newest first (default), oldest first, by name, largest first. */
export const MEDIA_SORTS = ['new', 'old', 'name', 'size'] as const
export type MediaSort = (typeof MEDIA_SORTS)[number]

/** The media list's kinds of file: images, or every other file (documents, drawings, archives). */
export const MEDIA_TYPES = ['image', 'document'] as const
export type MediaType = (typeof MEDIA_TYPES)[number]

/** The longest search word of the media list. */
export const MEDIA_QUERY_MAX = 100

/**
 * What the media list shows, read from its address (`?q=&type=&uploader=&sort=&page=`): a search
 * word in the names, a kind of file, an uploader (a staff id, or `system` for files nobody uploaded
 * in the console), a sort order, a page. Anything else is ignored rather than refused: a list
 * always answers.
 */
export type MediaQuery = {
  q: string
  type: MediaType | null
  uploader: number | 'system' | null
  sort: MediaSort
  page: number
}

export function mediaQueryOf(params: URLSearchParams): MediaQuery {
  const pick = <T extends string>(value: string | null, allowed: readonly T[]) =>
    allowed.includes(value as T) ? (value as T) : null
  const uploader = params.get('uploader') ?? ''
  const id = /^\d{1,9}$/.test(uploader) ? Number(uploader) : null
  return {
    q: (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MEDIA_QUERY_MAX),
    type: pick(params.get('type'), MEDIA_TYPES),
    uploader: uploader === 'system' ? 'system' : id,
    sort: pick(params.get('sort'), MEDIA_SORTS) ?? 'new',
    page: Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
  }
}
