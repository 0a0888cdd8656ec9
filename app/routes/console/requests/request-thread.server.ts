import { Readable } from 'node:stream'
import { data, redirect, type AppLoadContext } from 'react-router'
import type { FormResult } from '#app/components/form/form-result.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import { contentDisposition } from '#server/api/downloads.ts'
import { FormBodyError } from '#server/http/form-body.ts'
import type { ActionOutcome } from '#server/services/service-inbox/index.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import {
  inboxAssignSchema,
  inboxNoteSchema,
  inboxReplySchema,
  inboxStatusSchema,
  statusKey,
  type InboxAction,
} from '#shared/service-inbox.ts'
import { TRACKING_PATTERN } from '#shared/service-request-paths.ts'
import { isRequestStatus } from '#shared/service-request-status.ts'
import { roleAtLeast } from '#shared/staff-rules.ts'
import { formatFileSize } from '#shared/uploads.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { filesMessage, readRequestPost, refusedPostKey } from '#app/routes/service-request/request-post.server.ts'

/** What an action of the thread page answers: which form, what it posted (shown again on a refusal), what changed meanwhile. */
export type ThreadAnswer = FormResult & {
  form?: InboxAction
  values?: Record<string, string>
  /** Names of the files to choose again (a refused reply). */
  reattach?: string[]
  /** What others changed since the page was loaded (a refused stale action). */
  changes?: { what: string; by: string; at: string }[]
  done?: MessageKey
}

const answer = (body: ThreadAnswer, status = 200) => data<ThreadAnswer>(body, { status, headers: consoleHeaders() })

/** The request's id from the address: its number, or its tracking number (then redirected to the number). */
async function idOf(context: AppLoadContext, param: string): Promise<number> {
  if (/^[1-9]\d{0,8}$/.test(param)) return Number(param)
  if (TRACKING_PATTERN.test(param) || /^[A-Z]{2}-\d{4}-\d{6}$/.test(param)) {
    const id = await context.services.serviceInbox.idOf(param)
    if (id) throw redirect(`/admin/requests/${id}`, { headers: consoleHeaders() })
  }
  throw data(null, { status: 404, headers: consoleHeaders() })
}

/** The thread page's data: the request, its thread in time order (notes and events included), its files, the staff to assign to. */
export async function loadThread(request: Request, context: AppLoadContext, param: string) {
  const staff = await requireStaff(request, context, 'viewer')
  const id = await idOf(context, param)
  const inbox = context.services.serviceInbox
  const [found, people] = await Promise.all([inbox.thread(id), inbox.assignable()])
  if (!found) throw data(null, { status: 404, headers: consoleHeaders() })
  const r = found.request
  const fileOf = (f: (typeof found.files)[number]) => ({
    id: f.id,
    name: f.name,
    size: formatFileSize(f.size),
    href: `/admin/requests/${r.id}/files/${f.id}`,
  })
  return data(
    {
      canAct: roleAtLeast(staff.user.role, 'editor'),
      me: staff.user.id,
      request: {
        id: r.id,
        kind: r.kind === 'iq' ? ('iq' as const) : ('as' as const),
        tracking: r.tracking_no ?? '',
        status: isRequestStatus(r.status) ? r.status : 'received',
        version: r.updated_at.getTime(),
        lang: r.lang,
        acceptedAt: r.accepted_at?.toISOString() ?? null,
        updatedAt: r.updated_at.toISOString(),
        firstResponseAt: r.first_response_at?.toISOString() ?? null,
        resolvedAt: r.resolved_at?.toISOString() ?? null,
        closedAt: r.closed_at?.toISOString() ?? null,
        assigneeId: r.assignee_id,
        assignee: found.assigneeName,
        team: found.team,
        teamEn: found.teamEn,
        member: r.user_id !== null,
        fields: {
          serial: r.serial_no,
          model: r.model,
          site: r.site_name,
          symptom: r.symptom,
          description: r.description,
          name: r.contact_name,
          company: r.company,
          phone: r.phone,
          email: r.email,
          contactTime: r.contact_time,
        },
        details: r.details,
      },
      files: found.files.filter((f) => f.messageId === null).map(fileOf),
      thread: found.messages.map((m) => ({
        id: m.id,
        kind: m.kind as 'reply' | 'customer' | 'note' | 'event',
        body: m.body,
        data: (m.data ?? null) as {
          status?: string
          from?: string
          assignee?: number | null
          assigneeName?: string | null
        } | null,
        at: m.at.toISOString(),
        author: m.author,
        mine: m.authorId === staff.user.id,
        files: found.files.filter((f) => f.messageId === m.id).map(fileOf),
      })),
      people,
    },
    { headers: consoleHeaders() },
  )
}

