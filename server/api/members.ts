import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { fieldErrors } from '#shared/field-errors.ts'
import { translate, type MessageKey } from '#shared/i18n/messages.ts'
import type { User } from '#server/db/schema.ts'
import { FormBodyError, readFormBody } from '#server/http/form-body.ts'
import { clearedSessionCookies, readSessionToken, sessionCookies } from '#server/http/session-cookie.ts'
import { ApiError, requestLang } from './errors.ts'
import { memberCalls } from './member-calls.ts'
import { ok } from './query.ts'

const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'member.error.unauthorized')
const forbidden = () => new ApiError(403, 'FORBIDDEN', 'gate.noPermission')
const tooMany = (reply: FastifyReply, retryAfterSec: number, key: MessageKey = 'api.tooManyRequests') => {
  reply.header('retry-after', String(retryAfterSec))
  return new ApiError(429, 'TOO_MANY_REQUESTS', key, { retry_after: retryAfterSec })
}

/** The message of a refusal past a limit: the recipient's daily mail cap has its own. */
const limitedMessage = (result: { cause?: 'recipient' }): MessageKey =>
  result.cause === 'recipient' ? 'member.error.tooManyMails' : 'api.tooManyRequests'

/**
 * Validates a body or query against one schema of `shared/member-rules.ts` (the `body` or `query`
 * of its call in `member-calls.ts`). A failure is a 400 whose data names the first message per
 * field, in the caller's language (what the form shows).
 */
function parseInput<S extends z.core.$ZodType>(request: FastifyRequest, schema: S, input: unknown): z.output<S> {
  const values = input && typeof input === 'object' && !Array.isArray(input) ? input : {}
  const result = z.safeParse(schema, values)
  if (result.success) return result.data
  const lang = requestLang(request)
  const fields = Object.fromEntries(
    Object.entries(fieldErrors(result.error)).map(([field, key]) => [field, key ? translate(lang, key) : '']),
  )
  throw new ApiError(400, 'BAD_REQUEST', 'api.badRequest', { fields })
}

function requestInfo(request: FastifyRequest) {
  return { ip: request.ip, lang: requestLang(request) }
}

/** The member behind the request's Bearer token or session cookie. */
async function currentUser(app: FastifyInstance, request: FastifyRequest): Promise<User | null> {
  return app.services.members.authenticate(readSessionToken(request.headers))
}

async function requireMember(app: FastifyInstance, request: FastifyRequest): Promise<User> {
  const user = await currentUser(app, request)
  if (!user) throw unauthorized()
  return user
}

/**
 * Form bodies become plain objects of strings through the reader the page actions use too:
 * 413 over 16 KiB, 400 when malformed, and a repeated field is a 400 naming it.
 */
async function parseForm(request: FastifyRequest, payload: AsyncIterable<Uint8Array>): Promise<Record<string, string>> {
  try {
    return await readFormBody(payload, request.headers['content-type'], {
      contentLength: request.headers['content-length'],
    })
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error
    if (error.problem === 'tooLarge') throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'api.tooLarge')
    const fields =
      error.field === undefined
        ? undefined
        : { fields: { [error.field]: translate(requestLang(request), 'api.badRequest') } }
    throw new ApiError(400, 'BAD_REQUEST', 'api.badRequest', fields)
  }
}

/**
 * The member calls of section 7: login, sign-up with e-mail verification, find ID, password
 * reset and change, the caller's own user data, update and withdrawal; plus logout and the
 * reset confirmation, which the specification leaves to the server. Paths and schemas come from
 * their descriptors (`member-calls.ts`), which /api/docs lists.
 */
