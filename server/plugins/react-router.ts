import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { RequestHandler } from 'react-router'
import type { LoadContext } from '#server/load-context.ts'
import { isCacheable, type PageCache } from './page-cache.ts'

export type ReactRouterOptions = {
  handler: RequestHandler
  getLoadContext(request: FastifyRequest, reply: FastifyReply): LoadContext
  /** Anonymous public pages served from memory (see page-cache.ts); none in development. */
  pageCache?: PageCache
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

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
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
    const cache = opts.pageCache
    const key = cache?.keyFor(request, context.lang) ?? null
    if (cache && key) {
      const hit = cache.get(key, context.cspNonce)
      if (hit) {
        for (const [name, value] of hit.headers) reply.header(name, value)
        return reply.header('x-page-cache', 'hit').send(hit.body)
      }
    }
    const generation = cache?.generation() ?? 0
    const response = await opts.handler(toWebRequest(request, reply), context)
    closeIfBodyUnread(request, reply)
    // Only a page the cache may keep is buffered; private ones (Cache-Control) stream as they render.
    if (cache && key && isCacheable(response)) {
      // Buffer the page once to keep it; later visitors get it without rendering.
      const body = await response.text()
      cache.set(key, context.cspNonce, response, body, generation)
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value)
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return reply.status(200).header('x-page-cache', 'miss').send(body)
    }
    return sendWebResponse(reply, response)
  })
}
