/**
 * The two `Cache-Control` values of a rendered page (docs/decisions/037-page-store-in-fastify.md):
 * a kept page may be served by a shared cache (the nodes' page store, the caching proxy or CDN in
 * front of them) for `SHARED_CACHE_SECONDS` and then while it asks again in the background; any
 * other page is the visitor's own.
 */
export const SHARED_CACHE_SECONDS = 10
export const KEPT_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}, stale-while-revalidate=60`
export const PRIVATE_CACHE_CONTROL = 'private, no-cache'
