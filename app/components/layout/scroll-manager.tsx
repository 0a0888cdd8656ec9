import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'
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

/**
 * Applies the scroll rule on every route change (see scroll-rule.ts), scrolls to a `#hash`
 * target, and restores the position on back/forward. Replaces React Router's
 * ScrollRestoration, which cannot leave the position alone for `disableScrollTop`.
 */
export function ScrollManager() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const first = useRef(true)

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const save = () => {
      const positions = readPositions()
      positions[window.history.state?.key ?? 'default'] = window.scrollY
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions))
    }
    window.addEventListener('pagehide', save)
    return () => window.removeEventListener('pagehide', save)
  }, [])

  // Remember where the page was before leaving this entry.
  useIsoLayoutEffect(() => {
    const key = location.key
    return () => {
      const positions = readPositions()
      positions[key] = window.scrollY
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions))
    }
  }, [location.key])

  useIsoLayoutEffect(() => {
    const isFirst = first.current
    first.current = false
    if (navigationType === 'POP' && !isFirst) {
      window.scrollTo(0, readPositions()[location.key] ?? 0)
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
    if (isFirst) {
      if (navigationType === 'POP') window.scrollTo(0, readPositions()[location.key] ?? window.scrollY)
      return
    }
    if (action.kind === 'top') window.scrollTo(0, 0)
  }, [location.key])

  return null
}
