import type { PublicImage } from '#server/services/files/media-library.ts'
import { mediaKey } from '#shared/files.ts'
import type { Lang } from '#shared/locales.ts'
import { altFor, focalPosition, type ShownImage } from '#shared/media-rules.ts'

/**
 * The stored images' facts a public page reads once with `media.publicImages(imageKeys(urls))`, and
 * what each of its image slots shows of one (docs/decisions/061-media-alt-rules.md): every slot that
 * shows an uploaded file goes through `shownImage`, so they all read the texts and the focal point alike.
 */
export type PublicImages = Map<string, PublicImage>

/** The storage keys of the stored files among a page's image addresses (`/media/…`; others are static files). */
export const imageKeys = (urls: Iterable<string | null | undefined>): string[] =>
  [...urls].flatMap((url) => {
    const key = url ? mediaKey(url) : null
    return key ? [key] : []
  })

/** The facts of the image at `url`, when it is a stored one. */
export const imageFacts = (images: PublicImages, url: string | null | undefined): PublicImage | undefined => {
  const key = url ? mediaKey(url) : null
  return key ? images.get(key) : undefined
}

/**
 * The image at `url` in a slot of a `lang` page: its alternative text in that language, else
 * `fallback` (what the slot said before: the record's title or a phrase naming it), else the other
 * language's text; and its focal point for a slot that crops it.
 */
export function shownImage(
  images: PublicImages,
  url: string | null | undefined,
  lang: Lang,
  fallback: string,
): ShownImage {
  const facts = imageFacts(images, url)
  return { alt: altFor(facts, lang, fallback), position: facts ? focalPosition(facts.focalX, facts.focalY) : null }
}
