import { useRef } from 'react'
import { useCompanyCopy } from '#app/i18n/content/company.ts'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useDragScroll } from './drag-scroll.ts'

/**
 * The overseas agency map: a wide image in a horizontally scrollable box. Mouse users drag it
 * (after 10 px, so clicks still work), touch users swipe, keyboard users focus the box and use
 * the arrow keys. The map's labels are in the page's language. A "drag to see more" guide shows until the first scroll comes to rest.
 */
export function OverseasMap() {
  const t = useT()
  const lang = useLang()
  const copy = useCompanyCopy()
  const hydrated = useHydrated()
  const boxRef = useRef<HTMLDivElement>(null)
  const { scrolled, dragging } = useDragScroll(boxRef)
  return (
    <figure className="overseas-map">
      <div className="overseas-map__frame">
        <div
          ref={boxRef}
          className={`overseas-map__scroller${dragging ? ' is-dragging' : ''}`}
          tabIndex={0}
          role="region"
          aria-label={t('company.agency.mapRegion')}
        >
          <img
            className="overseas-map__image"
            src={lang === 'ko' ? '/images/overseas-map-ko.svg' : '/images/overseas-map.svg'}
            alt={copy('agency.map.alt')}
            width={2400}
            height={1200}
            loading="lazy"
            decoding="async"
            draggable={false}
          />
        </div>
        {hydrated ? (
          <p className={`overseas-map__guide${scrolled ? ' is-hidden' : ''}`} aria-hidden={scrolled}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path
                d="M8 8l-4 4 4 4M16 8l4 4-4 4M4 12h16"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{t('company.agency.mapGuide')}</span>
          </p>
        ) : null}
      </div>
      <figcaption className="overseas-map__caption">{copy('agency.map.caption')}</figcaption>
    </figure>
  )
}
