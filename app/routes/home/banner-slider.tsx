import type { CSSProperties } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import { firstBannerIndex, MOBILE_MEDIA, type BannerImages } from './home-images.ts'
import { useLoopSlider } from './use-loop-slider.ts'
import './banner-slider.css'

export type HomeBanner = { id: number; title: string } & BannerImages

/** Design sizes of the banner images (pc 1920 × 900, mobile 750 × 1100); the boxes keep these ratios. */
const PC = { width: 1920, height: 900 }
const MOBILE = { width: 750, height: 1100 }
export const BANNER_AUTOPLAY_MS = 2500

/** The images' focal points for the cover fit (banner-slider.css picks the mobile one below 728 px). */
function focalStyle(banner: BannerImages): CSSProperties | undefined {
  if (!banner.pcPosition && !banner.mbPosition) return undefined
  return {
    ...(banner.pcPosition ? { '--focal-pc': banner.pcPosition } : {}),
    ...(banner.mbPosition ? { '--focal-mb': banner.mbPosition } : {}),
  } as CSSProperties
}

/**
 * Main banner: loops, autoplays every 2500 ms (interaction does not stop it), starts at slide
 * index 1, clickable dots, no dragging. The company logo and name sit over the slides.
 */
export function BannerSlider({ banners, companyName }: { banners: HomeBanner[]; companyName: string }) {
  const t = useT()
  const count = banners.length
  const start = firstBannerIndex(count)
  const slider = useLoopSlider({ count, pad: count > 1 ? 1 : 0, start, autoplayMs: BANNER_AUTOPLAY_MS })
  // One clone at each end: [last, …banners, first].
  const track = count > 1 ? [banners[count - 1]!, ...banners, banners[0]!] : banners
  const firstVisible = slider.loops ? 1 + start : 0

  return (
    <div
      className="banner"
      role="region"
      aria-roledescription={t('home.slider.carousel')}
      aria-label={t('home.banner.label')}
      {...slider.focusHandlers}
    >
      <div className="banner__viewport">
        <div
          ref={(el) => {
            slider.trackRef.current = el
          }}
          className={`banner__track${slider.animate ? ' is-animated' : ''}`}
          style={{ transform: `translateX(${-slider.position * 100}%)` }}
          onTransitionEnd={slider.onTransitionEnd}
          aria-live="off"
        >
          {track.map((banner, i) => {
            const clone = slider.loops && (i === 0 || i === count + 1)
            const index = slider.loops ? (i - 1 + count) % count : i
            const eager = i === firstVisible
            return (
              <div
                key={`${clone ? 'clone' : 'slide'}-${i}`}
                className="banner__slide"
                role={clone ? undefined : 'group'}
                aria-roledescription={clone ? undefined : t('home.slider.slide')}
                aria-label={clone ? undefined : t('home.slider.slideOf', { n: index + 1, total: count })}
                aria-hidden={clone || index !== slider.current ? true : undefined}
                inert={clone || undefined}
              >
                <picture>
                  {/* Console uploads come as AVIF and WebP at 480/960/1920 px; the demo's SVGs as they are. */}
                  {banner.mbSources ? (
                    <>
                      <source
                        media={MOBILE_MEDIA}
                        type="image/avif"
                        srcSet={banner.mbSources.avif}
                        sizes="100vw"
                        width={MOBILE.width}
                        height={MOBILE.height}
                      />
                      <source
                        media={MOBILE_MEDIA}
                        type="image/webp"
                        srcSet={banner.mbSources.webp}
                        sizes="100vw"
                        width={MOBILE.width}
                        height={MOBILE.height}
                      />
                    </>
                  ) : null}
                  <source media={MOBILE_MEDIA} srcSet={banner.mbImage} width={MOBILE.width} height={MOBILE.height} />
                  {banner.pcSources ? (
                    <>
                      <source type="image/avif" srcSet={banner.pcSources.avif} sizes="100vw" />
                      <source type="image/webp" srcSet={banner.pcSources.webp} sizes="100vw" />
                    </>
                  ) : null}
                  <img
                    className="banner__image"
                    src={banner.pcImage}
                    width={PC.width}
                    height={PC.height}
                    alt={banner.alt}
                    style={focalStyle(banner)}
                    loading={eager ? 'eager' : 'lazy'}
                    fetchPriority={eager ? 'high' : undefined}
                    decoding={eager ? 'sync' : 'async'}
                  />
                </picture>
              </div>
            )
          })}
        </div>
      </div>

      <div className="banner__brand">
        <svg className="banner__mark" viewBox="0 0 40 40" width="64" height="64" aria-hidden="true" focusable="false">
          <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M20 6v28M10 14h20M10 26h20" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <div>
          <h1 className="banner__title">{companyName}</h1>
          <p className="banner__tagline">{t('home.heading')}</p>
        </div>
      </div>

      {slider.loops ? (
        <div className="banner__controls">
          <div className="banner__dots" role="group" aria-label={t('home.slider.dots')}>
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className="banner__dot"
                aria-label={t('home.slider.goTo', { n: i + 1 })}
                aria-current={i === slider.current ? 'true' : undefined}
                onClick={() => slider.goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="slider-pause banner__pause"
            aria-label={t(slider.userPaused ? 'home.slider.play' : 'home.slider.pause')}
            title={t(slider.userPaused ? 'home.slider.play' : 'home.slider.pause')}
            onClick={slider.toggleUserPaused}
          >
            <PauseIcon paused={slider.userPaused} />
          </button>
        </div>
      ) : null}
    </div>
  )
}

export function PauseIcon({ paused }: { paused: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {paused ? (
        <path d="M8 5l11 7-11 7z" fill="currentColor" />
      ) : (
        <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
      )}
    </svg>
  )
}
