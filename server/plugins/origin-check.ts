import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { errorBody, requestLang } from '#server/api/errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function originOf(value: string | undefined): string | null | undefined {
  if (value === undefined || value === '') return undefined
  if (value === 'null') return null
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * Whether a state-changing request may come from where it says it comes from. Browsers send
 * Origin (or at least Referer) with every POST; when present, it must be this site (SITE_URL's
 * origin or the host the request was sent to). Requests with neither (API clients using a Bearer
 * token, curl) pass: a browser never sends a cross-site POST without one of them, so a forged
 * request cannot take that path. `Sec-Fetch-Site: cross-site` is refused as well.
 */
export function isSameOrigin(request: FastifyRequest, siteOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false
  const origin = originOf(request.headers.origin)
  const claimed = origin === undefined ? originOf(request.headers.referer) : origin
  if (claimed === undefined) return true
  if (claimed === null) return false
  // Through URL, so a default port (Host: example.com:443) compares equal to the browser's origin.
  return claimed === siteOrigin || claimed === originOf(`${request.protocol}://${request.host}`)
}

/**
 * Cross-site request forgery defence for every state-changing request, the JSON API and the
 * React Router actions alike, on top of the SameSite=Lax session cookie.
 */
async function originCheck(app: FastifyInstance, opts: { siteUrl: string }) {
  const siteOrigin = new URL(opts.siteUrl).origin
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return
    if (isSameOrigin(request, siteOrigin)) return
    return reply.status(403).send(errorBody(requestLang(request), 'CROSS_SITE_REQUEST', 'api.crossSite'))
  })
}

export default fp(originCheck, { name: 'origin-check' })
