/**
 * Position arithmetic of the looping sliders. A looping track holds `pad` cloned items, then the
 * `count` real ones, then more clones; the position is an index into that track. After a move ends
 * on a clone, the track jumps (without animation) to the real item showing the same content.
 */

/** The real item (0 … count-1) shown at track position `position`. */
export function realIndex(position: number, pad: number, count: number): number {
  if (count <= 0) return 0
  return (((position - pad) % count) + count) % count
}

/** The track position of the same content among the real items. */
export function normalizePosition(position: number, pad: number, count: number): number {
  return pad + realIndex(position, pad, count)
}

/**
 * Clone copies of the whole list on each side of the real items, so a centred slider shows
 * neighbours on both sides even on a 2560 px screen: at least `minEachSide` items each side.
 */
export function cloneCopies(count: number, minEachSide: number): number {
  return count > 1 ? Math.ceil(minEachSide / count) : 0
}
