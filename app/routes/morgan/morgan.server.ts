import { redirect } from 'react-router'
import { orderDetailQuery, orderListQuery } from '#shared/api-schemas/restricted.ts'
import { fieldErrors } from '#shared/field-errors.ts'
import '#shared/i18n/catalogs.server.ts'
import { translate } from '#shared/i18n/messages.ts'
import { PAGE_LIMITS, parsePage } from '#shared/list-rules.ts'
import { ORDER_NAME_MAX, orderSystemOf, type OrderSystem } from '#shared/order-rules.ts'
import { privateHeaders } from '#app/utils/session.server.ts'
import { COPY } from './morgan-copy.ts'
import { AREA_PATH, joinOrd, listHref } from './morgan-query.ts'

/** A message per input of the list form, in Korean (the area is Korean only). */
export type ListErrors = Partial<Record<'type' | 'name' | 'ord', string>>

/** What the list page was asked, checked: the service query, or null when there is none to run. */
export type ListRequest = {
  system: OrderSystem
  /** The search words as the form shows them again. */
  name: string
  ord: string
  errors: ListErrors
  query: { name?: string; ord?: string; page: number; recordSize: number; pageSize: number } | null
}

/**
 * Reads `/morgan?type&name&ord&page` with the API's own rules (shared/api-schemas/restricted.ts:
 * project name at most 100 characters, ORD `25`, `25-01`, `25-0100`). Without JavaScript the
 * form sends the two ORD inputs as `ord1` and `ord2`: that request is redirected to the
 * canonical address first. Neither word: no query (the page asks for one); a word that breaks a
 * rule: its message and no query.
 */
export function readListRequest(url: URL): ListRequest {
  const params = url.searchParams
  const rawType = params.get('type') || 'ERP'
  const name = (params.get('name') ?? '').trim()
  if (params.has('ord1') || params.has('ord2')) {
    const ord = joinOrd((params.get('ord1') ?? '').trim(), (params.get('ord2') ?? '').trim())
    // The hidden `type` is our own form's: normalised rather than judged. A name over the limit
    // stays over it (its message shows), without carrying kilobytes into the Location header.
    const kept = name.slice(0, ORDER_NAME_MAX + 1)
    throw redirect(listHref({ type: orderSystemOf(rawType) ?? 'ERP', name: kept, ord }), { headers: privateHeaders() })
  }
  const ord = (params.get('ord') ?? '').trim()
  const system = orderSystemOf(rawType)
  const errors: ListErrors = system ? {} : { type: COPY.typeInvalid }
  // Shown again in the form, which takes no more than the limit.
  const view = { system: system ?? 'ERP', name: name.slice(0, ORDER_NAME_MAX), ord: ord.slice(0, 8) }
  if (!name && !ord) return { ...view, errors, query: null }

  const page = Math.min(parsePage(params.get('page')), PAGE_LIMITS.pageMax)
  const parsed = orderListQuery.safeParse({ ...(name && { location: name }), ...(ord && { ord }), page: String(page) })
  if (!parsed.success) {
    const keys = fieldErrors(parsed.error)
    if (keys.location) errors.name = translate('ko', keys.location)
    if (keys.ord) errors.ord = translate('ko', keys.ord)
    if (!errors.name && !errors.ord) errors.ord = translate('ko', 'restricted.error.ord')
  }
  if (!parsed.success || !system) return { ...view, errors, query: null }
  const { location, ord: ordQuery, recordSize, pageSize } = parsed.data
  return { ...view, errors, query: { name: location, ord: ordQuery, page, recordSize, pageSize } }
}

/** The system and work number of a detail address, or null when it cannot name an order. */
export function readDetailParams(
  type: string | undefined,
  id: string | undefined,
): { system: OrderSystem; workNo: string } | null {
  const system = orderSystemOf(type)
  const parsed = orderDetailQuery.safeParse({ ord_detail: id })
  return system && parsed.success ? { system, workNo: parsed.data.ord_detail } : null
}

/**
 * Where the detail's 'previous' leads when there is no history to go back in (a direct visit,
 * no JavaScript): the list the visitor came from when the browser says so (same-site Referer of
 * the list page), else the system's empty list.
 */
export function listFallback(request: Request, system: OrderSystem): string {
  const referer = request.headers.get('referer')
  if (referer) {
    try {
      const from = new URL(referer)
      if (from.origin === new URL(request.url).origin && from.pathname === AREA_PATH)
        return `${from.pathname}${from.search}`
    } catch {
      // not a URL: ignore
    }
  }
  return listHref({ type: system })
}
