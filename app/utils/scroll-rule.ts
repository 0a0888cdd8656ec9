/** Delay before scrolling to a `focus` target, so the page has rendered it. */
export const FOCUS_SCROLL_DELAY_MS = 300

export type ScrollAction =
  { kind: 'top' } | { kind: 'none' } | { kind: 'focus'; id: string; block: ScrollLogicalPosition; delay: number }

const BLOCKS: readonly ScrollLogicalPosition[] = ['start', 'center', 'end', 'nearest']

/**
 * The specification's rule for a route change: scroll to top unless `disableScrollTop` or
 * `focus` is in the query; with `focus`, scroll smoothly after 300 ms to the element of that
 * id, block position from `focus_block` (default center).
 */
export function scrollActionFor(search: string): ScrollAction {
  const params = new URLSearchParams(search)
  const focus = params.get('focus')
  if (focus) {
    const requested = params.get('focus_block') as ScrollLogicalPosition | null
    const block = requested && BLOCKS.includes(requested) ? requested : 'center'
    return { kind: 'focus', id: focus, block, delay: FOCUS_SCROLL_DELAY_MS }
  }
  const disable = params.get('disableScrollTop')
  if (disable !== null && disable !== 'false') return { kind: 'none' }
  return { kind: 'top' }
}
