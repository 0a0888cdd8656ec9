import type { ListSpec } from './console-lists.ts'
import { STAFF_ROLES } from './staff-rules.ts'

/** A staff account's state: signed in once at least (set up), invited and not set up yet, or disabled. */
export const STAFF_STATES = ['active', 'invited', 'disabled'] as const
export type StaffState = (typeof STAFF_STATES)[number]

/** The staff list's sortable columns: by role (administrators first) by default; the last sign-in newest first. */
export const STAFF_SORTS = ['role', 'name', 'email', 'lastSignIn'] as const
export type StaffSort = (typeof STAFF_SORTS)[number]

/**
 * The staff list on the console lists' query contract (docs/decisions/054-console-lists.md): the
 * search words over name and ID, the role and the account's state as the list's own filters (an
 * account has no publishing status or language).
 */
export const STAFF_LIST_SPEC: ListSpec<StaffSort> = {
  statuses: [],
  sorts: STAFF_SORTS,
  defaultSort: 'role',
  dirs: { lastSignIn: 'desc' },
  filters: { role: STAFF_ROLES, state: STAFF_STATES },
  perLanguage: false,
}
