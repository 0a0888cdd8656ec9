import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { RequestHandler } from 'react-router'
import type { LoadContext } from '#server/load-context.ts'
import { withScriptHashes } from './script-hashes.ts'

export type ReactRouterOptions = {
  handler: RequestHandler
  getLoadContext(request: FastifyRequest, reply: FastifyReply): LoadContext
}

/**
 * Whether a rendered page may be kept for every visitor: a 200 HTML page that sets no cookie
 * and does not say `private` or `no-store`. Which pages are kept is the page's own word: one that
 * depends on the visitor or on a one-time link (login, sign-up, confirm, my page, reset, the
 * restricted area) answers `Cache-Control: private, no-store` from its `headers` export. No list
 * of such paths is kept here, which would go stale as routes change.
 */
export function isCacheable(response: Response): boolean {
  return (
    response.status === 200 &&
    Boolean(response.headers.get('content-type')?.startsWith('text/html')) &&
    response.headers.getSetCookie().length === 0 &&
    !/private|no-store/.test(response.headers.get('cache-control') ?? '')
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

function copyHeaders(reply: FastifyReply, response: Response) {
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  copyHeaders(reply, response)
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
    const context = opts.getLoadContext(request, reply)
    const response = await opts.handler(toWebRequest(request, reply), context)
    closeIfBodyUnread(request, reply)
    // A page the response store may keep (server/plugins/response-cache.ts) is buffered and its
    // scripts allowed by hash instead of nonce, so its bytes are the same for every visitor;
    // any other page streams as it renders.
    const cached = request.responseCache
    if (cached && isCacheable(response)) {
      const body = await response.text()
      const hashed = withScriptHashes(body, context.cspNonce)
      copyHeaders(reply, response)
      if (!hashed) return reply.status(200).send(body)
      cached.storable = true
      return reply.status(200).header('content-security-policy', request.server.scriptPolicy(hashed.hashes)).send(hashed.html)
    }
    return sendWebResponse(reply, response)
  })
}
