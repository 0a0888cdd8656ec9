import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { randomBytes } from 'node:crypto'

declare module 'fastify' {
  interface FastifyReply {
    /** Per-response nonce for the inline hydration scripts React Router writes. */
    scriptNonce: string
  }
  interface FastifyInstance {
    /**
     * The Content-Security-Policy allowing, besides this origin's script files, the inline scripts
     * named by `sources` (`'nonce-…'` or `'sha256-…'`): a stored page names its scripts' hashes.
     */
    scriptPolicy(sources: string[]): string
  }
}

/**
 * Content-Security-Policy the pages satisfy: scripts only from this origin or allowed by name —
 * the response's nonce, or (a stored page, docs/decisions/037-page-store-in-fastify.md) the
 * hashes of its inline scripts; inline style attributes allowed (React renders some); frames
 * (maps, videos, the investor-relations frame) from https origins only.
 */
export function contentSecurityPolicy(scriptSources: string[], options: { https: boolean; dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    options.dev ? "script-src 'self' 'unsafe-inline'" : ["script-src 'self'", ...scriptSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    options.dev ? "connect-src 'self' ws:" : "connect-src 'self'",
    "frame-src 'self' https:",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "manifest-src 'self'",
  ]
  if (options.https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

async function security(app: FastifyInstance, opts: { https: boolean; dev: boolean }) {
  // Helmet's headers from its middleware, made once. @fastify/helmet made it again for every request
  // and left a closure on each reply that young-generation collections kept, with the request, until
  // a full one (docs/benchmarks.md, "Why a page outlives its answer").
  const helmetHeaders = helmet({
    contentSecurityPolicy: false,
    // Frames of other origins (maps, videos) must still load inside our pages.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  app.addHook('onRequest', (request, reply, done) =>
    helmetHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  )
  app.decorateReply('scriptNonce', '')
  app.decorate('scriptPolicy', (sources: string[]) => contentSecurityPolicy(sources, opts))
  app.addHook('onRequest', async (_request, reply) => {
    reply.scriptNonce = randomBytes(16).toString('base64')
    reply.header('content-security-policy', contentSecurityPolicy([`'nonce-${reply.scriptNonce}'`], opts))
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  })
}

export default fp(security, { name: 'security' })
