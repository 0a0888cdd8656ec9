import { z } from './zod.ts'
import { messageKey } from './field-errors.ts'
import { ORDER_SYSTEMS } from './order-rules.ts'

/**
 * The console's member pages (docs/decisions/016-console-members-and-access.md): the states a
 * member is shown in, the list's filter, the per-order access-log lookup, written once for the
 * browser and the server.
 */

/** A member's state, first match wins: withdrawn, locked (10 wrong passwords, 15 minutes), unverified (e-mail not confirmed), active. */
export const MEMBER_STATES = ['active', 'unverified', 'locked', 'withdrawn'] as const
export type MemberState = (typeof MEMBER_STATES)[number]

/** Which column the search word is looked for in. */
export const MEMBER_SEARCH_FIELDS = ['all', 'company', 'division', 'name', 'email'] as const
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number]

export const MEMBER_ADMIN_LIMITS = {
  pageSize: 30,
  /** Rows of a member's restricted-area access log per page. */
  logPageSize: 20,
  /** Rows of the per-order access log per page. */
  orderLogPageSize: 30,
  queryMax: 100,
  /** At most this many rows go into one CSV export (the filter narrows a larger list). */
  exportMax: 50_000,
} as const

const lenientPage = z.coerce.number().int().min(1).max(10_000).catch(1)

/**
 * The member list's query (a GET form): a search word and its column, state and access filters,
 * the page. Unknown choices fall back to "all"; only an over-long word is refused (400, at the input).
 */
export const memberFilterSchema = z.object({
  q: z
    .string()
    .transform((v) => v.normalize('NFC').trim())
    .pipe(z.string().max(MEMBER_ADMIN_LIMITS.queryMax, messageKey('console.members.errorQueryLong')))
    .optional()
    .transform((v) => v ?? ''),
  field: z.enum(MEMBER_SEARCH_FIELDS).catch('all'),
  state: z.enum(['', ...MEMBER_STATES]).catch(''),
  access: z.enum(['', 'Y', 'N']).catch(''),
  page: lenientPage,
})
export type MemberFilter = z.output<typeof memberFilterSchema>

/** The filter without the page (what an export or an audit entry records). */
export type MemberFilterFields = Omit<MemberFilter, 'page'>

/** The filter as query parameters, without empty or default values (the export form, links back to the list). */
export function filterParams(filter: MemberFilterFields): Record<string, string> {
  const out: Record<string, string> = {}
  if (filter.q) out.q = filter.q
  if (filter.q && filter.field !== 'all') out.field = filter.field
  if (filter.state) out.state = filter.state
  if (filter.access) out.access = filter.access
  return out
}

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
