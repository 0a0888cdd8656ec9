import { useEffect, useRef, useState } from 'react'

/**
 * The third-party investor-relations frame, created when it scrolls near the viewport so the
 * page itself stays fast; the box keeps its height from the start, so nothing shifts.
 */
export function InvestorFrame({ src, title, height }: { src: string; title: string; height: number }) {
  const box = useRef<HTMLDivElement>(null)
  const [show, setShow] = useState(false)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShow(true), {
      rootMargin: '200px',
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return (
    <div ref={box} className="investor-frame" style={{ height }}>
      {show ? (
        <iframe
          src={src}
          title={title}
          width="100%"
          height={height}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <noscript>
          <iframe src={src} title={title} width="100%" height={height} />
        </noscript>
      )}
    </div>
  )
}

/** The frame URL with the provider's language flag: K (Korean) or E (English). */
export function withLanguageFlag(url: string, lang: 'ko' | 'en'): string {
  const u = new URL(url)
  u.searchParams.set('lang', lang === 'en' ? 'E' : 'K')
  return u.toString()
}
