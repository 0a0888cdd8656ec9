import type { AppLoadContext } from 'react-router'
import { privateHeaders, requireAnonymous } from '#app/utils/session.server.ts'

/** Member pages depend on the visitor (and the page cache must never keep them): not stored by any cache. */
export { privateHeaders }

/**
 * Pages whose address carries a single-use code: private, and the address is passed on as a referrer
 * only to this site (`same-origin`: with `no-referrer` a browser without JavaScript posts the page's
 * form with `Origin: null`, which the cross-site check refuses).
 */
export const oneTimeLinkHeaders = () => ({ ...privateHeaders(), 'Referrer-Policy': 'same-origin' })

/** The loader of pages only anonymous visitors need (login, sign-up): members go home. */
export async function anonymousOnlyLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  await requireAnonymous(request, context)
  return null
}
