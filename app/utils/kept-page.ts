import type { EntryContext } from 'react-router'
import { KEPT_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from '#shared/cache-control.ts'

/**
 * A page that is the same for every anonymous visitor of a language says so with
 * `export const handle = keptPage` (docs/decisions/037-page-store-in-fastify.md). Only the page's
 * own route counts (the deepest match), never a layout's, so a new page is kept only when it says
 * so. Such a page is sent with a shared-cache lifetime (the nodes' page store and the caching proxy
 * in front of them both read it); every other page is `private`.
 */
export const keptPage = { kept: true } as const

/** Whether the route that renders this document said it may be kept. */
export function isKeptPage(context: EntryContext): boolean {
  const page = context.staticHandlerContext.matches.at(-1)
  if (!page) return false
  const handle = context.routeModules[page.route.id]?.handle as { kept?: unknown } | undefined
  return handle?.kept === true
}

/**
 * The document's `Cache-Control`: what the route's own `headers` said wins (a terms preview is
 * `private, no-store`); else a kept page's 200 gets the shared lifetime and anything else
 * `private, no-cache`. Who asked (a member, staff) is the server's to check: it makes a kept page
 * private for them (server/plugins/react-router.ts).
 */
export function setDocumentCacheControl(headers: Headers, status: number, kept: boolean): void {
  if (headers.has('Cache-Control')) return
  headers.set('Cache-Control', status === 200 && kept ? KEPT_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
}
