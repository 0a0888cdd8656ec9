import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * The company pages' data depends on the path and language only (the language switch reloads
 * the page). Side-menu anchors and tabs change only the query, so they keep the loaded data.
 */
export function samePageKeepsData({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  return false
}