export async function memberRoutes(app: FastifyInstance) {
  const { members } = app.services
  const siteUrl = app.config.SITE_URL
  const c = memberCalls

  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    // The raw stream, not a buffer: the reader applies the limit, for chunked bodies too.
    app.addContentTypeParser(type, (request: FastifyRequest, payload: IncomingMessage) => parseForm(request, payload))
  }

  app.post(c.login.path, async (request, reply) => {
    const input = parseInput(request, c.login.body, request.body)
    const result = await members.login(input, requestInfo(request))
    if (result.ok) {
      reply.header('set-cookie', sessionCookies(siteUrl, result.token))
      reply.header('cache-control', 'no-store')
      return ok(result.token)
    }
    if (result.reason === 'limited') throw tooMany(reply, result.retryAfterSec, 'member.error.tooManyAttempts')
    if (result.reason === 'id') throw new ApiError(401, 'ID_MISMATCH', 'member.error.idMismatch', 1)
    if (result.reason === 'password') throw new ApiError(401, 'PASSWORD_MISMATCH', 'member.error.passwordMismatch', 2)
    throw new ApiError(403, 'EMAIL_NOT_VERIFIED', 'member.error.notVerified', 3)
  })

  app.post(c.logout.path, async (request, reply) => {
    await members.logout(readSessionToken(request.headers))
    reply.header('set-cookie', clearedSessionCookies(siteUrl))
    return ok(null)
  })

  app.post(c.sign.path, async (request, reply) => {
    const input = parseInput(request, c.sign.body, request.body)
    const result = await members.signUp(input, requestInfo(request))
    if (result.ok) return ok(null)
    if (result.reason === 'limited') throw tooMany(reply, result.retryAfterSec, limitedMessage(result))
    throw new ApiError(409, 'ALREADY_REGISTERED', 'member.error.alreadyRegistered')
  })

  app.get(c.nicknameCheck.path, async (request, reply) => {
    const { nickname } = parseInput(request, c.nicknameCheck.query, request.query)
    const result = await members.checkAvailability(nickname, requestInfo(request))
    if (!result.ok) throw tooMany(reply, result.retryAfterSec)
    return ok({ available: result.available })
  })

  app.get(c.emailRegist.path, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const parsed = c.emailRegist.query.safeParse(query)
    if (!parsed.success) throw new ApiError(400, 'AUTH_FAILED', 'member.error.authFailed')
    const result = await members.verifyEmail(
      { username: parsed.data.username, code: parsed.data.email_regist_code },
      requestInfo(request),
    )
    if (result.limited) throw tooMany(reply, result.limited)
    if (!result.ok) throw new ApiError(400, 'AUTH_FAILED', 'member.error.authFailed')
    return ok(true)
  })

  app.get(c.findUsername.path, async (request, reply) => {
    const input = parseInput(request, c.findUsername.query, request.query)
    const result = await members.findUsername(input, requestInfo(request))
    if (result.ok) return ok(result.usernames.join(', '))
    if (result.reason === 'limited') throw tooMany(reply, result.retryAfterSec)
    throw new ApiError(404, 'NO_MATCH', 'member.error.noMatch')
  })

  app.post(c.passwordReset.path, async (request, reply) => {
    const input = parseInput(request, c.passwordReset.body, request.body)
    const result = await members.requestPasswordReset(input, requestInfo(request))
    if (result.ok) return ok(null)
    if (result.reason === 'limited') throw tooMany(reply, result.retryAfterSec, limitedMessage(result))
    throw new ApiError(404, 'NO_MATCH', 'member.error.noMatch')
  })

  app.post(c.passwordResetConfirm.path, async (request, reply) => {
    const input = parseInput(request, c.passwordResetConfirm.body, request.body)
    const result = await members.resetPassword({ code: input.token, password: input.password }, requestInfo(request))
    if (result.limited) throw tooMany(reply, result.limited)
    if (!result.ok) throw new ApiError(400, 'AUTH_FAILED', 'member.error.resetInvalid')
    return ok(null)
  })

  app.post(c.passwordChange.path, async (request, reply) => {
    const user = await requireMember(app, request)
    const input = parseInput(request, c.passwordChange.body, request.body)
    const result = await members.changePassword(user.id, input)
    if (result.ok) {
      // Every session ended, this one too: the member logs in again with the new password.
      reply.header('set-cookie', clearedSessionCookies(siteUrl))
      return ok(null)
    }
    if (result.reason === 'limited') throw tooMany(reply, result.retryAfterSec, 'member.error.tooManyAttempts')
    if (result.reason === 'gone') throw unauthorized()
    throw new ApiError(400, 'PASSWORD_MISMATCH', 'member.error.passwordMismatch', {
      fields: { old_password: translate(requestLang(request), 'member.error.passwordMismatch') },
    })
  })

  app.get(c.user.path, async (request, reply) => {
    const user = await requireMember(app, request)
    reply.header('cache-control', 'private, no-store')
    return ok(await members.getUser(user.id))
  })

  app.get(c.userDetail.path, async (request, reply) => {
    const user = await requireMember(app, request)
    const { id } = parseInput(request, c.userDetail.query, request.query)
    if (id !== undefined && id !== user.id) throw forbidden()
    reply.header('cache-control', 'private, no-store')
    return ok(await members.getUser(user.id))
  })

  app.post(c.userUpdate.path, async (request) => {
    const user = await requireMember(app, request)
    const patch = parseInput(request, c.userUpdate.body, request.body)
    const updated = await members.updateUser(user.id, patch)
    if (!updated) throw unauthorized()
    return ok(updated)
  })

  app.post(c.withdraw.path, async (request, reply) => {
    const user = await requireMember(app, request)
    await members.withdraw(user.id)
    reply.header('set-cookie', clearedSessionCookies(siteUrl))
    return ok(null)
  })
}
