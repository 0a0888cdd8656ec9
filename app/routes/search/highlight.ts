/** A marked part of a text: [start, end) in UTF-16 units, as the search service reports it. */
export type Range = readonly [start: number, end: number]

export type Segment = { text: string; marked: boolean }

/**
 * `text` cut into plain and marked parts by `ranges`: out-of-bounds ranges are clamped, empty ones
 * dropped, overlapping ones merged (the title's spelled and initial-consonant matches may
 * overlap); touching ones stay separate marks, one per occurrence. The parts are text, rendered
 * by React as text: no HTML is ever built from them.
 */
export function segments(text: string, ranges: readonly Range[]): Segment[] {
  const clamp = (n: number) => Math.min(Math.max(0, Math.trunc(n)), text.length)
  const sorted = ranges
    .map(([s, e]): [number, number] => [clamp(s), clamp(e)])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const merged: [number, number][] = []
  for (const [s, e] of sorted) {
    const last = merged.at(-1)
    if (last && s < last[1]) last[1] = Math.max(last[1], e)
    else merged.push([s, e])
  }
  const out: Segment[] = []
  let at = 0
  for (const [s, e] of merged) {
    if (s > at) out.push({ text: text.slice(at, s), marked: false })
    out.push({ text: text.slice(s, e), marked: true })
    at = e
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false })
  return out
}
