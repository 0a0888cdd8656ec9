import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { STORAGE_KEY_MAX, storageKeyProblem } from '#shared/files.ts'
import { notFound } from './errors.ts'
import type { ApiCall } from './openapi.ts'

/** The key grammar of the storage (lower-case names, `/` between folders). */
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/

export const mediaCalls = {
  image: {
    path: '/media/*',
    docPath: '/media/{key}',
    outsideApi: true,
    tag: 'files',
    summary: 'A stored image (SVG, PNG, WebP, JPEG, GIF, AVIF) by key; only keys recorded in the files table',
    params: z.object({ key: z.string().max(STORAGE_KEY_MAX).describe('Storage key, may contain /') }),
    file: 'image',
    notFound: true,
  },
} satisfies Record<string, ApiCall>

/** SVG may carry script; served on its own, it may only style itself. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'"

/** `/media/<key>`: images for the pages, cached for a day. Registered at the root. */
export async function mediaRoutes(app: FastifyInstance) {
  app.get(mediaCalls.image.path, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? ''
    if (storageKeyProblem(key) || !KEY.test(key)) throw notFound()
    const file = await app.services.downloads.openImage(key)
    if (!file) throw notFound()
    const type = file.content_type.toLowerCase()
    reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
    if (type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP)
    return reply.send(file.stream)
  })
}
