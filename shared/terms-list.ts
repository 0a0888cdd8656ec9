import type { ListSpec } from './console-lists.ts'
import { languageStatus, type LanguageStatus, type RecordStatus } from './record-status.ts'
import type { TermsState } from './terms-rules.ts'
import { TERMS_TYPE } from './type-codes.ts'

/** The terms list's sortable columns: by effective date by default (drafts, which have none, first; then the newest). */
export const TERMS_SORTS = ['effective', 'version', 'updated'] as const
export type TermsSort = (typeof TERMS_SORTS)[number]

/** The statuses a terms version can have, in the toolkit's words (a superseded version reads Expired). */
export const TERMS_STATUSES = ['draft', 'scheduled', 'live', 'expired'] as const satisfies readonly RecordStatus[]
export type TermsStatus = (typeof TERMS_STATUSES)[number]

/**
 * The terms versions on the console lists' query contract (docs/decisions/067-terms-and-imports-lists.md):
 * the search words over both titles and both bodies, the terms type (`type`: service or privacy) as
 * the list's own filter, and one status per version (a version is published for both languages at once).
 */
export const TERMS_LIST_SPEC: ListSpec<TermsSort> = {
  statuses: TERMS_STATUSES,
  sorts: TERMS_SORTS,
  defaultSort: 'effective',
  dirs: { effective: 'desc', version: 'desc', updated: 'desc' },
  filters: { type: Object.keys(TERMS_TYPE) },
  perLanguage: false,
}

/**
 * A version's state as the toolkit's one status function says it (shared/record-status.ts): a
 * draft is Draft; a published one is Scheduled before its effective date, Live while in force and
 * Expired once a later version took effect (its showing window has ended).
 */
export const termsStatus = (state: TermsState): LanguageStatus =>
  languageStatus({
    published: state !== 'draft',
    state: 'live',
    window: state === 'scheduled' ? 'scheduled' : state === 'superseded' ? 'ended' : 'current',
  })

/** A terms version's status filter as the state it names. */
export const TERMS_STATE_OF: Record<TermsStatus, TermsState> = {
  draft: 'draft',
  scheduled: 'scheduled',
  live: 'current',
  expired: 'superseded',
}
