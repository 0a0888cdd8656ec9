import { useState } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import type { ShownImage } from '#shared/media-rules.ts'

/** A product image: its address, alternative text and focal point (app/utils/public-images.server.ts). */
export type GalleryImage = ShownImage & { src: string }

/**
 * The main image and up to 6 thumbnails that choose it. The page keys this component by the
 * navigation, so the first image is shown again after every navigation.
 */
export function ProductGallery({ images }: { images: GalleryImage[] }) {
  const t = useT()
  const [index, setIndex] = useState(0)
  const current = images[index] ?? images[0]
  if (!current) return null
  return (
    <div className="gallery" role="group" aria-label={t('product.gallery')}>
      <div className="gallery__main">
        <img
          className="gallery__image"
          src={current.src}
          alt={current.alt}
          width={1200}
          height={900}
          fetchPriority={index === 0 ? 'high' : 'auto'}
        />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map(({ src, position }, i) => (
            <li key={src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={i === index}
                aria-label={t('product.showImage', { n: i + 1 })}
                onClick={() => setIndex(i)}
              >
                <img
                  src={src}
                  alt=""
                  width={120}
                  height={90}
                  loading="lazy"
                  decoding="async"
                  style={position ? { objectPosition: position } : undefined}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
