import type { ChangeBus } from './changes.ts'

/** The longest a copy is kept, also when no notice comes (a row changed by hand, which announces nothing). */
export const KEPT_COPY_MAX_AGE_MS = 60_000
/** How long this node's own announcement holds the copy aside when its notice never comes (a rollback). */
export const ANNOUNCED_HOLD_MS = 5_000

/**
 * A node's copy of a public read that every page makes and only published content changes (the
 * site settings, the product tree: docs/decisions/077-kept-copies.md). It is dropped at any notice of
 * the change bus, as the response store is, and is at most `maxAgeMs` old. While this node does not
 * hear the bus (before it listens, while it reconnects) every call reads, and so does every call
 * between this node announcing a change and hearing its notice (which on PostgreSQL comes a few
 * milliseconds after the commit): an editor's next page shows the change. Callers share the copy:
 * they must not change it.
 */
export function keptCopy<T>(
  changes: Pick<ChangeBus, 'subscribe' | 'announcing' | 'live'>,
  read: () => PromiseLike<T>,
  maxAgeMs = KEPT_COPY_MAX_AGE_MS,
): () => Promise<T> {
  let kept: { value: Promise<T>; at: number } | null = null
  let subscribed = false
  let asideUntil = 0
  return () => {
    if (!subscribed) {
      subscribed = true
      changes.subscribe(() => {
        kept = null
        asideUntil = 0
      })
      changes.announcing(() => {
        kept = null
        asideUntil = performance.now() + ANNOUNCED_HOLD_MS
      })
    }
    const now = performance.now()
    if (!changes.live() || now < asideUntil) return Promise.resolve(read())
    if (kept && now - kept.at < maxAgeMs) return kept.value
    // The read in flight is shared; a notice meanwhile drops it, so what it read is not kept. A query
    // builder is a thenable that runs again at each await: the copy is the promise of one run.
    const value = Promise.resolve(read())
    const copy = { value, at: now }
    kept = copy
    value.catch(() => {
      if (kept === copy) kept = null
    })
    return value
  }
}
