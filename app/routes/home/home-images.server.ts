import type { PublicImage } from '#server/services/files/media-library.ts'
import { mediaKey } from '#shared/files.ts'
import type { Lang } from '#shared/locales.ts'
import { altFor, focalPosition } from '#shared/media-rules.ts'
import { pictureSources } from '#shared/uploads.ts'
import type { BannerImages } from './home-images.ts'

/**
 * Each banner's AVIF and WebP `srcset`s where its images are console uploads with variants, the
 * desktop image's alternative text in the page's language (else the banner's title) and each
 * image's focal point as an `object-position` (docs/decisions/056-media-library.md).
 */
export function withSources<B extends { title: string; pcImage: string; mbImage: string }>(
  banners: B[],
  images: Map<string, PublicImage>,
  lang: Lang,
): (B & BannerImages)[] {
  const image = (url: string) => {
    const key = mediaKey(url)
    return key ? { key, facts: images.get(key) } : null
  }
  const sources = (url: string) => {
    const found = image(url)
    return found ? pictureSources(found.key, found.facts?.frameWidth) : null
  }
  const position = (url: string) => {
    const facts = image(url)?.facts
    return facts ? focalPosition(facts.focalX, facts.focalY) : null
  }
  return banners.map((b) => ({
    ...b,
    alt: altFor(image(b.pcImage)?.facts, lang, b.title),
    pcSources: sources(b.pcImage),
    mbSources: sources(b.mbImage),
    pcPosition: position(b.pcImage),
    mbPosition: position(b.mbImage),
  }))
}

/** The storage keys of the banners' images (for `media.publicImages`). */
export const bannerKeys = (banners: { pcImage: string; mbImage: string }[]) =>
  banners.flatMap((b) => [mediaKey(b.pcImage), mediaKey(b.mbImage)]).filter((k): k is string => k !== null)
