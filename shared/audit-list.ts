import type { ListSpec } from './console-lists.ts'

/** The audit list's sortable columns: newest entries first by default. */
export const AUDIT_SORTS = ['when', 'action', 'type'] as const
export type AuditSort = (typeof AUDIT_SORTS)[number]

/** A calendar day as the date input sends it. */
export const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The audit trail on the console lists' query contract (docs/decisions/054-console-lists.md): the
 * search words over the action, the record's type and id and the person's name and ID; the person
 * (a staff id), the record type and the days from and to as the list's own filters (an entry has no
 * publishing status or language). A person or type with no entries finds none.
 */
export const AUDIT_LIST_SPEC: ListSpec<AuditSort> = {
  statuses: [],
  sorts: AUDIT_SORTS,
  defaultSort: 'when',
  dirs: { when: 'desc' },
  filters: {
    person: { pattern: /^[1-9]\d{0,8}$/, error: 'console.list.error.choice' },
    type: { pattern: /^[\w.:-]{1,64}$/, error: 'console.list.error.choice' },
    from: { pattern: DAY, error: 'console.list.error.day' },
    to: { pattern: DAY, error: 'console.list.error.day' },
  },
  perLanguage: false,
}
