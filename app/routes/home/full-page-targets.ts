/**
 * Scroll arithmetic of the full-page home: each section's scroll target is its top, clamped to
 * the page's end (the footer, shorter than the screen, is reached at the end of the page).
 */

/** Scroll targets of sections whose document tops are `tops`, on a page that scrolls to `maxScroll`. */
export function sectionTargets(tops: readonly number[], maxScroll: number): number[] {
  return tops.map((top) => Math.max(0, Math.min(Math.round(top), Math.max(0, Math.round(maxScroll)))))
}

/** Within this distance the page counts as resting on a target (sub-pixel layouts, zoom). */
export const ALIGN_TOLERANCE = 2

/** The target one section down (`1`) or up (`-1`) from scroll position `y`; null at either end. */
export function adjacentTarget(targets: readonly number[], y: number, direction: 1 | -1): number | null {
  if (direction === 1) {
    const next = targets.find((t) => t > y + ALIGN_TOLERANCE)
    return next ?? null
  }
  for (let i = targets.length - 1; i >= 0; i--) if (targets[i]! < y - ALIGN_TOLERANCE) return targets[i]!
  return null
}

/** The target closest to `y` (after a resize the page snaps back onto it). */
export function nearestTarget(targets: readonly number[], y: number): number | null {
  let best: number | null = null
  for (const t of targets) if (best === null || Math.abs(t - y) < Math.abs(best - y)) best = t
  return best
}

export function isAligned(targets: readonly number[], y: number): boolean {
  return targets.some((t) => Math.abs(t - y) <= ALIGN_TOLERANCE)
}

/** Ease-in-out (cubic) of progress 0 … 1. */
export function easeInOutCubic(p: number): number {
  return p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2
}
