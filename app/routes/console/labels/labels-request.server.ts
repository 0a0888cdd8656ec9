import { Readable } from 'node:stream'
import '#shared/i18n/catalogs.server.ts'
import { fieldErrors, type FieldErrors } from '#shared/field-errors.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import { LABEL_LIMITS, labelRequestSchema, type LabelRequest } from '#shared/label-rules.ts'
import type { Lang } from '#shared/locales.ts'
import type { LabelsService } from '#server/services/labels/index.ts'
import { consoleHeaders } from '../console.server.ts'

/** The label form's query, checked: the request, or the form as typed with a message per field. */
export function readLabelRequest(
  url: URL,
): { ok: true; request: LabelRequest } | { ok: false; typed: Record<string, string>; errors: FieldErrors } {
  const typed = Object.fromEntries(url.searchParams)
  const parsed = labelRequestSchema.safeParse(typed)
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, typed, errors: fieldErrors(parsed.error) }
}

/** A refusal in the console's language, as plain text: the form shows the same words at its fields. */
function refused(lang: Lang, key: MessageKey, params?: Record<string, string | number>) {
  return new Response(translate(lang, key, params), {
    status: 400,
    headers: { ...consoleHeaders(), 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

/** The answer of `/admin/labels/pdf`: the PDF streamed, or a 400 saying why there is none. */
export async function labelsPdfResponse(url: URL, labels: LabelsService, lang: Lang, today: Date): Promise<Response> {
  const asked = readLabelRequest(url)
  if (!asked.ok) return refused(lang, Object.values(asked.errors)[0] ?? 'api.badRequest')
  const made = await labels.pdf(asked.request)
  if (!made.ok)
    return made.reason === 'too-many'
      ? refused(lang, 'console.labels.tooMany', { max: LABEL_LIMITS.labelsMax })
      : refused(lang, 'console.labels.none')
  return new Response(Readable.toWeb(made.stream) as ReadableStream, {
    headers: {
      ...consoleHeaders(),
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="nameplate-labels-${asked.request.layout}-${today.toISOString().slice(0, 10)}.pdf"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
