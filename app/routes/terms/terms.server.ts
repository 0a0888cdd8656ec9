import type { AppLoadContext } from 'react-router'
import { readConsoleToken } from '#server/http/console-cookie.ts'
import type { TermsType } from '#shared/type-codes.ts'

/**
 * `?preview=<version id>` on a public terms page: honoured only for a request with a console
 * session (any staff role), and only for a version of that page's type; anyone else gets the page
 * as usual. Such a page is never cached (`previewHeaders`) and never indexed.
 */
export async function staffPreview(request: Request, context: AppLoadContext, type: TermsType, param: string | null) {
  if (!param || !/^\d{1,9}$/.test(param) || !context.services.console.enabled) return null
  const session = await context.services.console.authenticate(readConsoleToken(request.headers.get('cookie')))
  if (!session) return null
  const version = await context.services.terms.preview(Number(param))
  return version && version.type === type ? version : null
}

export const previewHeaders = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' })
