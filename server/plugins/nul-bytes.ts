import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '#server/api/errors.ts'

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

/**
 * A NUL character (`%00`, `\u0000` in JSON) in any query value or key, path parameter or parsed
 * body of a call is refused with the bilingual 400 envelope before the route sees it. PostgreSQL
 * cannot store NUL in text (a search word with one was a 500), and no field of this API means one:
 * it is a wrong value like a letter in a number, and the caller is told so rather than answered
 * for a different value. Registered in the `/api` scope. Posted forms are refused the same way by
 * their one reader (`server/http/form-body.ts`); a page address has its NULs removed instead (the
 * React Router hand-off, `react-router.ts`), as a page has no 400 answer to give for its address.
 */
async function nulBytes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) {
      throw new ApiError(400, 'BAD_REQUEST', 'api.badRequest')
    }
  })
}

export default fp(nulBytes, { name: 'nul-bytes' })
