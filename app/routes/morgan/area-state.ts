import { useLocation } from 'react-router'

/**
 * Navigation state carried through the restricted area: where the visitor entered it from. The
 * header's document icon sets it (`{ from: pathname }`); every link, tab, search and page change
 * inside the area passes it on, so the header's back button still leads there.
 */
export type AreaState = { from: string }

/** A path of this site (not `//host` or `/\host`, which browsers read as another site). */
const isLocalPath = (value: unknown): value is string => typeof value === 'string' && /^\/(?![/\\])/.test(value)

/** The area state of the current entry, or undefined (a direct visit, a reload without it). */
export function useAreaState(): AreaState | undefined {
  const from = (useLocation().state as { from?: unknown } | null)?.from
  return isLocalPath(from) ? { from } : undefined
}
