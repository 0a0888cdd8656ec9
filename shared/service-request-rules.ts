import { z } from './zod.ts'
import { EMAIL_PATTERN } from './email.ts'
import { messageKey } from './field-errors.ts'
import type { MessageKey } from './i18n/messages.ts'
import { NO_CONTROL } from './member-fields.ts'
import { REQUEST_REGIONS, type RequestRegion } from './service-request-status.ts'

/**
 * The after-sales service request (A/S 신청, docs/decisions/065-service-requests.md), written once
 * for the form in the browser and its action on the server: the fields, their limits, the symptom
 * categories, the attachment rules and the addresses of the pages.
 */

export const SYMPTOMS = [
  'no-power',
  'no-movement',
  'abnormal-noise',
  'leak',
  'position-error',
  'communication',
  'display',
  'other',
] as const
export type Symptom = (typeof SYMPTOMS)[number]
export const symptomKey = (s: Symptom) => `serviceRequest.symptom.${s}` as MessageKey

export const SERVICE_REQUEST_LIMITS = {
  serial: 64,
  model: 100,
  site: 200,
  description: 4000,
  name: 50,
  company: 100,
  phone: 30,
  email: 254,
  contactTime: 100,
} as const

const MB = 1024 * 1024
/**
 * Attachments: at most 5, each at most 10 MB, so at most 50 MB together (the body is read up to
 * that). The body is streamed to temporary files (docs/decisions/069-inquiries.md), so the total no
 * longer bounds the server's memory: it was 30 MB while the body was held in memory (ADR 065).
 */
export const ATTACHMENT_RULES = {
  count: 5,
  fileBytes: 10 * MB,
  totalBytes: 50 * MB,
  /** What the text fields of the form may add to the body. */
  textBytes: 64 * 1024,
  /** Photos (re-encoded on the server) and PDFs, told from the content. */
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const,
  accept: '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf',
} as const

/** The least time a person takes to fill the form; a faster post is refused as automatic. */
export const MIN_FILL_MS = 3000
/** How long the signed start time of a form stays valid. */
export const FORM_STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** The honeypot: hidden from people, filled by form-filling robots. */
export const HONEYPOT_FIELD = 'website'

/** Hours an unconfirmed request waits for its e-mail link before it expires. */
export const CONFIRM_HOURS = 48
/** Years an accepted request and its files are kept (the consent names it). */
export const RETENTION_YEARS = 3

/**
 * The consent's text is versioned: a request stores the version it was given to. The text itself
 * is the catalogue's `serviceRequest.consent.*` keys; changing it means a new version here.
 */
export const CONSENT_VERSION = 'as-consent-2026-11'

function text(max: number, required: MessageKey | null) {
  const base = z
    .string()
    .transform((v) => v.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .max(max, messageKey('serviceRequest.error.tooLong'))
        .regex(NO_CONTROL, messageKey('member.error.invalidCharacters')),
    )
  if (!required) return z.preprocess((v) => v ?? '', base)
  return z.preprocess((v) => v ?? '', base.pipe(z.string().min(1, messageKey(required))))
}

const longText = (required: MessageKey) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.normalize('NFC').trim() : ''),
    z
      .string()
      .min(1, messageKey(required))
      .max(SERVICE_REQUEST_LIMITS.description, messageKey('serviceRequest.error.tooLong')),
  )

/** Where the requester is (both forms): Korea unless chosen otherwise; the routing reads it. */
export const DEFAULT_REGION: RequestRegion = 'domestic'
export const regionKey = (r: RequestRegion) => `serviceRequest.region.${r}` as MessageKey
const region = z.preprocess(
  (v) => v ?? DEFAULT_REGION,
  z.enum(REQUEST_REGIONS, { error: messageKey('serviceRequest.error.regionRequired') }),
)

/** The requester's contact fields, the region and the consent: the same on both forms. */
const contactShape = {
  region,
  name: text(SERVICE_REQUEST_LIMITS.name, 'member.error.nameRequired'),
  company: text(SERVICE_REQUEST_LIMITS.company, 'member.error.companyRequired'),
  phone: text(SERVICE_REQUEST_LIMITS.phone, 'serviceRequest.error.phoneRequired').pipe(
    z.string().regex(/^\+?[0-9][0-9 ()-]{5,28}$/, messageKey('serviceRequest.error.phoneInvalid')),
  ),
  email: text(SERVICE_REQUEST_LIMITS.email, 'serviceRequest.error.emailRequired').pipe(
    z.string().regex(EMAIL_PATTERN, messageKey('member.error.emailInvalid')),
  ),
  contact_time: text(SERVICE_REQUEST_LIMITS.contactTime, null),
  consent: z.literal('Y', { error: messageKey('serviceRequest.error.consentRequired') }),
}

