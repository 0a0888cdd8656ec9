import { parsePage } from '#shared/list-rules.ts'
import { parseSerialCode, serialCode, type SerialParts } from '#shared/serial.ts'

/**
 * The service pages keep all their state in the query (spec section 2 "Service"), so a URL
 * reproduces a result and back/forward restore it:
 * - `page`, `search` (words; '+' is a space), `option_id_list` (comma-separated ids, or 0);
 * - `code` ('25-0100' or '25') and `serial_page` for the serial lookup;
 * - `std` (comma-separated option ids) for the standard circuit diagram;
 * - `focus=search_result_bottom` and `disableScrollTop` for the scroll rule.
 * Without JavaScript the forms send `option` (repeated) and `code1`/`code2`; they are read too.
 */

export const SEARCH_MAX = 100
const IDS_MAX = 50

/** Element ids the `focus` parameter scrolls to. */
export const RESULTS_FOCUS = 'search_result_bottom'
export const SERIAL_FOCUS = 'serial_result'
export const STANDARD_FOCUS = 'standard_result'

/** Parameters that only steer scrolling or the language: every link keeps `lang`. */
const KEEP_ALWAYS = ['lang'] as const

export type ServiceQuery = {
  page: number
  search: string
  optionIds: number[]
  /** The raw serial as asked (for the inputs and messages), and its parts when it can be looked up. */
  code: string | null
  serial: SerialParts | null
  serialPage: number
  standard: number[]
}

/** Distinct positive ids of a comma-separated list ('0' or junk: none), at most 50. */
export function parseIdList(value: string | null | undefined): number[] {
  if (!value) return []
  const ids: number[] = []
  for (const part of value.split(',')) {
    if (!/^\d{1,10}$/.test(part.trim())) continue
    const n = Number(part.trim())
    if (n > 0 && n <= 2_147_483_647 && !ids.includes(n)) ids.push(n)
    if (ids.length >= IDS_MAX) break
  }
  return ids
}

/** The page state of a service URL. */
export function readServiceQuery(params: URLSearchParams): ServiceQuery {
  const optionIds = params.has('option_id_list')
    ? parseIdList(params.get('option_id_list'))
    : parseIdList(params.getAll('option').join(','))
  const rawCode =
    params.get('code') ??
    (params.has('code1') ? serialCode(params.get('code1') ?? '', params.get('code2') ?? '') : null)
  const code = rawCode ? rawCode.trim().slice(0, 16) : null
  return {
    page: parsePage(params.get('page')),
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX),
    optionIds,
    code: code || null,
    serial: parseSerialCode(code),
    serialPage: parsePage(params.get('serial_page')),
    standard: parseIdList(params.get('std')),
  }
}

function keep(current: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams()
  for (const name of [...KEEP_ALWAYS, ...names]) {
    const value = current.get(name)
    if (value !== null && value !== '') next.set(name, value)
  }
  return next
}

const href = (pathname: string, params: URLSearchParams) => {
  // Commas stay readable: 'option_id_list=4,9' (a comma needs no escaping in a query).
  const q = params.toString().replace(/%2C/gi, ',')
  return q ? `${pathname}?${q}` : pathname
}

/** After Search: page 1, the text and the ticked ids (0 for none), scrolled to the results. */
export function searchHref(pathname: string, current: URLSearchParams, search: string, optionIds: number[]): string {
  const next = keep(current, ['code', 'std'])
  next.set('page', '1')
  next.set('search', search.slice(0, SEARCH_MAX))
  next.set('option_id_list', optionIds.length ? optionIds.join(',') : '0')
  next.set('focus', RESULTS_FOCUS)
  next.set('disableScrollTop', 'true')
  return href(pathname, next)
}

/** Initialization of the search box: text, options and page cleared (the other sections stay). */
export function resetSearchHref(pathname: string, current: URLSearchParams): string {
  const next = keep(current, ['code', 'std'])
  if (next.has('code') || next.has('std')) next.set('disableScrollTop', 'true')
  return href(pathname, next)
}

/** After a serial lookup (or its Initialization with `code` null). */
export function serialHref(pathname: string, current: URLSearchParams, code: string | null): string {
  const next = keep(current, ['page', 'search', 'option_id_list', 'std'])
  if (code) {
    next.set('code', code)
    next.set('focus', SERIAL_FOCUS)
  }
  next.set('disableScrollTop', 'true')
  return href(pathname, next)
}

/** After choosing in the standard circuit diagram (no ids: its Initialization). */
export function standardHref(pathname: string, current: URLSearchParams, ids: number[]): string {
  const next = keep(current, ['page', 'search', 'option_id_list', 'code', 'serial_page'])
  if (ids.length) next.set('std', ids.join(','))
  next.set('disableScrollTop', 'true')
  return href(pathname, next)
}

/** The search text the ticked options make: their titles in the order they were ticked. */
export function searchTextOf(selected: readonly number[], titles: ReadonlyMap<number, string>): string {
  return selected
    .map((id) => titles.get(id))
    .filter((title): title is string => Boolean(title))
    .join(' ')
}

/** Ticking adds an id at the end; unticking removes it. */
export function toggleId(selected: readonly number[], id: number, checked: boolean): number[] {
  const without = selected.filter((x) => x !== id)
  return checked ? [...without, id] : without
}

/** The standard selection with `group`'s choice replaced by `id` (null: cleared). */
export function chooseInGroup(selected: readonly number[], groupIds: readonly number[], id: number | null): number[] {
  const others = selected.filter((x) => !groupIds.includes(x))
  return id === null ? others : [...others, id]
}
