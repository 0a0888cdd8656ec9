import { data, redirect, type AppLoadContext } from 'react-router'
import type { FormResult } from '#app/components/form/form-result.ts'
import { FormBodyError } from '#server/http/form-body.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import { customerAnswerSchema } from '#shared/service-inbox.ts'
import { SERVICE_REQUEST_STATUS_PATH } from '#shared/service-request-paths.ts'
import { isRequestStatus } from '#shared/service-request-status.ts'
import { formatFileSize } from '#shared/uploads.ts'
import { requestAccess } from './request-status.server.ts'
import { filesMessage, readRequestPost, refusedPostKey } from './request-post.server.ts'

/**
 * The customer's side of the thread on the status page (docs/decisions/070-service-inbox.md): the
 * replies and the customer's own answers (never staff notes or events), the status in words, and
 * the answer form (text and attachments, without JavaScript; a refusal shows the text again).
 */

export type AnswerResult = FormResult & { values?: { body?: string }; reattach?: string[] }

const privateNoStore = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' }
const notFound = () => data(null, { status: 404, headers: privateNoStore })

/** The thread as its customer sees it; the query (`?key=…`) the page's own links and form keep. */
export async function loadCustomerThread(request: Request, context: AppLoadContext, tracking: string) {
  const access = await requestAccess(request, context)
  const row = await context.services.serviceRequests.owned(tracking, access)
  if (!row) throw notFound()
  const keyQuery = access.key && row.user_id === null ? `?${new URLSearchParams({ key: access.key })}` : ''
  const messages = await context.services.serviceInbox.customerThread(row.id)
  return {
    state: isRequestStatus(row.status) ? row.status : ('received' as const),
    answered: new URL(request.url).searchParams.get('answered') === '1',
    action: `${SERVICE_REQUEST_STATUS_PATH}/${tracking}${keyQuery}`,
    thread: messages.map((m) => ({
      id: m.id,
      kind: m.kind as 'reply' | 'customer',
      body: m.body,
      at: m.at.toISOString(),
      files: m.files.map((f) => ({
        id: f.id,
        name: f.name,
        size: formatFileSize(f.size),
        href: `${SERVICE_REQUEST_STATUS_PATH}/${tracking}/files/${f.id}${keyQuery}`,
      })),
    })),
  }
}

/** The customer's answer: checked, its files cleaned, stored; then back to the page (`answered=1`). */
export async function submitAnswer(request: Request, context: AppLoadContext, tracking: string) {
  const access = await requestAccess(request, context)
  const row = await context.services.serviceRequests.owned(tracking, access)
  if (!row) throw notFound()
  let posted: Awaited<ReturnType<typeof readRequestPost>>
  try {
    posted = await readRequestPost(request)
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error
    const key = refusedPostKey(error)
    return data<AnswerResult>({ errors: {}, message: { key } }, { status: error.status, headers: privateNoStore })
  }
  try {
    const values = { body: (posted.fields.body ?? '').slice(0, 10_000) }
    const names = posted.files.map((f) => f.name)
    const refuse = (result: AnswerResult, status: number, headers: Record<string, string> = {}) =>
      data<AnswerResult>({ values, reattach: names, ...result }, { status, headers: { ...privateNoStore, ...headers } })
    const parsed = customerAnswerSchema.safeParse(posted.fields)
    if (!parsed.success)
      return refuse({ errors: fieldErrors(parsed.error), message: { key: 'serviceThread.error.form' } }, 400)
    const outcome = await context.services.serviceInbox.answer(row.id, parsed.data, posted.files)
    if (outcome.ok) {
      const url = new URL(request.url)
      const params = new URLSearchParams()
      const key = url.searchParams.get('key')
      if (key && row.user_id === null) params.set('key', key)
      params.set('answered', '1')
      return redirect(`${SERVICE_REQUEST_STATUS_PATH}/${tracking}?${params}`, { headers: privateNoStore })
    }
    switch (outcome.reason) {
      case 'not-found':
        throw notFound()
      case 'closed':
        return refuse({ errors: {}, message: { key: 'serviceThread.error.closed' } }, 409)
      case 'limited':
        return refuse(
          {
            errors: {},
            message: {
              key: 'serviceThread.error.limited',
              vars: { minutes: String(Math.max(1, Math.ceil(outcome.retryAfterSec / 60))) },
            },
          },
          429,
          { 'Retry-After': String(outcome.retryAfterSec) },
        )
      case 'files': {
        const message = filesMessage(outcome.problems)
        return refuse({ errors: { files: message.key }, message }, 400)
      }
    }
  } finally {
    // The reader's temporary files, whatever the outcome.
    await posted.dispose()
  }
}
