import { data } from 'react-router'
import type { BulkConfirmation, BulkReport } from '#app/components/console/list-kit.tsx'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import type { BulkOutcome } from '#server/services/console-lists.ts'
import { parseListQuery, readBulkForm, type BulkAction, type BulkItem, type ListSpec } from '#shared/console-lists.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import type { Lang } from '#shared/locales.ts'
import { consoleHeaders } from './console.server.ts'

/**
 * The console lists' two server steps (docs/decisions/054-console-lists.md): reading a list's
 * address (400 with the fields it could not read, the page still shown with those at their
 * defaults), and a bulk action's post: without `confirm=yes` the confirmation (the records named,
 * nothing changed), with it the action in one transaction and its report.
 */

/** A list's query from the request's address, and the status the page answers with (400 when a field was bad). */
export function listQueryOf<S extends string>(spec: ListSpec<S>, request: Request) {
  const parsed = parseListQuery(spec, new URL(request.url).searchParams)
  return { ...parsed, status: Object.keys(parsed.errors).length > 0 ? 400 : 200 }
}

/** What a bulk post answers the list: the form's problem, the confirmation, or the report. */
export type BulkAnswer = {
  bulkError?: MessageKey
  confirmation?: BulkConfirmation
  report?: BulkReport
}

const answer = (body: BulkAnswer, status = 200) => data<BulkAnswer>(body, { status, headers: consoleHeaders() })

/**
 * A bulk post: read it (the actions the list allows, its items), then either the confirmation
 * (`labels` names the records; ids no longer there are left out) or the action (`apply`) and its
 * report: 200 when every record changed, 409 when some were refused (each named with its reason).
 */
export async function bulkStep(args: {
  form: Record<string, string>
  allowed: readonly BulkAction[]
  lang: Lang
  labels: (ids: number[]) => Promise<Map<number, string>>
  apply: (action: BulkAction, items: BulkItem[]) => Promise<BulkOutcome[]>
  /** A field's name as the form labels it (a refusal to publish names the empty fields). */
  fieldLabel: (field: string) => string
}) {
  const read = readBulkForm(args.form, args.allowed)
  if (!read.ok) return answer({ bulkError: read.error }, 400)
  const labels = await args.labels(read.items.map((i) => i.id))
  const label = (id: number) => labels.get(id) ?? `#${id}`
  if (!read.confirmed) {
    const items = read.items.filter((i) => labels.has(i.id)).map((i) => ({ ...i, label: label(i.id) }))
    if (items.length === 0) return answer({ bulkError: 'console.list.failed.notFound' }, 404)
    return answer({ confirmation: { action: read.action, items } })
  }
  const outcomes = await args.apply(read.action, read.items)
  const failed = outcomes.flatMap((o) => {
    if (o.ok) return []
    const message: BulkReport['failed'][number]['message'] =
      o.reason === 'conflict'
        ? {
            key: 'console.list.failed.conflict',
            vars: {
              name: o.by ?? translate(args.lang, 'console.content.someone'),
              time: koreaDateTime(o.at, args.lang, true),
            },
          }
        : o.reason === 'invalid'
          ? {
              key: 'console.list.failed.invalid',
              vars: { fields: Object.keys(o.errors).map(args.fieldLabel).join(', ') },
            }
          : { key: 'console.list.failed.notFound' }
    return [{ id: o.id, label: label(o.id), message }]
  })
  const report: BulkReport = { action: read.action, done: outcomes.length - failed.length, failed }
  return answer({ report }, failed.length ? 409 : 200)
}
