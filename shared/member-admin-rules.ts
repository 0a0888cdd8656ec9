import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { ORDER_SYSTEMS } from './order-rules.ts'
import type { ListQuery, ListSpec } from './console-lists.ts'

/**
 * The console's member pages (docs/decisions/016-console-members-and-access.md): the states a
 * member is shown in, the list's filter, the per-order access-log lookup, written once for the
 * browser and the server.
 */

/** A member's state, first match wins: withdrawn, locked (10 wrong passwords, 15 minutes), unverified (e-mail not confirmed), active. */
export const MEMBER_STATES = ['active', 'unverified', 'locked', 'withdrawn'] as const
export type MemberState = (typeof MEMBER_STATES)[number]

export const MEMBER_ADMIN_LIMITS = {
  /** Rows of a member's restricted-area access log per page. */
  logPageSize: 20,
  /** Rows of the per-order access log per page. */
  orderLogPageSize: 30,
  /** At most this many rows go into one CSV export (the filter narrows a larger list). */
  exportMax: 50_000,
} as const

const lenientPage = z.coerce.number().int().min(1).max(10_000).catch(1)

/** The member list's sortable columns: newest members first by default; dates newest first. */
export const MEMBER_SORTS = ['joined', 'company', 'name', 'email', 'lastLogin'] as const
export type MemberSort = (typeof MEMBER_SORTS)[number]

/**
 * The member list on the console lists' query contract (docs/decisions/054-console-lists.md): the
 * search words over company, department, name and e-mail, the member's state and restricted-area
 * access as the list's own filters (a member has no publishing status or language).
 */
export const MEMBER_LIST_SPEC: ListSpec<MemberSort> = {
  statuses: [],
  sorts: MEMBER_SORTS,
  defaultSort: 'joined',
  dirs: { joined: 'desc', lastLogin: 'desc' },
  filters: { state: MEMBER_STATES, access: ['Y', 'N'] },
  perLanguage: false,
}

/** What the list's query selects (the export writes these rows and records this filter in its audit entry). */
export type MemberFilterFields = { q: string; state: MemberState | ''; access: 'Y' | 'N' | '' }

/** The filter of a member list's query (its sort and page aside). */
export const memberFilterOf = (query: ListQuery<MemberSort>): MemberFilterFields => ({
  q: query.q,
  state: (query.filters.state ?? '') as MemberState | '',
  access: (query.filters.access ?? '') as 'Y' | 'N' | '',
})

/** Work numbers (E25-000142) and ORD numbers (25-0100) as the restricted area stores them. */
const ORDER_NUMBER = /^[0-9A-Za-z][0-9A-Za-z-]{0,39}$/

/** The per-order access log's query: a system and a work or ORD number (optional: the empty form). */
export const orderLogQuerySchema = z.object({
  system: z.enum(ORDER_SYSTEMS).catch('ERP'),
  number: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().regex(ORDER_NUMBER, messageKey('console.accessLog.errorNumber')))
    .optional(),
  page: lenientPage,
})

/** A yes to an irreversible action (withdrawing a member): only the confirmation box's value counts. */
export const confirmField = z.literal('yes', { error: messageKey('console.member.errorConfirm') })
