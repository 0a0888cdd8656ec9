import { useState } from 'react'
import { useT } from '#app/i18n/use-lang.ts'

/**
 * The main image and up to 6 thumbnails that choose it. The page keys this component by the
 * navigation, so the first image is shown again after every navigation.
 */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const t = useT()
  const [index, setIndex] = useState(0)
  const current = images[index] ?? images[0]
  if (!current) return null
  return (
    <div className="gallery" role="group" aria-label={t('product.gallery')}>
      <div className="gallery__main">
        <img
          className="gallery__image"
          src={current}
          alt={t('product.imageAlt', { title, n: index + 1 })}
          width={1200}
          height={900}
          fetchPriority={index === 0 ? 'high' : 'auto'}
        />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={i === index}
                aria-label={t('product.showImage', { n: i + 1 })}
                onClick={() => setIndex(i)}
              >
                <img src={src} alt="" width={120} height={90} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
