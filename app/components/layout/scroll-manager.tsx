import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType, type Location } from 'react-router'
import { scrollActionFor } from '#app/utils/scroll-rule.ts'

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect
const STORAGE_KEY = 'scroll-positions'

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

function savePosition(entry: string, y: number) {
  try {
    const positions = readPositions()
    positions[entry] = y
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions))
  } catch {
    // storage full or unavailable: back/forward then starts at the top
  }
}

/**
 * The history entry a position belongs to. An entry the router made has its own key; every entry
 * a full page load made (typed address, bookmark, reload, a link from elsewhere) shares React
 * Router's key 'default', so those are told apart by their address as well.
 */
export function entryOf(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key
}

/** Whether this document was loaded by the browser's back or forward button. */
function loadedByHistory(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return entry?.type === 'back_forward'
}

/**
 * Applies the scroll rule on every route change (see scroll-rule.ts), scrolls to a `#hash`
 * target, and restores the position on back/forward only: any other arrival (a link, a typed
 * address, a redirect, a reload) starts at the top or at `focus`. Replaces React Router's
 * ScrollRestoration, which cannot leave the position alone for `disableScrollTop`.
 */
export function ScrollManager() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const first = useRef(true)
  const entry = entryOf(location)
  const current = useRef(entry)
  current.current = entry

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const save = () => savePosition(current.current, window.scrollY)
    window.addEventListener('pagehide', save)
    return () => window.removeEventListener('pagehide', save)
  }, [])

  // Remember where the page was before leaving this entry.
  useIsoLayoutEffect(() => {
    return () => savePosition(entry, window.scrollY)
  }, [entry])

  useIsoLayoutEffect(() => {
    const isFirst = first.current
    first.current = false
    if (navigationType === 'POP' && !isFirst) {
      window.scrollTo(0, readPositions()[entry] ?? 0)
      return
    }
    if (isFirst && loadedByHistory()) {
      // The document came back by back/forward: where the visitor left it, unless they have moved
      // since (the scripts arrive after the load event).
      const saved = readPositions()[entry]
      if (saved !== undefined && window.scrollY === 0) window.scrollTo(0, saved)
      return
    }
    const action = scrollActionFor(location.search)
    if (action.kind === 'focus') {
      const timer = window.setTimeout(() => {
        document.getElementById(action.id)?.scrollIntoView({ behavior: 'smooth', block: action.block })
      }, action.delay)
      return () => window.clearTimeout(timer)
    }
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView()
      return
    }
    // A fresh document starts at the top already; the visitor may have scrolled before hydration.
    if (isFirst) return
    if (action.kind === 'top') window.scrollTo(0, 0)
  }, [entry])

  return null
}
