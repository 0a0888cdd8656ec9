/**
 * The addresses of the after-sales service request (docs/decisions/065-service-requests.md), the
 * inquiry (069) and their tracking numbers: no zod here, so the pages that only link the forms (home,
 * unit page, product pages) stay light.
 */

/** The form, the confirmation link and the status pages. */
export const SERVICE_REQUEST_PATH = '/service/as/request'
export const SERVICE_REQUEST_CONFIRM_PATH = '/service/as/request/confirm'
export const SERVICE_REQUEST_STATUS_PATH = '/service/as/requests'

/** The form pre-filled with a unit's serial (the unit page's "request service"). */
export const serviceRequestHref = (serial?: string) =>
  serial ? `${SERVICE_REQUEST_PATH}?${new URLSearchParams({ serial })}` : SERVICE_REQUEST_PATH

/** A request's status page; `key` is the private key of a requester who is not a member. */
export const serviceRequestStatusHref = (tracking: string, key?: string) =>
  `${SERVICE_REQUEST_STATUS_PATH}/${tracking}${key ? `?${new URLSearchParams({ key })}` : ''}`

/** `AS-2026-000123`, `IQ-2026-000007`: the kind, the year of acceptance (Korea time) and the year's sequence. */
export const TRACKING_PATTERN = /^(AS|IQ)-\d{4}-\d{6}$/
export const trackingNumber = (prefix: string, year: number, sequence: number) =>
  `${prefix}-${year}-${String(sequence).padStart(6, '0')}`

/** The inquiry / request for quotation form (docs/decisions/069-inquiries.md); its confirmation and status pages are the A/S form's. */
export const INQUIRY_PATH = '/service/as/inquiry'

/** Longest `?model=` the inquiry form takes to prefill. */
export const INQUIRY_MODEL_PREFILL_MAX = 100

/** The inquiry form with a model filled in (a product page's "inquiry / quotation for this model"). */
export const inquiryHref = (model?: string) =>
  model ? `${INQUIRY_PATH}?${new URLSearchParams({ model: model.slice(0, INQUIRY_MODEL_PREFILL_MAX) })}` : INQUIRY_PATH
