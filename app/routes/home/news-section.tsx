import { useEffect, useRef, useState } from 'react'
import { useT } from '#app/i18n/use-lang.ts'
import './news-section.css'

export type HomeVideo = { id: number; title: string; url: string }

/**
 * News: a horizontally scrolling list of embedded videos. The iframes are created only once the
 * list comes into view (each player costs hundreds of KB); until then each slot shows its title
 * in a box of the same 16:9 size. The list is a focusable region, so arrow keys scroll it.
 */
export function NewsSection({ videos, headingId }: { videos: HomeVideo[]; headingId: string }) {
  const t = useT()
  const scroller = useRef<HTMLDivElement>(null)
  const [inView, setInView] = useState(false)

  useEffect(() => {
    const element = scroller.current
    if (!element || inView) return
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true)
          observer.disconnect()
        }
      },
      { rootMargin: '100px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [inView])

  return (
    <div className="news">
      <h2 id={headingId} className="home-heading news__heading">
        {t('home.news.title')}
      </h2>
      {videos.length === 0 ? (
        <p className="news__empty">{t('empty.default')}</p>
      ) : (
        <div
          ref={scroller}
          className="news__scroller"
          role="region"
          aria-label={t('home.news.list')}
          tabIndex={0}
          data-loaded={inView || undefined}
        >
          <ul className="news__list">
            {videos.map((video) => (
              <li key={video.id} className="news__item">
                <div className="news__frame">
                  {inView ? (
                    <iframe
                      src={video.url}
                      title={video.title}
                      width={560}
                      height={315}
                      loading="lazy"
                      allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
                      referrerPolicy="strict-origin-when-cross-origin"
                      allowFullScreen
                    />
                  ) : (
                    <span className="news__placeholder" aria-hidden="true" />
                  )}
                </div>
                <p className="news__title">{video.title}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
