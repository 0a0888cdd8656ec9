import { data, redirect, type AppLoadContext } from 'react-router'
import type { FormResult } from '#app/components/form/form-result.ts'
import { getUser } from '#app/utils/session.server.ts'
import { FormBodyError } from '#server/http/form-body.ts'
import { readFormWithFiles } from '#server/http/form-files.ts'
import type { FileRefusal } from '#server/services/service-requests/index.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import {
  ATTACHMENT_RULES,
  HONEYPOT_FIELD,
  SERVICE_REQUEST_FIELDS,
  serviceRequestSchema,
  UNIT_SERIAL_PREFILL_MAX,
} from '#shared/service-request-rules.ts'

/** The form's values as typed, sent back so a refused form loses nothing. */
export type FormValues = Partial<Record<(typeof SERVICE_REQUEST_FIELDS)[number], string>>

export type RequestFormResult = FormResult & {
  values?: FormValues
  /** Names of the files that must be chosen again. */
  reattach?: string[]
  /** The confirmation link was mailed to this address. */
  sent?: string
}

/** What the form starts with: the unit of `?serial=`, a member's contact fields, the signed start time. */
export async function loadRequestForm(request: Request, context: AppLoadContext) {
  const asked = (new URL(request.url).searchParams.get('serial') ?? '').trim().slice(0, UNIT_SERIAL_PREFILL_MAX)
  const [user, unit, stamp] = await Promise.all([
    getUser(request, context),
    asked ? context.services.serviceRequests.findUnit(asked) : null,
    context.services.serviceRequests.formStamp(),
  ])
  return {
    stamp,
    member: user ? { name: user.name, company: user.company, email: user.username } : null,
    prefill: { serial: unit?.serial ?? asked, model: unit?.model ?? '' },
    /** The serial of the address is one of the known orders' (its model shown); false when unknown. */
    unit: unit ? { serial: unit.serial, model: unit.model ?? '' } : null,
    serialUnknown: asked !== '' && !unit,
  }
}

const FILE_MESSAGES = {
  count: 'serviceRequest.error.fileCount',
  'too-large': 'serviceRequest.error.fileTooLarge',
  type: 'serviceRequest.error.fileType',
  damaged: 'serviceRequest.error.fileDamaged',
  empty: 'serviceRequest.error.fileDamaged',
} as const satisfies Record<string, MessageKey>

function refusal(outcome: FileRefusal, values: FormValues, names: string[]) {
  const base = { values, reattach: names }
  switch (outcome.reason) {
    case 'honeypot':
    case 'fast':
    case 'stale':
      return data<RequestFormResult>(
        { ...base, errors: {}, message: { key: `serviceRequest.error.${outcome.reason}` } },
        { status: 400 },
      )
    case 'serial':
      return data<RequestFormResult>(
        {
          ...base,
          errors: { serial: 'serviceRequest.error.serialUnknown' },
          message: { key: 'serviceRequest.error.form' },
        },
        { status: 400 },
      )
    case 'limited': {
      const minutes = String(Math.max(1, Math.ceil(outcome.retryAfterSec / 60)))
      const key =
        outcome.cause === 'address' ? 'serviceRequest.error.limitedAddress' : 'serviceRequest.error.limitedEmail'
      return data<RequestFormResult>(
        { ...base, errors: {}, message: { key, vars: { minutes } } },
        { status: 429, headers: { 'Retry-After': String(outcome.retryAfterSec) } },
      )
    }
    case 'files': {
      const first = outcome.problems[0]!
      return data<RequestFormResult>(
        {
          ...base,
          errors: { files: FILE_MESSAGES[first.problem] },
          message: {
            key: FILE_MESSAGES[first.problem],
            vars: { name: first.name },
          },
        },
        { status: 400 },
      )
    }
  }
}

/** The post of the form: read (multipart, up to the total limit), checked, filed. */
export async function submitRequestForm(request: Request, context: AppLoadContext) {
  let posted: Awaited<ReturnType<typeof readFormWithFiles>>
  try {
    posted = await readFormWithFiles(request.body, request.headers.get('content-type'), {
      limit: ATTACHMENT_RULES.totalBytes + ATTACHMENT_RULES.textBytes,
      contentLength: request.headers.get('content-length'),
      fileField: 'files',
    })
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error
    const key = error.status === 413 ? 'serviceRequest.error.totalTooLarge' : 'api.badRequest'
    return data<RequestFormResult>({ errors: {}, message: { key }, values: {} }, { status: error.status })
  }
  const user = await getUser(request, context)
  const fields: Record<string, string> = { ...posted.fields, ...(user ? { email: user.username } : {}) }
  const values: FormValues = Object.fromEntries(
    SERVICE_REQUEST_FIELDS.flatMap((f) => (typeof fields[f] === 'string' ? [[f, fields[f].slice(0, 5000)]] : [])),
  )
  const names = posted.files.map((f) => f.name)
  const parsed = serviceRequestSchema.safeParse(fields)
  if (!parsed.success)
    return data<RequestFormResult>(
      { errors: fieldErrors(parsed.error), message: { key: 'serviceRequest.error.form' }, values, reattach: names },
      { status: 400 },
    )
  const outcome = await context.services.serviceRequests.file(parsed.data, posted.files, {
    user,
    ip: context.clientIp,
    lang: context.lang,
    stamp: fields.started,
    honeypot: fields[HONEYPOT_FIELD],
  })
  if (!outcome.ok) return refusal(outcome, values, names)
  if (outcome.accepted) return redirect(`${outcome.statusHref}?new=1`)
  return data<RequestFormResult>({ errors: {}, sent: parsed.data.email })
}
