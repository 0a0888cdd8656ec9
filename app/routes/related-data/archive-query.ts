import { CLASSIFICATION_COUNT } from '#shared/service-pages.ts'

/** Where the Return button leads without navigation state. */
export const ARCHIVE_RETURN_DEFAULT = '/product/0/0'

/** `select`: a classification index 0..12; anything else is 0 ("Entire"). */
export function parseClassification(value: string | null): number {
  if (value === null || !/^\d{1,2}$/.test(value)) return 0
  const n = Number(value)
  return n < CLASSIFICATION_COUNT ? n : 0
}

/** `id`: a product id; anything else means every product. */
export function parseProductId(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null
  const n = Number(value)
  return n > 0 ? n : null
}

/** The Return button's target: a same-site path passed as navigation state, else /product/0/0. */
export function returnPath(state: unknown): string {
  const path = state && typeof state === 'object' ? (state as { path?: unknown }).path : undefined
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\')
    ? path
    : ARCHIVE_RETURN_DEFAULT
}

/** The query after choosing a classification: the page goes back to 1, the product filter stays. */
export function classificationSearch(current: URLSearchParams, select: string): string {
  const next = new URLSearchParams(current)
  next.set('select', select)
  next.delete('page')
  return `?${next.toString()}`
}