/** The text fields of the form (files are checked from their bytes on the server). */
export const serviceRequestSchema = z.object({
  serial: text(SERVICE_REQUEST_LIMITS.serial, null),
  model: text(SERVICE_REQUEST_LIMITS.model, null),
  site: text(SERVICE_REQUEST_LIMITS.site, null),
  symptom: z.enum(SYMPTOMS, { error: messageKey('serviceRequest.error.symptomRequired') }),
  description: longText('serviceRequest.error.descriptionRequired'),
  ...contactShape,
})

export type ServiceRequestInput = z.output<typeof serviceRequestSchema>
export type ServiceRequestField = keyof z.input<typeof serviceRequestSchema>

/** The fields of `contactShape`, in the order both forms show them. */
const CONTACT_FIELDS = [
  'region',
  'name',
  'company',
  'phone',
  'email',
  'contact_time',
  'consent',
] as const satisfies readonly (keyof typeof contactShape)[]

/** The text fields, in the order the form shows them: what a refused form sends back. */
export const SERVICE_REQUEST_FIELDS = [
  'serial',
  'model',
  'site',
  'symptom',
  'description',
  ...CONTACT_FIELDS,
] as const satisfies readonly ServiceRequestField[]

/** Longest `?serial=` the form takes to prefill. */
export const UNIT_SERIAL_PREFILL_MAX = 64

/**
 * The inquiry / request for quotation (docs/decisions/069-inquiries.md): what is asked, and for a
 * quotation the quantity and the required delivery date; the valve and the electrical data are free
 * fields (the customer writes the units). The contact fields, region and consent as the A/S form.
 */
export const INQUIRY_TOPICS = ['quotation', 'technical', 'partnership', 'other'] as const
export type InquiryTopic = (typeof INQUIRY_TOPICS)[number]
export const inquiryTopicKey = (t: InquiryTopic) => `inquiry.topic.${t}` as MessageKey

export const INQUIRY_LIMITS = {
  model: 100,
  valveType: 100,
  valveSize: 50,
  torque: 50,
  voltage: 50,
  /** Largest quantity: six digits. */
  quantity: 999_999,
} as const

/** The consent of the inquiry form (its purpose differs from the A/S form's): the catalogue's `inquiry.consent.*`. */
export const INQUIRY_CONSENT_VERSION = 'iq-consent-2026-11'

const quantity = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s,]/g, '') : ''),
  z
    .string()
    .regex(/^\d{0,6}$/, messageKey('inquiry.error.quantityInvalid'))
    .refine((v) => v === '' || Number(v) >= 1, messageKey('inquiry.error.quantityInvalid')),
)

const isDate = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && Number(m[1]) >= 2000
}
const deliveryDate = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : ''),
  z.string().refine((v) => v === '' || isDate(v), messageKey('inquiry.error.dateInvalid')),
)

/** Run the quotation check unless the field itself already has a message (its value is then not a string). */
const quotationCheck =
  (field: 'quantity' | 'delivery_date') =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((i) => i.path?.[0] === field || i.path?.[0] === 'topic')

export const inquirySchema = z
  .object({
    topic: z.enum(INQUIRY_TOPICS, { error: messageKey('inquiry.error.topicRequired') }),
    model: text(INQUIRY_LIMITS.model, null),
    quantity,
    delivery_date: deliveryDate,
    valve_type: text(INQUIRY_LIMITS.valveType, null),
    valve_size: text(INQUIRY_LIMITS.valveSize, null),
    torque: text(INQUIRY_LIMITS.torque, null),
    voltage: text(INQUIRY_LIMITS.voltage, null),
    description: longText('inquiry.error.descriptionRequired'),
    ...contactShape,
  })
  // A quotation needs its quantity and delivery date; checked even when other fields are wrong
  // (`when`), so the person sees every message at once.
  .refine((v) => v.topic !== 'quotation' || v.quantity !== '', {
    path: ['quantity'],
    message: messageKey('inquiry.error.quantityRequired'),
    when: quotationCheck('quantity'),
  })
  .refine((v) => v.topic !== 'quotation' || v.delivery_date !== '', {
    path: ['delivery_date'],
    message: messageKey('inquiry.error.dateRequired'),
    when: quotationCheck('delivery_date'),
  })

export type InquiryInput = z.output<typeof inquirySchema>
export type InquiryField = keyof z.input<typeof inquirySchema>

/** The inquiry's own fields, kept in `service_requests.details`. */
export const INQUIRY_DETAILS = [
  'topic',
  'quantity',
  'delivery_date',
  'valve_type',
  'valve_size',
  'torque',
  'voltage',
] as const satisfies readonly InquiryField[]

export const INQUIRY_FIELDS = [
  'topic',
  'model',
  'quantity',
  'delivery_date',
  'valve_type',
  'valve_size',
  'torque',
  'voltage',
  'description',
  ...CONTACT_FIELDS,
] as const satisfies readonly InquiryField[]
