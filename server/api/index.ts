import type { FastifyInstance } from 'fastify'
import { notFound } from './errors.ts'

/**
 * Everything under /api. Each area registers its route module here.
 * Unknown /api paths answer a JSON 404 rather than falling through to the page renderer.
 */
export async function apiRoutes(app: FastifyInstance) {
  app.all('/*', async () => {
    throw notFound()
  })
}
