import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Parsed JSON, query or form values: plain objects and arrays, not streams or buffers. Fastify's
 * query parser makes objects whose prototype is itself prototype-less.
 */
function isPlain(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return true
  const proto = Object.getPrototypeOf(value) as object | null
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (depth > 20 || !isPlain(value)) return false
  return Object.entries(value).some(([key, item]) => key.includes('\0') || hasNul(item, depth + 1))
}

/** Copies `value` with every NUL character removed from its strings (plain objects and arrays walked). */
export function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replaceAll('\0', '')
  if (depth > 20 || !isPlain(value)) return value
  if (Array.isArray(value)) return value.map((item) => withoutNul(item, depth + 1))
  // fromEntries defines own properties: a key named __proto__ stays a plain key.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replaceAll('\0', ''), withoutNul(item, depth + 1)]))
}

/**
 * NUL characters (`%00`, `\u0000` in JSON) are removed from every query value, path parameter and
 * parsed body before a route sees them. PostgreSQL cannot store them in text (a search word with
 * one was a 500), and no field of this site means one: removing them, rather than refusing the
 * request, keeps the answer the same as for the word without it. Page requests get the same
 * treatment in the React Router hand-off (`react-router.ts`), and posted forms in
 * `server/http/form-body.ts`.
 */
async function nulBytes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query)) request.query = withoutNul(request.query)
    if (hasNul(request.params)) request.params = withoutNul(request.params)
    if (hasNul(request.body)) request.body = withoutNul(request.body)
  })
}

export default fp(nulBytes, { name: 'nul-bytes' })
