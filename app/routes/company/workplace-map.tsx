import { useEffect, useRef, useState } from 'react'
import { useT } from '#app/i18n/use-lang.ts'

/** Start loading a little before the frame scrolls into view. */
const PRELOAD_MARGIN = '200px 0px'

/**
 * An embedded map created only once its box is (nearly) in view: until then, and without
 * JavaScript, a placeholder of the same size shows the address. The box reserves its size
 * (width/height attributes plus aspect-ratio), so nothing shifts when the frame arrives.
 */
export function WorkplaceMap({ src, name, address }: { src: string; name: string; address: string }) {
  const t = useT()
  const boxRef = useRef<HTMLDivElement>(null)
  const [inView, setInView] = useState(false)

  useEffect(() => {
    const box = boxRef.current
    if (!box) return
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true)
          observer.disconnect()
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    )
    observer.observe(box)
    return () => observer.disconnect()
  }, [])

  return (
    <div className="place-map">
      <div ref={boxRef} className="place-map__box">
        {inView ? (
          <iframe
            className="place-map__frame"
            src={src}
            title={t('company.place.mapTitle', { name })}
            width={800}
            height={450}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="place-map__placeholder">
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
              <path
                d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
              <circle cx="12" cy="9.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
            <p className="place-map__address">{address}</p>
            <p className="place-map__note">{t('company.place.mapPending')}</p>
          </div>
        )}
      </div>
      <a className="place-map__open" href={src} target="_blank" rel="noopener noreferrer">
        {t('company.place.openMap', { name })}
      </a>
    </div>
  )
}
