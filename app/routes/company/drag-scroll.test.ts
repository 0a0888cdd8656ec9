import { afterEach, describe, expect, it, vi } from 'vitest'
import { debounce, DRAG_ACTIVATION_PX, dragMove, SCROLL_END_DEBOUNCE_MS } from './drag-scroll.ts'

describe('dragMove', () => {
  const start = { startX: 500, startScroll: 300, dragging: false }

  it('uses the specification constants', () => {
    expect(DRAG_ACTIVATION_PX).toBe(10)
    expect(SCROLL_END_DEBOUNCE_MS).toBe(300)
  })

  it('does not scroll before the pointer has moved 10 px, so clicks stay clicks', () => {
    for (const x of [500, 491, 509]) {
      const { state, scrollLeft } = dragMove(start, x)
      expect(state.dragging).toBe(false)
      expect(scrollLeft).toBeNull()
    }
  })

  it('starts dragging at 10 px in either direction and follows the pointer', () => {
    expect(dragMove(start, 490)).toEqual({ state: { ...start, dragging: true }, scrollLeft: 310 })
    expect(dragMove(start, 510)).toEqual({ state: { ...start, dragging: true }, scrollLeft: 290 })
  })

  it('keeps following the pointer back inside the threshold once dragging', () => {
    const { state } = dragMove(start, 450)
    expect(dragMove(state, 495)).toEqual({ state, scrollLeft: 305 })
  })
})

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls once, 300 ms after the last call', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const d = debounce(fn, SCROLL_END_DEBOUNCE_MS)
    d.call()
    vi.advanceTimersByTime(200)
    d.call()
    vi.advanceTimersByTime(299)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('cancel drops the pending call', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const d = debounce(fn, 300)
    d.call()
    d.cancel()
    vi.advanceTimersByTime(1000)
    expect(fn).not.toHaveBeenCalled()
  })
})
