import { useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { normalizePosition, realIndex } from './slider-loop.ts'

type Options = {
  /** Number of real items. Below two there is nothing to loop or play. */
  count: number
  /** Track items before the first real one (clones). */
  pad: number
  /** Real item shown first. */
  start: number
  /** Autoplay delay between moves. */
  autoplayMs: number
}

/**
 * A looping slider with autoplay. Moves animate by CSS (the track's transition is on while
 * `animate` is true); the `transitionend` of the track snaps from a clone back to the real item.
 * Arrows and dots do not stop autoplay, they restart its delay. Autoplay pauses only while the
 * visitor pauses it (the pause button, WCAG 2.2.2) or moves keyboard focus inside the slider.
 */
export function useLoopSlider({ count, pad, start, autoplayMs }: Options) {
  const loops = count > 1
  const [state, setState] = useState({ position: pad + start, animate: false, moves: 0 })
  const [userPaused, setUserPaused] = useState(false)
  const [focusPaused, setFocusPaused] = useState(false)
  const trackRef = useRef<HTMLElement | null>(null)
  const positionRef = useRef(state.position)
  positionRef.current = state.position

  const moveTo = useCallback(
    (target: (base: number) => number) => {
      if (!loops) return
      const current = positionRef.current
      const base = normalizePosition(current, pad, count)
      if (base !== current) {
        // Still on a clone (a move came before the last transition ended): jump first, then animate.
        flushSync(() => setState((s) => ({ ...s, position: base, animate: false })))
        trackRef.current?.getBoundingClientRect()
      }
      positionRef.current = target(base)
      setState((s) => ({ position: target(base), animate: true, moves: s.moves + 1 }))
    },
    [loops, pad, count],
  )

  const next = useCallback(() => moveTo((p) => p + 1), [moveTo])
  const prev = useCallback(() => moveTo((p) => p - 1), [moveTo])
  const goTo = useCallback((index: number) => moveTo(() => pad + index), [moveTo, pad])

  const playing = loops && !userPaused && !focusPaused
  useEffect(() => {
    if (!playing) return
    const timer = window.setTimeout(next, autoplayMs)
    return () => window.clearTimeout(timer)
  }, [playing, state.moves, next, autoplayMs])

  const onTransitionEnd = useCallback(
    (event: React.TransitionEvent) => {
      if (event.target !== event.currentTarget || event.propertyName !== 'transform') return
      const base = normalizePosition(positionRef.current, pad, count)
      if (base !== positionRef.current) setState((s) => ({ ...s, position: base, animate: false }))
    },
    [pad, count],
  )

  /** Focus handlers for the slider's root: keyboard focus inside pauses autoplay until it leaves. */
  const focusHandlers = {
    onFocus: (event: React.FocusEvent) => {
      if ((event.target as HTMLElement).matches?.(':focus-visible')) setFocusPaused(true)
    },
    onBlur: (event: React.FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusPaused(false)
    },
  }

  return {
    loops,
    position: state.position,
    animate: state.animate,
    current: realIndex(state.position, pad, count),
    userPaused,
    toggleUserPaused: () => setUserPaused((p) => !p),
    next,
    prev,
    goTo,
    trackRef,
    onTransitionEnd,
    focusHandlers,
  }
}
