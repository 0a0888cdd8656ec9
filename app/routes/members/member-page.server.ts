import type { AppLoadContext } from 'react-router'
import { privateHeaders, requireAnonymous } from '#app/utils/session.server.ts'

/** Member pages depend on the visitor (and the page cache must never keep them): not stored by any cache. */
export { privateHeaders }

/** Pages whose address carries a single-use code: private, and the address is not passed on as a referrer. */
export const oneTimeLinkHeaders = () => ({ ...privateHeaders(), 'Referrer-Policy': 'no-referrer' })

/** The loader of pages only anonymous visitors need (login, sign-up): members go home. */
export async function anonymousOnlyLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  await requireAnonymous(request, context)
  return null
}
