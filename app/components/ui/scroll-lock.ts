/**
 * Page scrolling stays locked while any modal shows: each open modal holds one lock,
 * and the page scrolls again only when the last one is released.
 */
let holders = 0
let savedOverflow = ''

export function lockScroll(doc: Document = document): () => void {
  if (holders === 0) {
    savedOverflow = doc.body.style.overflow
    doc.body.style.overflow = 'hidden'
  }
  holders++
  let released = false
  return () => {
    if (released) return
    released = true
    holders--
    if (holders === 0) doc.body.style.overflow = savedOverflow
  }
}

export const scrollLockCount = () => holders
