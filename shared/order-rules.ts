/**
 * The restricted area's input rules (spec sections 2, 5, 9), small enough for the browser: the two
 * order systems and the ORD number and project-name limits. The fields themselves are in
 * `order-fields.ts` (server and API only: the pages get labels with the data).
 */

export const ORDER_SYSTEMS = ['ERP', 'EPS'] as const
export type OrderSystem = (typeof ORDER_SYSTEMS)[number]

/** The system a URL segment or query names, case-insensitively (`erp`, `EPS`), or null. */
export function orderSystemOf(value: string | null | undefined): OrderSystem | null {
  const upper = value?.toUpperCase()
  return upper === 'ERP' || upper === 'EPS' ? upper : null
}

/** ORD number inputs: two numeric parts of at most 2 and 4 digits (sections 2 and 5; a typed hyphen is rejected). */
export const ORD_PART_PATTERN = /^\d*$/
export const ORD_PART_LENGTHS = [2, 4] as const
/** A full ORD number as stored: `YY-NNNN`. */
export const ORD_NUMBER_PATTERN = /^\d{2}-\d{4}$/
/**
 * The `ord` query, matched as a prefix: the whole first part, optionally a hyphen and 1–4 digits of
 * the second (`25`, `25-0`, `25-01`, `25-0100`); the specification's parts are 2 and 4 characters,
 * so a shorter first part (`2`, which would match most of the order book) is refused.
 */
export const ORD_QUERY_PATTERN = /^\d{2}(-\d{1,4})?$/
/** Longest project-name search. */
export const ORDER_NAME_MAX = 100
