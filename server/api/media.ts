import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { OpenedFile } from '#server/services/downloads.ts'
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
    summary:
      'A stored image (SVG, PNG, WebP, JPEG, GIF, AVIF) by key; only keys recorded in the files table, and a download only while a published record offers it',
    params: z.object({ key: z.string().max(STORAGE_KEY_MAX).regex(KEY).describe('Storage key, may contain /') }),
    file: 'image',
    notFound: true,
    // Any other key is a 404 (`mediaKeyOf`), not a 400.
    invalidInput: false,
  },
} satisfies Record<string, ApiCall>

/** SVG may carry script; served on its own, it may only style itself. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'"

/** The storage key of a `/media/*`-shaped request, or null when it cannot be one. */
export function mediaKeyOf(request: FastifyRequest): string | null {
  const key = (request.params as { '*'?: string })['*'] ?? ''
  return storageKeyProblem(key) || !KEY.test(key) ? null : key
}

/** Sends an opened image inline (`cacheControl` as the address allows). */
export function sendImage(reply: FastifyReply, file: OpenedFile, cacheControl: string) {
  const type = file.content_type.toLowerCase()
  reply
    .header('content-type', type)
    .header('content-length', file.size)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
  if (type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP)
  return reply.send(file.stream)
}

/**
 * `/media/<key>`: images for the pages, cached for a day. Registered at the root. An image some
 * row names as a download is served only while a public row offers it (docs/decisions/039-withdrawn-files.md).
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.get(mediaCalls.image.path, async (request, reply) => {
    const key = mediaKeyOf(request)
    if (key === null) throw notFound()
    const file = await app.services.downloads.openImage(key, 'public')
    if (!file) throw notFound()
    return sendImage(reply, file, 'public, max-age=86400')
  })
}
