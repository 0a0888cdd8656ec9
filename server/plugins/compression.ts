import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import zlib from 'node:zlib'

/** Compresses every response above 1 KB; brotli at a quality that is cheap enough per request. */
async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })
}

export default fp(compression, { name: 'compression' })
