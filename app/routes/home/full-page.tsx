import { useEffect, useRef, type ReactNode } from 'react'
import { Icon } from '#app/components/layout/icons.tsx'
import { scrollLockCount } from '#app/components/ui/scroll-lock.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { adjacentTarget, easeInOutCubic, isAligned, nearestTarget, sectionTargets } from './full-page-targets.ts'
import './full-page.css'

/** Wide and tall enough for one section per screen; below this the page scrolls normally. */
export const FULL_PAGE_QUERY = '(min-width: 769px) and (min-height: 601px)'
/** Section-to-section scroll time of the specification. */
export const SECTION_SCROLL_MS = 1000
/** Wheel events closer together than this belong to one gesture (trackpad inertia): one move per gesture. */
const WHEEL_GESTURE_GAP_MS = 200
/** A vertical swipe shorter than this is not a section change. */
const SWIPE_MIN_PX = 50

const SCROLL_KEYS: Record<string, 1 | -1 | 'first' | 'last'> = {
  PageDown: 1,
  ArrowDown: 1,
  ' ': 1,
  PageUp: -1,
  ArrowUp: -1,
  Home: 'first',
  End: 'last',
}

/** Where the key belongs to the focused control (typing, pressing a button, choosing an option). */
function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (
    target.isContentEditable ||
    target.closest(
      'input, textarea, select, [role="listbox"], [role="menu"], [role="slider"], [role="tablist"], [role="radiogroup"]',
    )
  )
    return true
  if (
    key === ' ' &&
    target.closest('button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"]')
  )
    return true
  return false
}

/**
 * Full-page section scrolling of the home page (our own, ~2 KB; fullpage.js needs a commercial
 * licence). The page keeps its native scroll position, so links, focus, find-in-page and the
 * scroll bar all keep working; wheel, keyboard and vertical swipes are taken over on wide and tall
 * screens only (FULL_PAGE_QUERY) and move one section per gesture in SECTION_SCROLL_MS, ignoring
 * input while the move runs. With prefers-reduced-motion the move is an instant jump. Sections are
 * the `[data-fullpage-section]` elements plus the footer; focusing an element of another section
 * (Tab) brings that section into view, and scrolling we cannot take over (the scroll bar, a wheel
 * over a video's frame) settles on a section. Nothing is taken over while a modal locks the page.
 */
