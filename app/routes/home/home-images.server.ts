import { mediaKey } from '#shared/files.ts'
import { pictureSources } from '#shared/uploads.ts'
import type { BannerImages } from './home-images.ts'

/** Each banner's AVIF and WebP `srcset`s, where its images are console uploads with variants. */
export function withSources<B extends { pcImage: string; mbImage: string }>(
  banners: B[],
  widths: Map<string, number>,
): (B & BannerImages)[] {
  const sources = (url: string) => {
    const key = mediaKey(url)
    return key ? pictureSources(key, widths.get(key)) : null
  }
  return banners.map((b) => ({ ...b, pcSources: sources(b.pcImage), mbSources: sources(b.mbImage) }))
}

/** The storage keys of the banners' images (for `uploads.widths`). */
export const bannerKeys = (banners: { pcImage: string; mbImage: string }[]) =>
  banners.flatMap((b) => [mediaKey(b.pcImage), mediaKey(b.mbImage)]).filter((k): k is string => k !== null)
