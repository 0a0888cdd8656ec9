import { mediaUrl } from './files.ts'

/**
 * The console's uploads (docs/decisions/017-console-uploads.md), written once for the upload
 * field in the browser and the upload endpoint on the server: the two kinds, their size limits,
 * the types each accepts (checked on the server from the content, never from the name) and the
 * naming of an image's responsive variants.
 */
export const UPLOAD_KINDS = ['image', 'file'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

export const isUploadKind = (value: unknown): value is UploadKind =>
  typeof value === 'string' && (UPLOAD_KINDS as readonly string[]).includes(value)

const MB = 1024 * 1024

/** Largest upload of each kind, in bytes. */
export const UPLOAD_LIMITS: Record<UploadKind, number> = { image: 10 * MB, file: 50 * MB }

/** An image larger than this many pixels is refused (a small file can decode to a huge bitmap). */
export const IMAGE_MAX_PIXELS = 50_000_000

/** `POST /admin/upload?kind=…`: the body is the file itself; its name travels URI-encoded in this header. */
export const UPLOAD_PATH = '/admin/upload'
export const UPLOAD_NAME_HEADER = 'x-file-name'

/** Image types an upload may be (SVG is refused: it can carry script, see the ADR). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
export const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
/** DWG as the demo seed records it. */
export const DWG_TYPE = 'application/acad'

/** What each kind accepts, by content type. A file upload may also be an image. */
export const UPLOAD_TYPES: Record<UploadKind, readonly string[]> = {
  image: UPLOAD_IMAGE_TYPES,
  file: ['application/pdf', 'application/zip', DWG_TYPE, DOCX_TYPE, XLSX_TYPE, PPTX_TYPE, ...UPLOAD_IMAGE_TYPES],
}

/** The file picker's filter (a convenience only: the server decides from the content). */
export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  image: '.jpg,.jpeg,.png,.webp,.gif,.avif,image/jpeg,image/png,image/webp,image/gif,image/avif',
  file: '.pdf,.zip,.dwg,.docx,.xlsx,.pptx,.jpg,.jpeg,.png,.webp,.gif,.avif',
}

/** The answer of a successful upload (`data` of `{ success: true, data }`). */
export type UploadedFile = {
  key: string
  /** An image's /media address; a document's console download (nothing public offers it yet: ADR 039). */
  url: string
  name: string
  size: number
  contentType: string
  width?: number
  height?: number
  variants?: ImageVariant[]
}

// ---------------------------------------------------------------------------------------------
// Responsive variants: for an uploaded image `uploads/2026/11/abc.png` of width W, WebP and AVIF
// copies at each width of VARIANT_WIDTHS narrower than W, and at W itself (at most the largest
// width), stored as `uploads/2026/11/abc-960w.webp`. A page with the key and the recorded width
// can build its <picture> without asking the server which copies exist.
// ---------------------------------------------------------------------------------------------

export const VARIANT_WIDTHS = [480, 960, 1920] as const
export const VARIANT_FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]

export type ImageVariant = { key: string; url: string; width: number; format: VariantFormat; contentType: string }

/** The widths of the variants made for an image `width` pixels wide, narrowest first. */
export function variantWidths(width: number): number[] {
  if (!Number.isInteger(width) || width <= 0) return []
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width)
  const top = Math.min(width, largest)
  if (!widths.includes(top)) widths.push(top)
  return widths
}

/** Storage key of one variant: the original's key without its extension, `-<width>w.<format>`. */
export function variantKey(key: string, width: number, format: VariantFormat): string {
  return `${key.replace(/\.[a-z0-9]+$/, '')}-${width}w.${format}`
}

/**
 * Every variant of an uploaded image (AVIF first, then WebP; narrowest first within each), or
 * none when its width is unknown (images not uploaded through the console, animated images).
 */
export function imageVariants(key: string, width: number | null | undefined): ImageVariant[] {
  if (!width) return []
  return VARIANT_FORMATS.flatMap((format) =>
    variantWidths(width).map((w) => {
      const k = variantKey(key, w, format)
      return { key: k, url: mediaUrl(k), width: w, format, contentType: `image/${format}` }
    }),
  )
}

/** A `srcset` value of one format's variants (`/media/…-480w.webp 480w, …`), empty when there are none. */
export function variantSrcSet(variants: readonly ImageVariant[], format: VariantFormat): string {
  return variants
    .filter((v) => v.format === format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ')
}

/** The `srcset`s of an uploaded image's AVIF and WebP variants, for a <picture>; null when it has none. */
export type PictureSources = { avif: string; webp: string }

export function pictureSources(key: string | null, width: number | null | undefined): PictureSources | null {
  if (!key) return null
  const variants = imageVariants(key, width)
  return variants.length ? { avif: variantSrcSet(variants, 'avif'), webp: variantSrcSet(variants, 'webp') } : null
}

/** A file size for people: 512 B, 12.3 KB, 4.5 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / MB).toFixed(1)} MB`
}

/** Rows per page of the console's file list (/admin/media). */
export const MEDIA_PAGE_SIZE = 20
