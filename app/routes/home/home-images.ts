import type { PictureSources } from '#shared/uploads.ts'

/** Below 728 px the banners' mobile image is used. */
export const MOBILE_MEDIA = '(max-width: 727.98px)'
const DESKTOP_MEDIA = '(min-width: 728px)'

/** The slide the banner shows first (it starts at index 1 when there are several). */
export const firstBannerIndex = (count: number) => Math.min(1, Math.max(0, count - 1))

export type BannerImages = {
  pcImage: string
  mbImage: string
  /** The desktop image's alternative text in the page's language (else the banner's title). */
  alt: string
  pcSources: PictureSources | null
  mbSources: PictureSources | null
  /** Each image's focal point as an `object-position` (null: the middle). */
  pcPosition: string | null
  mbPosition: string | null
}

type PreloadLink = { tagName: 'link'; rel: 'preload'; as: 'image'; [attribute: string]: string }

function preload(url: string, sources: PictureSources | null, media: string): PreloadLink {
  // An AVIF-capable browser (all current ones) takes the AVIF source: preload that one only.
  return sources
    ? {
        tagName: 'link',
        rel: 'preload',
        as: 'image',
        media,
        type: 'image/avif',
        imageSrcSet: sources.avif,
        imageSizes: '100vw',
        fetchPriority: 'high',
      }
    : { tagName: 'link', rel: 'preload', as: 'image', media, href: url, fetchPriority: 'high' }
}

/**
 * The home page's likely LCP images, preloaded from <head> before any script: the first banner
 * slide (mobile or desktop image by the same media queries as its <picture>) and the first popup's
 * image, which the popups show only after hydration (they depend on browser storage).
 */
export function homePreloads(banners: BannerImages[], popupImage: string | null | undefined): PreloadLink[] {
  const links: PreloadLink[] = []
  const first = banners[firstBannerIndex(banners.length)]
  if (first)
    links.push(
      preload(first.mbImage, first.mbSources, MOBILE_MEDIA),
      preload(first.pcImage, first.pcSources, DESKTOP_MEDIA),
    )
  if (popupImage) links.push({ tagName: 'link', rel: 'preload', as: 'image', href: popupImage })
  return links
}
