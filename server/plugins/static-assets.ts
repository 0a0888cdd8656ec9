import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fs from 'node:fs'

export const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves the built browser files. Hashed files under /assets/ never change, so they are cached
 * for a year; the rest (favicon, robots) for an hour. Pre-compressed .br/.gz siblings written
 * by the build are sent when the browser accepts them.
 */
async function staticAssets(app: FastifyInstance, opts: { root: string }) {
  if (!fs.existsSync(opts.root)) return
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', filePath.includes('/assets/') ? IMMUTABLE : 'public, max-age=3600')
    },
  })
}

export default fp(staticAssets, { name: 'static-assets' })
