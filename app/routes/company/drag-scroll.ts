import { useEffect, useRef, useState, type RefObject } from 'react'

/** The specification's drag-scroll constants (section 9). */
export const DRAG_ACTIVATION_PX = 10
export const SCROLL_END_DEBOUNCE_MS = 300

export type DragState = { startX: number; startScroll: number; dragging: boolean }

/**
 * One pointer move of a drag that began at `state.startX`: the drag starts only once the
 * pointer has moved DRAG_ACTIVATION_PX (so a click stays a click), then the content follows
 * the pointer. Returns the new state and the scroll position to apply (null: leave it).
 */
export function dragMove(state: DragState, x: number): { state: DragState; scrollLeft: number | null } {
  const dx = x - state.startX
  const dragging = state.dragging || Math.abs(dx) >= DRAG_ACTIVATION_PX
  return {
    state: dragging === state.dragging ? state : { ...state, dragging },
    scrollLeft: dragging ? state.startScroll - dx : null,
  }
}

/** `fn` called once calls have stopped for `ms`; `cancel` drops a pending call. */
export function debounce(fn: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    call() {
      clearTimeout(timer)
      timer = setTimeout(fn, ms)
    },
    cancel() {
      clearTimeout(timer)
    },
  }
}

/**
 * Mouse drag-to-scroll on a horizontally scrollable box (touch and keyboard scroll natively).
 * Returns whether the visitor has scrolled the box yet: true once a scroll has come to rest
 * (SCROLL_END_DEBOUNCE_MS after the last scroll event), which is when the guide hides.
 */
export function useDragScroll(ref: RefObject<HTMLElement | null>): { scrolled: boolean; dragging: boolean } {
  const [scrolled, setScrolled] = useState(false)
  const [dragging, setDragging] = useState(false)
  const drag = useRef<(DragState & { pointerId: number }) | null>(null)
  const suppressClick = useRef(false)

  useEffect(() => {
    const box = ref.current
    if (!box) return
    const scrollEnd = debounce(() => setScrolled(true), SCROLL_END_DEBOUNCE_MS)

    function onPointerDown(event: PointerEvent) {
      if (event.pointerType !== 'mouse' || event.button !== 0) return
      drag.current = {
        startX: event.clientX,
        startScroll: box!.scrollLeft,
        dragging: false,
        pointerId: event.pointerId,
      }
    }
    function onPointerMove(event: PointerEvent) {
      const current = drag.current
      if (!current || event.pointerId !== current.pointerId) return
      const { state, scrollLeft } = dragMove(current, event.clientX)
      if (state.dragging && !current.dragging) {
        box!.setPointerCapture?.(event.pointerId)
        setDragging(true)
      }
      drag.current = { ...state, pointerId: current.pointerId }
      if (scrollLeft !== null) {
        event.preventDefault()
        box!.scrollLeft = scrollLeft
      }
    }
    function onPointerEnd(event: PointerEvent) {
      const current = drag.current
      if (!current || event.pointerId !== current.pointerId) return
      // A real drag must not also count as a click on whatever lies under the pointer.
      suppressClick.current = current.dragging
      drag.current = null
      setDragging(false)
    }
    function onClick(event: MouseEvent) {
      if (!suppressClick.current) return
      suppressClick.current = false
      event.preventDefault()
      event.stopPropagation()
    }
    const onScroll = () => scrollEnd.call()
    // The browser's own image drag would fight the pointer handling.
    const onDragStart = (event: DragEvent) => event.preventDefault()

    box.addEventListener('pointerdown', onPointerDown)
    box.addEventListener('pointermove', onPointerMove)
    box.addEventListener('pointerup', onPointerEnd)
    box.addEventListener('pointercancel', onPointerEnd)
    box.addEventListener('click', onClick, true)
    box.addEventListener('scroll', onScroll, { passive: true })
    box.addEventListener('dragstart', onDragStart)
    return () => {
      scrollEnd.cancel()
      box.removeEventListener('pointerdown', onPointerDown)
      box.removeEventListener('pointermove', onPointerMove)
      box.removeEventListener('pointerup', onPointerEnd)
      box.removeEventListener('pointercancel', onPointerEnd)
      box.removeEventListener('click', onClick, true)
      box.removeEventListener('scroll', onScroll)
      box.removeEventListener('dragstart', onDragStart)
    }
  }, [ref])

  return { scrolled, dragging }
}
