import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { RequestHandler } from 'react-router'
import type { LoadContext } from '#server/load-context.ts'
import { isAnonymous } from '#server/http/anonymous.ts'
import { PRIVATE_CACHE_CONTROL } from '#shared/cache-control.ts'
import { methodNotAllowed, PAGE_METHODS } from './methods.ts'
import { withScriptHashes } from './script-hashes.ts'

export type ReactRouterOptions = {
  handler: RequestHandler
  getLoadContext(request: FastifyRequest, reply: FastifyReply): LoadContext
}

/**
 * Whether a rendered page may be shared by every anonymous visitor: a 200 HTML page that sets no
 * cookie and whose route said so, which app/entry.server.tsx turns into `Cache-Control: public,
 * … s-maxage=…` (app/utils/kept-page.ts). Every other page is `private` there. Keeping is the
 * route's word, opt-in: a new page is never shared until it says so.
 */
export function isShared(response: Response): boolean {
  return (
    response.status === 200 &&
    Boolean(response.headers.get('content-type')?.startsWith('text/html')) &&
    response.headers.getSetCookie().length === 0 &&
    /(^|,)\s*public\b/.test(response.headers.get('cache-control') ?? '')
  )
}

/**
 * The URL React Router sees, without NUL bytes (`%00`): no page means one, and PostgreSQL refuses
 * them in text, so a search word or address with one would be a 500. Removed, like the API's
 * (`server/plugins/nul-bytes.ts`).
 */
function pageUrl(request: FastifyRequest): URL {
  const path = request.url.replace(/%00/g, '')
  // Joined, not resolved against a base: a path starting `//x` would otherwise name host x.
  try {
    return new URL(`${request.protocol}://${request.host}${path}`)
  } catch {
    // A Host header no URL can hold: the page is the same on any host.
    return new URL(`${request.protocol}://localhost${path}`)
  }
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = pageUrl(request)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit)
}

function copyHeaders(reply: FastifyReply, response: Response, except: string[] = []) {
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !except.includes(name)) reply.header(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
}

async function sendWebResponse(reply: FastifyReply, response: Response, except: string[] = []) {
  reply.status(response.status)
  copyHeaders(reply, response, except)
  if (!response.body) return reply.send()
  // reply.send(stream) rather than hijacking, so compression and the other hooks still apply.
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream))
}

/**
 * A page answered before reading the whole body (413 from the form reader, 405 where no action
 * exists) leaves the rest of it on the socket, and the next request on a keep-alive connection
 * would wait behind it: the connection is closed after this answer, as Fastify does for `/api/*`.
 */
function closeIfBodyUnread(request: FastifyRequest, reply: FastifyReply) {
  if (request.method === 'GET' || request.method === 'HEAD' || request.raw.complete) return
  reply.header('connection', 'close')
}

/**
 * Hands every request that no other route took to React Router. Registered in its own
 * encapsulated scope with the body parsers removed: form posts and JSON bodies reach
 * React Router's actions as the untouched request stream.
 */
export async function reactRouterHandoff(app: FastifyInstance, opts: ReactRouterOptions) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))
  app.all('/*', async (request, reply) => {
    // Pages are read and their forms sent; any other method (TRACE, which a web Request cannot even
    // carry, PUT, DELETE…) is a 405 naming what the address takes, before React Router sees it. So is
    // a page method at an address a route of its own takes with other methods (POST /media/…, GET
    // /admin/upload): no page is there.
    const allow = request.server.allowedMethods(request.url.split('?')[0] ?? '/')
    if (!PAGE_METHODS.includes(request.method) || (allow.length > 0 && !allow.includes(request.method)))
      return methodNotAllowed(request, reply, allow.length > 0 ? allow : PAGE_METHODS)
    const context = opts.getLoadContext(request, reply)
    const response = await opts.handler(toWebRequest(request, reply), context)
    closeIfBodyUnread(request, reply)
    if (!isShared(response)) return sendWebResponse(reply, response)
    // A kept page rendered for a member, staff or an API client shows what is theirs: not shared.
    if (!isAnonymous(request.headers))
      return sendWebResponse(reply.header('cache-control', PRIVATE_CACHE_CONTROL), response, ['cache-control'])
    // A shared page is buffered and its scripts allowed by hash instead of nonce, so its bytes are
    // the same for every visitor (a nonce seen by all would be no secret), in the page store
    // (server/plugins/response-cache.ts) and in the caching proxy in front of the nodes.
    const body = await response.text()
    const hashed = withScriptHashes(body, context.cspNonce)
    if (!hashed) {
      copyHeaders(reply, response, ['cache-control'])
      return reply.status(200).header('cache-control', PRIVATE_CACHE_CONTROL).send(body)
    }
    copyHeaders(reply, response)
    if (request.responseCache) request.responseCache.storable = true
    return reply
      .status(200)
      .header('content-security-policy', request.server.scriptPolicy(hashed.hashes))
      .send(hashed.html)
  })
}
