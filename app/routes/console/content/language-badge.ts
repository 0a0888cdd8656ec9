import type { LangState, ShowingWindow } from '#shared/content-kinds.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'

const STATE_LABELS: Record<LangState, MessageKey> = {
  off: 'console.content.status.unpublished',
  live: 'console.content.status.published',
  pending: 'console.content.status.draft',
}

/** A public record of a kind shown between two dates (popups): not yet, now, no more. */
const WINDOW_LABELS: Record<ShowingWindow, MessageKey> = {
  scheduled: 'console.content.status.scheduled',
  current: 'console.content.status.live',
  ended: 'console.content.status.expired',
}

/**
 * What one language of a record shows: hidden (not public in it); for a kind with a showing window
 * (popups), Scheduled, Live or Expired by the published dates, with "changes not yet published"
 * after it when there are some; otherwise published, or published with changes pending.
 */
export function languageBadge(
  state: LangState,
  window: ShowingWindow | null,
): { className: string; labels: MessageKey[] } {
  if (state === 'off' || window === null) return { className: state, labels: [STATE_LABELS[state]] }
  if (window === 'current')
    return state === 'pending'
      ? { className: 'pending', labels: [STATE_LABELS.pending] }
      : { className: 'live', labels: [WINDOW_LABELS.current] }
  const labels: MessageKey[] = [WINDOW_LABELS[window]]
  if (state === 'pending') labels.push(STATE_LABELS.pending)
  return { className: window === 'ended' ? 'expired' : 'scheduled', labels }
}
