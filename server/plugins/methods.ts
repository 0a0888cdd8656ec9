import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type http from 'node:http'
import type { Duplex } from 'node:stream'
import { errorBody, requestLang } from '#server/api/errors.ts'
import { translate } from '#shared/i18n/messages.ts'

/** The methods a page address takes: reading it and sending its forms (React Router's actions). */
export const PAGE_METHODS: readonly string[] = ['GET', 'HEAD', 'POST']

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods the routes matching `path` take (none for the catch-alls of pages and /api). */
    allowedMethods(path: string): string[]
  }
}

/**
 * A route's path as a pattern for concrete paths: `:param` the rest of its segment (also within one,
 * as in `/product/banner/detail=:id`), `*` the rest of the path.
 */
function pathPattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')))
    .join('')
  return new RegExp(`^${source}/?$`)
}

/** The short bilingual text of a 405, for pages and files (the API answers its JSON envelope). */
const methodText = () => `${translate('ko', 'api.methodNotAllowed')}\n${translate('en', 'api.methodNotAllowed')}\n`

/**
 * 405 with `Allow`: JSON for `/api/*`, a short bilingual text elsewhere; the connection closes when
 * a body was sent and left unread. Never an error in the log: Fastify's request line records it.
 */
export function methodNotAllowed(request: FastifyRequest, reply: FastifyReply, allow: readonly string[]) {
  reply.code(405).header('allow', allow.join(', ')).header('cache-control', 'no-store')
  if (!request.raw.complete) reply.header('connection', 'close')
  if (request.url.startsWith('/api/'))
    return reply.send(errorBody(requestLang(request), 'METHOD_NOT_ALLOWED', 'api.methodNotAllowed'))
  return reply.type('text/plain; charset=utf-8').send(methodText())
}

/**
 * `CONNECT` never reaches Fastify (Node hands it to the server's `connect` event, and without a
 * listener drops the connection): answered 405 here, then closed. This site is no proxy.
 */
export function refuseConnect(server: http.Server) {
  server.on('connect', (_request: http.IncomingMessage, socket: Duplex) => {
    const body = Buffer.from(methodText())
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${PAGE_METHODS.join(', ')}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.toString()}`,
    )
  })
}

/**
 * Unlisted methods (issue 31): every address answers every method with a 4xx, never a 500. The
 * routes' methods are noted as they are added, so a method a route does not take answers 405 with
 * the `Allow` of that address; such requests, and methods Fastify does not route at all (PROPFIND,
 * LOCK…), reach the not-found handler (or the page hand-off), which answers the same way.
 * Registered before every route.
 */
async function methods(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: Set<string> }[] = []
  app.addHook('onRoute', (route) => {
    // The catch-alls take every method to answer it themselves.
    if (route.url === '/*' || route.url === '/api/*') return
    const list = Array.isArray(route.method) ? route.method : [route.method]
    const methods = new Set(list.map((m) => m.toUpperCase()))
    if (methods.has('GET')) methods.add('HEAD')
    routes.push({ pattern: pathPattern(route.url), methods })
  })
  app.decorate('allowedMethods', (path: string) => {
    const allowed = new Set<string>()
    for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m)
    return [...allowed].sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99))
  })
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const allow = app.allowedMethods(path)
    // An address some route takes, asked with another method (DELETE /media/…), or a method no route takes.
    if (allow.length > 0 ? !allow.includes(request.method) : !app.supportedMethods.includes(request.method))
      return methodNotAllowed(request, reply, allow.length > 0 ? allow : PAGE_METHODS)
    return reply.code(404).send(errorBody(requestLang(request), 'NOT_FOUND', 'api.notFound'))
  })
}

export default fp(methods, { name: 'methods' })
