import { ORD_PART_LENGTHS, ORD_PART_PATTERN, type OrderSystem } from '#shared/order-rules.ts'

/** The list page of the restricted area. */
export const AREA_PATH = '/morgan'

/** What a list address says: system, search words and page. */
export type ListParams = { type: OrderSystem; name?: string; ord?: string; page?: number }

/**
 * The canonical list address, `/morgan?type=ERP&name=…&ord=25-0100&page=2`: the system always,
 * empty search words left out, the page only past the first. The form (with or without
 * JavaScript), the tabs and the loader's redirect all build it here.
 */
export function listHref({ type, name, ord, page }: ListParams): string {
  const params = new URLSearchParams({ type })
  if (name) params.set('name', name)
  if (ord) params.set('ord', ord)
  if (page && page > 1) params.set('page', String(page))
  return `${AREA_PATH}?${params.toString()}`
}

/** The detail page of one order. */
export function detailHref(type: OrderSystem, workNo: string): string {
  return `${AREA_PATH}/detail/${type}/${encodeURIComponent(workNo)}`
}

/** A stored date `2026-12-19` as the area shows it, `2026.12.19` (dates are dotted, spec section 9). */
export const dottedDate = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1.$2.$3')

/** Which of the two ORD inputs: the first holds 2 digits, the second 4 (ORD_PART_LENGTHS). */
export type OrdPart = 0 | 1

/**
 * What an ORD input holds after the visitor typed: `next` when it is digits only and within the
 * part's length, otherwise `previous`. So a typed hyphen, a letter or a fifth digit is simply
 * not taken (spec section 5).
 */
export function acceptOrdPart(previous: string, next: string, part: OrdPart): string {
  return next.length <= ORD_PART_LENGTHS[part] && ORD_PART_PATTERN.test(next) ? next : previous
}

/** The `ord` query of the two parts: `25-0100`, or `25` without a second part. */
export function joinOrd(first: string, second: string): string {
  return second ? `${first}-${second}` : first
}

/** The two inputs' values for an `ord` query (what cannot be typed is left out). */
export function splitOrd(ord: string): [string, string] {
  const [first = '', second = ''] = ord.split('-')
  return [acceptOrdPart('', first, 0), acceptOrdPart('', second, 1)]
}

/**
 * A whole ORD number pasted into the first input (`25-0100`, `25 0100`): its two parts, or null
 * when the text is something else (then the paste goes through the usual filter).
 */
export function pastedOrd(text: string): [string, string] | null {
  const m = /^\s*(\d{1,2})\s*[-\s]\s*(\d{1,4})\s*$/.exec(text)
  return m ? [m[1]!, m[2]!] : null
}
