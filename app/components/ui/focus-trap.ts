const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'))
}

/** Keeps Tab and Shift+Tab inside `root`. Returns true when it moved focus. */
export function trapTab(event: KeyboardEvent | React.KeyboardEvent, root: HTMLElement): boolean {
  if (event.key !== 'Tab') return false
  const items = focusableIn(root)
  if (items.length === 0) {
    event.preventDefault()
    return true
  }
  const first = items[0]!
  const last = items[items.length - 1]!
  const active = root.ownerDocument.activeElement
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault()
    last.focus()
    return true
  }
  if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
    return true
  }
  return false
}

/** Key handlers of the open modal layers, the topmost last. */
const layers: ((event: KeyboardEvent) => void)[] = []

function dispatchToTop(event: KeyboardEvent) {
  const top = layers[layers.length - 1]
  if (top) top(event)
}

/**
 * Registers an open modal layer's key handler (Escape, Tab trapping). Only the topmost layer hears
 * the keyboard, so one Escape closes one layer even when two are stacked. Returns the removal.
 */
export function openModalLayer(onKey: (event: KeyboardEvent) => void): () => void {
  if (layers.length === 0) document.addEventListener('keydown', dispatchToTop)
  layers.push(onKey)
  return () => {
    const index = layers.lastIndexOf(onKey)
    if (index >= 0) layers.splice(index, 1)
    if (layers.length === 0) document.removeEventListener('keydown', dispatchToTop)
  }
}
