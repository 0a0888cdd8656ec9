import { mediaKey } from '#shared/files.ts'
import type { Lang } from '#shared/locales.ts'
import { pictureSources } from '#shared/uploads.ts'
import { imageFacts, shownImage, type PublicImages } from '#app/utils/public-images.server.ts'
import type { BannerImages } from './home-images.ts'

/**
 * Each banner's AVIF and WebP `srcset`s where its images are console uploads with variants, the
 * desktop image's alternative text in the page's language (else the banner's title) and each
 * image's focal point as an `object-position` (docs/decisions/056-media-library.md).
 */
export function withSources<B extends { title: string; pcImage: string; mbImage: string }>(
  banners: B[],
  images: PublicImages,
  lang: Lang,
): (B & BannerImages)[] {
  const sources = (url: string) => pictureSources(mediaKey(url), imageFacts(images, url)?.frameWidth)
  return banners.map((b) => ({
    ...b,
    alt: shownImage(images, b.pcImage, lang, b.title).alt,
    pcSources: sources(b.pcImage),
    mbSources: sources(b.mbImage),
    pcPosition: shownImage(images, b.pcImage, lang, '').position,
    mbPosition: shownImage(images, b.mbImage, lang, '').position,
  }))
}
