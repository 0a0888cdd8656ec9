/**
 * The addresses of the after-sales service request (docs/decisions/065-service-requests.md) and its
 * tracking numbers: no zod here, so the pages that only link the form (home, unit page) stay light.
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

/** `AS-2026-000123`: the kind, the year of acceptance (Korea time) and the year's sequence. */
export const TRACKING_PATTERN = /^AS-\d{4}-\d{6}$/
export const trackingNumber = (year: number, sequence: number) => `AS-${year}-${String(sequence).padStart(6, '0')}`
