import { z } from './zod.ts'
import type { ListSpec } from './console-lists.ts'
import { messageKey } from './field-errors.ts'
import type { MessageKey } from './i18n/messages.ts'
import { REQUEST_KINDS, REQUEST_STATUSES, type RequestKind, type RequestStatus } from './service-request-status.ts'

/**
 * The staff inbox of service requests (issue 35, docs/decisions/070-service-inbox.md): the list's
 * query on the console lists' contract, the labels of the statuses, and the checks of the thread's
 * actions (status, assignment, note, reply) and of the customer's answer, written once for the
 * browser and the server.
 */

/** The inbox's sortable columns: received (newest first), last update (newest first), status (in the flow's order). */
export const INBOX_SORTS = ['received', 'updated', 'status'] as const
export type InboxSort = (typeof INBOX_SORTS)[number]

/** The state filter: the open ones (the default, ''), every status, or one status. */
export const INBOX_STATES = ['all', ...REQUEST_STATUSES] as const
/** The age filter: received more than one working day ago, or more than seven days ago. */
export const INBOX_AGES = ['1wd', '7d'] as const
export type InboxAge = (typeof INBOX_AGES)[number]
/** The assignee filter's own values besides a staff member's id. */
export const ASSIGNEE_ME = 'me'
export const ASSIGNEE_NONE = 'none'

export const INBOX_LIST_SPEC: ListSpec<InboxSort> = {
  statuses: [],
  sorts: INBOX_SORTS,
  defaultSort: 'received',
  dirs: { received: 'desc', updated: 'desc', status: 'asc' },
  filters: {
    kind: REQUEST_KINDS,
    state: INBOX_STATES,
    assignee: { pattern: /^(?:[1-9]\d{0,8}|me|none)$/, error: 'console.list.error.choice' },
    team: { pattern: /^(?:[1-9]\d{0,8}|none)$/, error: 'console.list.error.choice' },
    age: INBOX_AGES,
  },
  perLanguage: false,
}

/** A status and a kind in the staff's words (the console's badges); the customer's are requestStatusKey / requestKindKey. */
export const statusKey = (s: RequestStatus) => `serviceThread.status.${s}` as MessageKey
export const kindKey = (k: RequestKind) => `serviceThread.kind.${k}` as MessageKey

/** How long a text of the thread may be. */
export const THREAD_LIMITS = { body: 8000 } as const

/**
 * A request's version as the staff page loaded it: its `updated_at` in milliseconds. Every change
 * of the request (status, assignment, a reply, the customer's answer) moves it; a note does not.
 */
export const versionField = z
  .string()
  .regex(/^\d{1,15}$/, messageKey('serviceThread.error.version'))
  .transform(Number)

const bodyField = z
  .string()
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, messageKey('serviceThread.error.bodyRequired'))
      .max(THREAD_LIMITS.body, messageKey('serviceThread.error.bodyLong'))
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, messageKey('serviceThread.error.bodyRequired')),
  )

export const inboxStatusSchema = z.object({
  version: versionField,
  status: z.enum(REQUEST_STATUSES, { error: messageKey('serviceThread.error.status') }),
})

export const inboxAssignSchema = z.object({
  version: versionField,
  /** A staff member's id, or '' to unassign. */
  assignee: z
    .string()
    .regex(/^(?:[1-9]\d{0,8})?$/, messageKey('serviceThread.error.assignee'))
    .transform((v) => (v ? Number(v) : null)),
})

export const inboxNoteSchema = z.object({ body: bodyField })
export const inboxReplySchema = z.object({ version: versionField, body: bodyField })
/** The customer's answer from the status page. */
export const customerAnswerSchema = z.object({ body: bodyField })

/** The fields each action sends back on a refusal, so nothing typed is lost. */
export const INBOX_ACTIONS = ['status', 'assign', 'note', 'reply'] as const
export type InboxAction = (typeof INBOX_ACTIONS)[number]