/** A refusal's "what changed meanwhile", in the staff member's language. */
function changesOf(outcome: Extract<ActionOutcome, { reason: 'conflict' }>, lang: 'ko' | 'en') {
  const someone = translate(lang, 'console.content.someone')
  return outcome.changes.map((c) => {
    const status = typeof c.data?.status === 'string' && isRequestStatus(c.data.status) ? c.data.status : null
    const what =
      c.kind === 'event' && status
        ? translate(lang, 'console.inbox.changedStatus', { status: translate(lang, statusKey(status)) })
        : c.kind === 'event'
          ? translate(lang, 'console.inbox.changedAssignee', {
              name:
                typeof c.data?.assigneeName === 'string'
                  ? c.data.assigneeName
                  : translate(lang, 'console.inbox.nobody'),
            })
          : c.kind === 'reply'
            ? translate(lang, 'console.inbox.changedReply')
            : translate(lang, 'console.inbox.changedCustomer')
    const by = c.by ?? (c.kind === 'customer' ? translate(lang, 'console.inbox.customer') : someone)
    return { what, by, at: koreaDateTime(c.at, lang, true) }
  })
}

/** The thread's actions (editors and administrators): status, assignment, note, reply (with files). */
export async function threadAction(request: Request, context: AppLoadContext, param: string) {
  const staff = await requireStaff(request, context, 'editor')
  if (!/^[1-9]\d{0,8}$/.test(param)) return answer({ errors: {}, message: { key: 'api.badRequest' } }, 400)
  const id = Number(param)
  let posted: Awaited<ReturnType<typeof readRequestPost>>
  try {
    posted = await readRequestPost(request)
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error
    const key = refusedPostKey(error)
    return answer({ errors: {}, message: { key } }, error.status)
  }
  try {
    const fields = posted.fields
    const intent = fields.intent
    const values = Object.fromEntries(
      ['status', 'assignee', 'body'].flatMap((f) =>
        typeof fields[f] === 'string' ? [[f, fields[f]!.slice(0, 10_000)]] : [],
      ),
    )
    const names = posted.files.map((f) => f.name)
    const lang = context.lang
    const actor = { id: staff.user.id, ip: context.clientIp }
    const inbox = context.services.serviceInbox
    const base = { form: intent as InboxAction, values }

    const refused = (error: Parameters<typeof fieldErrors>[0]) =>
      answer(
        { ...base, errors: fieldErrors(error), message: { key: 'serviceThread.error.form' }, reattach: names },
        400,
      )
    let outcome: ActionOutcome
    if (intent === 'status') {
      const parsed = inboxStatusSchema.safeParse(fields)
      if (!parsed.success) return refused(parsed.error)
      outcome = await inbox.setStatus(id, parsed.data, actor)
    } else if (intent === 'assign') {
      const parsed = inboxAssignSchema.safeParse(fields)
      if (!parsed.success) return refused(parsed.error)
      outcome = await inbox.assign(id, parsed.data, actor)
    } else if (intent === 'note') {
      const parsed = inboxNoteSchema.safeParse(fields)
      if (!parsed.success) return refused(parsed.error)
      outcome = await inbox.note(id, parsed.data, actor)
    } else if (intent === 'reply') {
      const parsed = inboxReplySchema.safeParse(fields)
      if (!parsed.success) return refused(parsed.error)
      outcome = await inbox.reply(id, parsed.data, posted.files, actor)
    } else return answer({ errors: {}, message: { key: 'api.badRequest' } }, 400)
    if (outcome.ok) {
      const done: Record<InboxAction, MessageKey> = {
        status: 'console.inbox.doneStatus',
        assign: 'console.inbox.doneAssign',
        note: 'console.inbox.doneNote',
        reply: 'console.inbox.doneReply',
      }
      return answer({ form: intent as InboxAction, errors: {}, done: done[intent as InboxAction] })
    }
    switch (outcome.reason) {
      case 'not-found':
        return answer({ ...base, errors: {}, message: { key: 'serviceThread.error.notFound' } }, 404)
      case 'assignee':
        return answer(
          {
            ...base,
            errors: { assignee: 'serviceThread.error.assignee' },
            message: { key: 'serviceThread.error.form' },
          },
          400,
        )
      case 'files':
        return answer(
          {
            ...base,
            errors: { files: filesMessage(outcome.problems).key },
            message: filesMessage(outcome.problems),
            reattach: names,
          },
          400,
        )
      case 'conflict':
        return answer(
          {
            ...base,
            errors: {},
            message: { key: 'serviceThread.error.conflict' },
            changes: changesOf(outcome, lang),
            reattach: names,
          },
          409,
        )
    }
  } finally {
    // The reader's temporary files, whatever the outcome.
    await posted.dispose()
  }
}

/** One file of a request for staff (every role reads): a download, never inline, stored by no cache. */
export async function serveThreadFile(request: Request, context: AppLoadContext, id: string, fileId: string) {
  await requireStaff(request, context, 'viewer')
  const file = await context.services.serviceInbox.openFile(Number(id), Number(fileId))
  if (!file) throw new Response(null, { status: 404, headers: consoleHeaders() })
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      ...consoleHeaders(),
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition(file.name),
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
