import { Link } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import { isSafeLink } from '#shared/safe-link.ts'
import { PauseIcon } from './banner-slider.tsx'
import { cloneCopies } from './slider-loop.ts'
import { useLoopSlider } from './use-loop-slider.ts'
import './product-slider.css'

/** A product card; `alt` and `position` are its image's (app/utils/public-images.server.ts). */
export type HomeProduct = {
  id: number
  image: string
  alt: string
  position: string | null
  url: string
  title: string
  introduce: string
}

export const PRODUCT_AUTOPLAY_MS = 1500
/** Items the track holds on each side of the centred one, enough for a 2560 px screen. */
const MIN_ITEMS_EACH_SIDE = 6

/**
 * "Introduction of item": loops, autoplays every 1500 ms, the current item centred, items as wide
 * as CSS makes them, arrows, 45 px gap (55 px from 768 px), no dragging; an item links to its url
 * (an address the link rule of shared/safe-link.ts refuses makes no link: the card shows without one).
 * The track position is pure CSS (`--index` × item width + gap), so the server HTML is already
 * centred and nothing shifts on hydration.
 */
export function ProductSlider({ products, headingId }: { products: HomeProduct[]; headingId: string }) {
  const t = useT()
  const count = products.length
  const copies = cloneCopies(count, MIN_ITEMS_EACH_SIDE)
  const pad = copies * count
  const slider = useLoopSlider({ count, pad, start: 0, autoplayMs: PRODUCT_AUTOPLAY_MS })
  const items = Array.from({ length: 2 * copies + 1 }, (_, copy) =>
    products.map((product, index) => ({ product, index, copy })),
  ).flat()

  return (
    <div
      className="products"
      role="region"
      aria-roledescription={t('home.slider.carousel')}
      aria-labelledby={headingId}
      {...slider.focusHandlers}
    >
      <div className="products__viewport">
        <ul
          ref={(el) => {
            slider.trackRef.current = el
          }}
          className={`products__track${slider.animate ? ' is-animated' : ''}`}
          style={{ '--index': slider.position } as React.CSSProperties}
          onTransitionEnd={slider.onTransitionEnd}
        >
          {items.map(({ product, index, copy }, position) => {
            // Clones stay clickable for the mouse but are hidden from assistive technology and the tab order.
            const clone = copy !== copies
            return (
              <li
                key={`${copy}-${product.id}`}
                className={`products__item${position === slider.position ? ' is-current' : ''}`}
                aria-hidden={clone || undefined}
              >
                {isSafeLink(product.url) ? (
                  <Link
                    to={product.url}
                    className="products__link"
                    tabIndex={clone ? -1 : undefined}
                    onFocus={clone ? undefined : () => slider.goTo(index)}
                  >
                    <ProductCard product={product} />
                  </Link>
                ) : (
                  <span className="products__link">
                    <ProductCard product={product} />
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      </div>
      {slider.loops ? (
        <div className="products__controls">
          <button
            type="button"
            className="products__arrow"
            aria-label={t('home.slider.prev')}
            title={t('home.slider.prev')}
            onClick={slider.prev}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="slider-pause products__pause"
            aria-label={t(slider.userPaused ? 'home.slider.play' : 'home.slider.pause')}
            title={t(slider.userPaused ? 'home.slider.play' : 'home.slider.pause')}
            onClick={slider.toggleUserPaused}
          >
            <PauseIcon paused={slider.userPaused} />
          </button>
          <button
            type="button"
            className="products__arrow"
            aria-label={t('home.slider.next')}
            title={t('home.slider.next')}
            onClick={slider.next}
          >
            <Chevron direction="right" />
          </button>
        </div>
      ) : null}
    </div>
  )
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** One card of the slider: image, name and introduction. */
function ProductCard({ product }: { product: HomeProduct }) {
  return (
    <>
      <span className="products__frame">
        <img
          className="products__image"
          src={product.image}
          width={600}
          height={600}
          alt={product.alt}
          style={product.position ? { objectPosition: product.position } : undefined}
          loading="lazy"
          decoding="async"
        />
      </span>
      <span className="products__name">{product.title}</span>
      <span className="products__intro">{product.introduce}</span>
    </>
  )
}
