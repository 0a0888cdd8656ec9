import type { LangState, ShowingWindow } from './content-kinds.ts'
import type { Lang } from './locales.ts'
import type { MessageKey } from './i18n/messages.ts'

/**
 * What the console's lists say of a record in one language (docs/decisions/054-console-lists.md),
 * decided here once for every list, its filter and its badges:
 * - `draft`: not public at all (never published, or unpublished);
 * - `hidden`: the record is public but not in this language (or hidden as a whole, as a product can be);
 * - `scheduled` / `live` / `expired`: public, and for a record shown between two dates (popups) before,
 *   inside or after them; a record without dates is `live`;
 * - `changed` ("changed since published"): public with saved changes in this language not published
 *   yet. It goes with `live`, `scheduled` or `expired`, never alone;
 * - `hidden-by-parent`: shown itself but off the site because a node above it is hidden (a product
 *   node of the catalogue's tree, docs/decisions/068-catalogue-list.md; no other record has a parent).
 */
export const RECORD_STATUSES = [
  'draft',
  'scheduled',
  'live',
  'expired',
  'hidden',
  'changed',
  'hidden-by-parent',
] as const
export type RecordStatus = (typeof RECORD_STATUSES)[number]

/** One language of a record: its state and whether it has changes not yet published. */
export type LanguageStatus = { status: Exclude<RecordStatus, 'changed'>; changed: boolean }

export const STATUS_LABELS: Record<RecordStatus, MessageKey> = {
  draft: 'console.status.draft',
  scheduled: 'console.status.scheduled',
  live: 'console.status.live',
  expired: 'console.status.expired',
  hidden: 'console.status.hidden',
  changed: 'console.status.changed',
  'hidden-by-parent': 'console.status.hiddenByParent',
}

/**
 * A record's status in one language from what the editors' services know of it: whether it is
 * public, the language's state (off, live, pending changes) and, for a kind with showing dates,
 * where its published dates stand now.
 */
export function languageStatus(record: {
  published: boolean
  state: LangState
  window?: ShowingWindow | null
  /** Hidden as a whole while public (a hidden product). */
  hidden?: boolean
}): LanguageStatus {
  if (!record.published) return { status: 'draft', changed: false }
  if (record.state === 'off' || record.hidden) return { status: 'hidden', changed: false }
  const status = record.window === 'scheduled' ? 'scheduled' : record.window === 'ended' ? 'expired' : 'live'
  return { status, changed: record.state === 'pending' }
}

/** A status as a badge: its class (the colour) and its words (the state, then "changed since published"). */
export function statusBadge(status: LanguageStatus): { className: RecordStatus; labels: MessageKey[] } {
  return {
    className: status.status,
    labels: status.changed ? [STATUS_LABELS[status.status], STATUS_LABELS.changed] : [STATUS_LABELS[status.status]],
  }
}

/** Whether a language's status is what a list's status filter asks for (`changed` goes with the public states). */
export function statusMatches(status: LanguageStatus, wanted: RecordStatus): boolean {
  return wanted === 'changed' ? status.changed : status.status === wanted
}

/** Both languages of a content record (the editor's state of it): what its badges and the list's filter say. */
export const recordStatuses = (record: {
  published: boolean
  languages: Record<Lang, LangState>
  window: ShowingWindow | null
}): Record<Lang, LanguageStatus> => ({
  ko: languageStatus({ published: record.published, state: record.languages.ko, window: record.window }),
  en: languageStatus({ published: record.published, state: record.languages.en, window: record.window }),
})

/** A record published for both languages at once (a document, a notice): one status, Draft or Live. */
export const publishedStatus = (published: boolean): LanguageStatus => languageStatus({ published, state: 'live' })

/**
 * A node of the product catalogue (one status for both languages: a node is shown or hidden as a
 * whole, docs/decisions/068-catalogue-list.md): Hidden when hidden itself, Hidden by a parent when
 * shown but under a hidden node, else Live. Products have no drafts (a change is public at once).
 */
export const catalogueNodeStatus = (node: { published: boolean; parentsShown: boolean }): LanguageStatus =>
  node.published && !node.parentsShown
    ? { status: 'hidden-by-parent', changed: false }
    : languageStatus({ published: true, state: 'live', hidden: !node.published })
