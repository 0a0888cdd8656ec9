import { data, redirect, type AppLoadContext } from 'react-router'
import type { FormResult } from '#app/components/form/form-result.ts'
import { getUser } from '#app/utils/session.server.ts'
import { FormBodyError } from '#server/http/form-body.ts'
import { FormFilesError, type FormWithFiles } from '#server/http/form-files.ts'
import type { EarlyCleaning, FiledRequest, FileRefusal } from '#server/services/service-requests/index.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import type { z } from '#shared/zod.ts'
import { INQUIRY_MODEL_PREFILL_MAX } from '#shared/service-request-paths.ts'
import {
  CONSENT_VERSION,
  HONEYPOT_FIELD,
  INQUIRY_CONSENT_VERSION,
  INQUIRY_DETAILS,
  INQUIRY_FIELDS,
  inquirySchema,
  SERVICE_REQUEST_FIELDS,
  serviceRequestSchema,
  UNIT_SERIAL_PREFILL_MAX,
} from '#shared/service-request-rules.ts'
import { filesMessage, readRequestPost, refusedPostKey } from './request-post.server.ts'

/** The form's values as typed, sent back so a refused form loses nothing (the fields of either form). */
export type FormValues = Partial<
  Record<(typeof SERVICE_REQUEST_FIELDS)[number] | (typeof INQUIRY_FIELDS)[number], string>
>

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
      const message = filesMessage(outcome.problems)
      return data<RequestFormResult>({ ...base, errors: { files: message.key }, message }, { status: 400 })
    }
  }
}

/** Values to send back: the known fields as typed (a member's e-mail is the account's). */
function echo(fields: Record<string, string>, names: readonly string[]): FormValues {
  return Object.fromEntries(
    names.flatMap((f) => (typeof fields[f] === 'string' ? [[f, fields[f].slice(0, 5000)]] : [])),
  ) as FormValues
}

/**
 * Reads the multipart post, streaming the files to temporary files (server/http/form-files.ts),
 * and hands it to `handle`; the temporary files are removed afterwards whatever happens. A body the
 * reader refuses (413 over the total, 400 malformed) is answered with the text read until then.
 */
async function withPostedForm<T>(
  request: Request,
  context: AppLoadContext,
  fieldNames: readonly string[],
  handle: (posted: FormWithFiles, early: EarlyCleaning) => Promise<T>,
) {
  let posted: FormWithFiles
  // The photos are cleaned while the rest of the body arrives: the answer follows the last byte closely.
  const early = context.services.serviceRequests.earlyCleaning()
  try {
    posted = await readRequestPost(request, early.add)
  } catch (error) {
    await early.settled()
    if (!(error instanceof FormBodyError)) throw error
    const key = refusedPostKey(error)
    const values = error instanceof FormFilesError ? echo(error.fields, fieldNames) : {}
    return data<RequestFormResult>({ errors: {}, message: { key }, values }, { status: error.status })
  }
  try {
    return await handle(posted, early)
  } finally {
    await early.settled()
    await posted.dispose()
  }
}

/**
 * The post of a request form: read (multipart, streamed up to the total limit), checked against
 * `schema` (a member's e-mail is the account's), made a request by `toFiled`, filed; a refusal
 * sends back everything typed.
 */
function submitForm<T extends { email: string }>(
  request: Request,
  context: AppLoadContext,
  fieldNames: readonly string[],
  schema: z.ZodType<T>,
  toFiled: (parsed: T) => FiledRequest,
) {
  return withPostedForm(request, context, fieldNames, async (posted, early) => {
    const user = await getUser(request, context)
    const fields: Record<string, string> = { ...posted.fields, ...(user ? { email: user.username } : {}) }
    const values = echo(fields, fieldNames)
    const names = posted.files.map((f) => f.name)
    const parsed = schema.safeParse(fields)
    if (!parsed.success)
      return data<RequestFormResult>(
        {
          errors: fieldErrors(parsed.error),
          message: { key: 'serviceRequest.error.form' },
          values,
          reattach: names,
        },
        { status: 400 },
      )
    const outcome = await context.services.serviceRequests.file(toFiled(parsed.data), posted.files, {
      user,
      ip: context.clientIp,
      lang: context.lang,
      stamp: fields.started,
      honeypot: fields[HONEYPOT_FIELD],
      early,
    })
    if (!outcome.ok) return refusal(outcome, values, names)
    if (outcome.accepted) return redirect(`${outcome.statusHref}?new=1`)
    return data<RequestFormResult>({ errors: {}, sent: parsed.data.email })
  })
}

/** The post of the A/S form. */
export function submitRequestForm(request: Request, context: AppLoadContext) {
  return submitForm(request, context, SERVICE_REQUEST_FIELDS, serviceRequestSchema, (p) => ({
    kind: 'as',
    region: p.region,
    serial: p.serial,
    model: p.model,
    site: p.site,
    symptom: p.symptom,
    description: p.description,
    details: {},
    name: p.name,
    company: p.company,
    phone: p.phone,
    email: p.email,
    contact_time: p.contact_time,
    consentVersion: CONSENT_VERSION,
  }))
}

/** What the inquiry form starts with: the model of `?model=`, a member's contact fields, the signed start time. */
export async function loadInquiryForm(request: Request, context: AppLoadContext) {
  const model = (new URL(request.url).searchParams.get('model') ?? '').trim().slice(0, INQUIRY_MODEL_PREFILL_MAX)
  const [user, stamp] = await Promise.all([getUser(request, context), context.services.serviceRequests.formStamp()])
  return {
    stamp,
    member: user ? { name: user.name, company: user.company, email: user.username } : null,
    prefill: { model },
  }
}

/** The post of the inquiry form (docs/decisions/069-inquiries.md): the same reading, checks and filing as the A/S form. */
export function submitInquiryForm(request: Request, context: AppLoadContext) {
  return submitForm(request, context, INQUIRY_FIELDS, inquirySchema, (p) => ({
    kind: 'iq',
    region: p.region,
    serial: '',
    model: p.model,
    site: '',
    symptom: '',
    description: p.description,
    details: Object.fromEntries(INQUIRY_DETAILS.flatMap((k) => (p[k] ? [[k, String(p[k])]] : []))),
    name: p.name,
    company: p.company,
    phone: p.phone,
    email: p.email,
    contact_time: p.contact_time,
    consentVersion: INQUIRY_CONSENT_VERSION,
  }))
}