export function FullPage({ children }: { children: ReactNode }) {
  const t = useT()
  const jumpToTop = useRef<() => void>(() => window.scrollTo({ top: 0, behavior: 'instant' }))

  useEffect(() => {
    const root = document.documentElement
    const wide = window.matchMedia(FULL_PAGE_QUERY)
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let frame = 0
    let animating = false
    let lastWheelAt = -Infinity
    let touch: { x: number; y: number; axis: 'x' | 'y' | null } | null = null
    /** The section target the page last came to rest on. */
    let restingAt = window.scrollY

    const sections = () => {
      const list = Array.from(document.querySelectorAll<HTMLElement>('[data-fullpage-section]'))
      const footer = document.querySelector<HTMLElement>('footer')
      return footer ? [...list, footer] : list
    }
    const targetsOf = (elements: HTMLElement[]) =>
      sectionTargets(
        elements.map((el) => el.getBoundingClientRect().top + window.scrollY),
        root.scrollHeight - window.innerHeight,
      )
    const active = () => wide.matches && scrollLockCount() === 0

    const stop = () => {
      cancelAnimationFrame(frame)
      animating = false
    }
    const jump = (y: number) => {
      stop()
      window.scrollTo({ top: y, behavior: 'instant' })
      restingAt = y
    }
    const glide = (y: number) => {
      if (reducedMotion.matches) return jump(y)
      stop()
      const from = window.scrollY
      const distance = y - from
      const startedAt = performance.now()
      animating = true
      const step = () => {
        // performance.now(), not the frame's timestamp: that one may predate startedAt.
        const progress = Math.min(1, Math.max(0, (performance.now() - startedAt) / SECTION_SCROLL_MS))
        const position = from + distance * easeInOutCubic(progress)
        // The last frames of the ease move less than a pixel: the move is over then.
        const done = progress >= 1 || Math.abs(y - position) < 0.5
        window.scrollTo({ top: done ? y : position, behavior: 'instant' })
        if (done) {
          animating = false
          restingAt = y
        } else frame = requestAnimationFrame(step)
      }
      frame = requestAnimationFrame(step)
    }
    const move = (where: 1 | -1 | 'first' | 'last') => {
      const targets = targetsOf(sections())
      if (targets.length === 0) return
      const y =
        where === 'first'
          ? targets[0]!
          : where === 'last'
            ? targets[targets.length - 1]!
            : adjacentTarget(targets, window.scrollY, where)
      if (y !== null && Math.abs(y - window.scrollY) > 1) glide(y)
    }
    jumpToTop.current = () => jump(0)

    const onWheel = (event: WheelEvent) => {
      if (!active() || event.ctrlKey || event.defaultPrevented) return
      // Sideways gestures belong to horizontal scrollers (the news list).
      if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) return
      event.preventDefault()
      const now = performance.now()
      const sameGesture = now - lastWheelAt < WHEEL_GESTURE_GAP_MS
      lastWheelAt = now
      if (animating || sameGesture || event.deltaY === 0) return
      move(event.deltaY > 0 ? 1 : -1)
    }

    const onKeyDown = (event: KeyboardEvent) => {
      const action = SCROLL_KEYS[event.key]
      if (!action || !active() || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (keyBelongsToTarget(event.target, event.key)) return
      event.preventDefault()
      if (animating) return
      move(event.key === ' ' && event.shiftKey ? -1 : action)
    }

    const onTouchStart = (event: TouchEvent) => {
      const point = event.touches[0]
      touch = event.touches.length === 1 && point ? { x: point.clientX, y: point.clientY, axis: null } : null
    }
    const onTouchMove = (event: TouchEvent) => {
      const point = event.touches[0]
      if (!touch || !point || !active()) return
      const dx = point.clientX - touch.x
      const dy = point.clientY - touch.y
      if (!touch.axis && Math.max(Math.abs(dx), Math.abs(dy)) > 6) touch.axis = Math.abs(dy) > Math.abs(dx) ? 'y' : 'x'
      if (touch.axis === 'y' && event.cancelable) event.preventDefault()
    }
    const onTouchEnd = (event: TouchEvent) => {
      const point = event.changedTouches[0]
      const start = touch
      touch = null
      if (!start || !point || start.axis !== 'y' || !active() || animating) return
      const dy = point.clientY - start.y
      if (Math.abs(dy) >= SWIPE_MIN_PX) move(dy < 0 ? 1 : -1)
    }

    // Tab into another section: show that section, not a slice of two.
    const onFocusIn = (event: FocusEvent) => {
      const element = event.target
      if (!(element instanceof HTMLElement) || !active()) return
      requestAnimationFrame(() => {
        if (document.activeElement !== element || animating || !active()) return
        const list = sections()
        const index = list.findIndex((section) => section.contains(element))
        if (index < 0) return
        const targets = targetsOf(list)
        const rect = element.getBoundingClientRect()
        const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
        const inView = rect.top >= headerBottom - 1 && rect.bottom <= window.innerHeight + 1
        if (inView && isAligned(targets, window.scrollY)) return
        jump(targets[index]!)
      })
    }

    let resizeTimer = 0
    const onResize = () => {
      window.clearTimeout(resizeTimer)
      resizeTimer = window.setTimeout(() => {
        if (!active() || animating) return
        const y = nearestTarget(targetsOf(sections()), window.scrollY)
        if (y !== null && Math.abs(y - window.scrollY) > 1) jump(y)
      }, 150)
    }

    // Scrolling we cannot intercept (a wheel over a video's cross-origin frame, the scroll bar,
    // find in page) ends on a section too: a nudge moves one section on in its direction, a long
    // scroll settles on the nearest section.
    let settleTimer = 0
    const settle = () => {
      if (!active() || animating || touch) return
      const targets = targetsOf(sections())
      const y = window.scrollY
      if (isAligned(targets, y)) {
        restingAt = y
        return
      }
      const nudge = Math.abs(y - restingAt) < window.innerHeight / 2
      const to = nudge ? adjacentTarget(targets, restingAt, y > restingAt ? 1 : -1) : nearestTarget(targets, y)
      if (to !== null) glide(to)
    }

    const onScroll = () => {
      // The translucent header turns solid once the page leaves the banner (readable over light sections).
      root.toggleAttribute('data-home-scrolled', window.scrollY > 8)
      if (!active() || animating) return
      window.clearTimeout(settleTimer)
      settleTimer = window.setTimeout(settle, 150)
    }
    root.toggleAttribute('data-home-scrolled', window.scrollY > 8)

    window.addEventListener('wheel', onWheel, { passive: false })
    window.addEventListener('keydown', onKeyDown)
    window.addEventListener('touchstart', onTouchStart, { passive: true })
    window.addEventListener('touchmove', onTouchMove, { passive: false })
    window.addEventListener('touchend', onTouchEnd, { passive: true })
    window.addEventListener('resize', onResize)
    window.addEventListener('scroll', onScroll, { passive: true })
    document.addEventListener('focusin', onFocusIn)
    return () => {
      stop()
      window.clearTimeout(resizeTimer)
      window.clearTimeout(settleTimer)
      window.removeEventListener('wheel', onWheel)
      window.removeEventListener('keydown', onKeyDown)
      window.removeEventListener('touchstart', onTouchStart)
      window.removeEventListener('touchmove', onTouchMove)
      window.removeEventListener('touchend', onTouchEnd)
      window.removeEventListener('resize', onResize)
      window.removeEventListener('scroll', onScroll)
      document.removeEventListener('focusin', onFocusIn)
      root.removeAttribute('data-home-scrolled')
    }
  }, [])

  return (
    <>
      {children}
      {/* Without JavaScript a plain link to the top. */}
      <a
        href="#top"
        className="home-top-button"
        aria-label={t('home.top')}
        title={t('home.top')}
        onClick={(event) => {
          event.preventDefault()
          jumpToTop.current()
          document.getElementById('top')?.focus({ preventScroll: true })
        }}
      >
        <Icon name="arrowUp" />
      </a>
    </>
  )
}
