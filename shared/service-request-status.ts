/**
 * A service request's life (issue 35): filed by a guest it waits 'unconfirmed' for its e-mail link;
 * once accepted it is 'received' (new in the inbox), then staff move it through in progress,
 * waiting for the customer, resolved and closed. A customer's answer to a waiting or resolved
 * request brings it back to in progress.
 */
export const REQUEST_STATUSES = ['received', 'in_progress', 'waiting', 'resolved', 'closed'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

/** The statuses of a request still to be answered or finished (the inbox's default filter, the dashboard's open count). */
export const OPEN_STATUSES: readonly RequestStatus[] = ['received', 'in_progress', 'waiting']

/** The request kinds and their tracking-number prefixes. */
export const REQUEST_KINDS = ['as', 'iq'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]
export const TRACKING_PREFIX: Record<RequestKind, string> = { as: 'AS', iq: 'IQ' }

/** Where a requester is: Korea, or one of the agencies' regions (agencies.region). */
export const REQUEST_REGIONS = ['domestic', 'asia', 'middle_east', 'americas', 'europe'] as const
export type RequestRegion = (typeof REQUEST_REGIONS)[number]

/** A status's label (both languages, the catalogue's `requestStatus.*`), 'unconfirmed' included. */
export const requestStatusKey = (s: RequestStatus | 'unconfirmed') => `requestStatus.${s}` as const
export const requestKindKey = (k: RequestKind) => `requestKind.${k}` as const

export const isRequestStatus = (v: string): v is RequestStatus => (REQUEST_STATUSES as readonly string[]).includes(v)
