import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { FORM_BODY_LIMIT } from '#server/http/form-body.ts'
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '#shared/session-cookies.ts'
import { envelopeSchema, errorEnvelopeSchema } from '#shared/api-schemas/common.ts'
import { fieldErrorEnvelopeSchema, rateLimitEnvelopeSchema } from '#shared/api-schemas/members.ts'
import { locales } from '#shared/locales.ts'
import { SESSION_LIFETIME_SEC } from '#shared/session-cookies.ts'

/** The error statuses a call may document beyond what its shape implies. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429

/**
 * One public call as the OpenAPI description lists it. The route modules declare these next to
 * their handlers, from the same zod schemas the handlers validate with, so the description
 * cannot drift from what is enforced.
 */
export type ApiCall = {
  /** GET unless said otherwise. */
  method?: 'GET' | 'POST'
  /** Fastify route path, relative to /api (or to the root when `outsideApi`). */
  path: string
  /** OpenAPI path template when it differs from `path` (path parameters). */
  docPath?: string
  outsideApi?: boolean
  tag: string
  summary: string
  query?: z.core.$ZodType
  params?: z.core.$ZodType
  /** The POST body: form fields (url-encoded or multipart) or the same fields as JSON. */
  body?: z.core.$ZodType
  /** The `data` of the success envelope. */
  response?: z.ZodType
  /** A file answer instead of JSON. */
  file?: 'download' | 'image'
  /** The call answers 404 for unknown ids or keys. */
  notFound?: boolean
  /**
   * The session the call needs: 'member' answers 401 without one (cookie or Bearer token);
   * 'optional' uses one when sent (logout). Absent: no credentials needed.
   */
  auth?: 'member' | 'optional'
  /**
   * How a 400 for invalid input reports it: `data.issues` (the content calls, the default when
   * there are parameters) or `data.fields` (the member calls, one message per field). `false`:
   * only what `errors[400]` says.
   */
  invalidInput?: 'issues' | 'fields' | false
  /** A success sets the session cookies, or clears them. */
  cookies?: 'set' | 'clear'
  /**
   * Answers kept in memory until the next published change (server/plugins/response-cache.ts):
   * 'always', or 'without-keyword' (a search word makes the answer too particular to keep).
   * Only for calls whose answer depends on nothing of the caller.
   */
  kept?: 'always' | 'without-keyword'
  /** What further error statuses mean for this call (added to the generic description, if any). */
  errors?: Partial<Record<ErrorStatus, string>>
}

type JsonSchema = {
  properties?: Record<string, JsonSchema>
  required?: string[]
  description?: string
  [key: string]: unknown
}

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

function parameters(schema: z.core.$ZodType | undefined, location: 'query' | 'path') {
  if (!schema) return []
  const json = jsonSchema(schema, 'input')
  const required = new Set(json.required ?? [])
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    }
  })
}

const langParameter = {
  name: 'lang',
  in: 'query',
  required: false,
  description: 'Language of error messages (default: the lang cookie, then Korean)',
  schema: { type: 'string', enum: [...locales] },
}

const envelopeRef = (name: 'ErrorEnvelope' | 'FieldErrorEnvelope' | 'RateLimitEnvelope') => ({
  'application/json': { schema: { $ref: `#/components/schemas/${name}` } },
})

const errorResponse = (description: string) => ({ description, content: envelopeRef('ErrorEnvelope') })

/** Every POST body is one of these; the handlers validate them with the same schema. */
const BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'] as const

const SESSION_SECURITY = [{ sessionCookie: [] }, { bearerAuth: [] }]

/** The error answers of a call: the ones its shape implies, then what it adds itself. */
function errorResponses(call: ApiCall): Record<string, unknown> {
  const generic: Partial<Record<ErrorStatus | 413, string>> = {}
  const invalidInput = call.invalidInput ?? (call.query || call.params || call.body ? 'issues' : false)
  if (invalidInput === 'issues') generic[400] = 'Invalid parameters (details in data.issues)'
  if (invalidInput === 'fields')
    generic[400] = "BAD_REQUEST: invalid input; data.fields gives the message per field, in the caller's language"
  if (call.auth === 'member') generic[401] = 'UNAUTHORIZED: no valid session (cookie or Bearer token), or it ended'
  // server/plugins/origin-check.ts refuses every state-changing request from another site.
  if (call.method === 'POST')
    generic[403] = 'FORBIDDEN: a cross-site request (Origin, Referer or Sec-Fetch-Site names another site)'
  if (call.notFound) generic[404] = 'Unknown id or key'
  if (call.body) generic[413] = `PAYLOAD_TOO_LARGE: a form body over ${FORM_BODY_LIMIT / 1024} KiB`
  const statuses = new Set(
    [...Object.keys(generic), ...Object.keys(call.errors ?? {})].map(Number) as (ErrorStatus | 413)[],
  )
  const responses: Record<string, unknown> = {}
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const own = status === 413 ? undefined : call.errors?.[status]
    const description = [own, generic[status]].filter(Boolean).join('; ')
    if (status === 429) {
      responses[status] = {
        description,
        headers: {
          'Retry-After': {
            description: 'Seconds to wait before trying again',
            schema: { type: 'integer', minimum: 1 },
          },
        },
        content: envelopeRef('RateLimitEnvelope'),
      }
    } else if (status === 400 && invalidInput === 'fields') {
      responses[status] = { description, content: envelopeRef('FieldErrorEnvelope') }
    } else {
      responses[status] = errorResponse(description)
    }
  }
  return responses
}

/** The component name of a call's body schema: `/pwd/reset/confirm` → `PwdResetConfirmBody`. */
const bodyName = (path: string) =>
  `${path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Body`

/** The body schema is a component, referenced by each of the three media types. */
function requestBody(call: ApiCall) {
  const ref = { $ref: `#/components/schemas/${bodyName(call.path)}` }
  return {
    required: true,
    description: `A form (each field at most once, at most ${FORM_BODY_LIMIT / 1024} KiB) or the same fields as JSON`,
    content: Object.fromEntries(BODY_TYPES.map((type) => [type, { schema: ref }])),
  }
}

function operation(call: ApiCall) {
  const responses: Record<string, unknown> = {}
  if (call.file === 'download') {
    responses['200'] = {
      description: 'The file bytes, as an attachment (Content-Disposition with a UTF-8 filename*)',
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    }
  } else if (call.file === 'image') {
    responses['200'] = {
      description: 'The image bytes, cached for a day',
      content: Object.fromEntries(
        ['image/svg+xml', 'image/png', 'image/webp', 'image/jpeg'].map((t) => [
          t,
          { schema: { type: 'string', contentMediaType: t } },
        ]),
      ),
    }
  } else if (call.response) {
    responses['200'] = {
      description: 'Success envelope',
      ...(call.cookies
        ? {
            headers: {
              'Set-Cookie': {
                description:
                  call.cookies === 'set'
                    ? `${SESSION_COOKIE} (HttpOnly) and ${SESSION_HINT_COOKIE}=1, SameSite=Lax, Max-Age=${SESSION_LIFETIME_SEC}, Secure on https`
                    : `${SESSION_COOKIE} and ${SESSION_HINT_COOKIE} cleared (Max-Age=0)`,
                schema: { type: 'string' },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: jsonSchema(envelopeSchema(call.response), 'output') } },
    }
  }
  Object.assign(responses, errorResponses(call))
  const security = call.auth === 'member' ? SESSION_SECURITY : call.auth === 'optional' ? [...SESSION_SECURITY, {}] : []
  return {
    tags: [call.tag],
    summary: call.summary,
    security,
    parameters: [
      ...parameters(call.params, 'path'),
      ...parameters(call.query, 'query'),
      ...(call.outsideApi ? [] : [langParameter]),
    ],
    ...(call.body ? { requestBody: requestBody(call) } : {}),
    responses,
  }
}

type Operation = ReturnType<typeof operation>

/** The OpenAPI 3.1 document of the given calls. */
export function openApiDocument(calls: ApiCall[]) {
  const paths: Record<string, { get?: Operation; post?: Operation }> = {}
  const bodies: Record<string, JsonSchema> = {}
  for (const call of calls) {
    const path = call.docPath ?? call.path
    const item = (paths[call.outsideApi ? path : `/api${path}`] ??= {})
    item[call.method === 'POST' ? 'post' : 'get'] = operation(call)
    if (call.body) bodies[bodyName(call.path)] = jsonSchema(call.body, 'input')
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public API',
      version: '1.0.0',
      description:
        'Public calls of the corporate website. Every JSON answer is an envelope: { success: true, data } or ' +
        '{ success: false, data?, error: { code, message, messages: { ko, en } } } with a 4xx status. ' +
        'Paged lists put { list, pagination: { page, page_list, totalPageCount, totalRecordCountAll } } in data. ' +
        'Content fields come in both languages: title (Korean), title_en (English). ' +
        'The content and file calls need no credentials. The member calls that act for a member (marked with a ' +
        `security requirement) need its session: the HttpOnly cookie "${SESSION_COOKIE}" that POST /api/login sets, or ` +
        '"Authorization: Bearer <token>" with the token it answers; without one they answer 401. ' +
        `POST bodies are forms (url-encoded or multipart, each field at most once, at most ${FORM_BODY_LIMIT / 1024} KiB) or JSON. ` +
        'A POST whose Origin or Referer names another site is refused with 403. ' +
        'Past a rate limit a member call answers 429 with Retry-After.',
    },
    tags: [
      { name: 'products', description: 'Product tree, details and the reference archive' },
      { name: 'content', description: 'Company and home-page content' },
      { name: 'support', description: 'Service & support documents and circuit diagrams' },
      { name: 'investors', description: 'Investor notices (Korean only)' },
      { name: 'search', description: 'Site search over everything public' },
      { name: 'files', description: 'Downloads and images' },
      {
        name: 'members',
        description:
          'Member accounts: sign-up, e-mail verification, login sessions, find ID, passwords, own data, withdrawal',
      },
    ],
    paths,
    components: {
      schemas: {
        ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output'),
        FieldErrorEnvelope: jsonSchema(fieldErrorEnvelopeSchema, 'output'),
        RateLimitEnvelope: jsonSchema(rateLimitEnvelopeSchema, 'output'),
        ...bodies,
      },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `Set by POST /api/login (HttpOnly, SameSite=Lax, Max-Age=${SESSION_LIFETIME_SEC})`,
        },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token POST /api/login answers' },
      },
    },
  }
}

/** GET /api/docs: the description, built once. */
export async function docsRoutes(app: FastifyInstance, opts: { calls: ApiCall[] }) {
  const document = openApiDocument([{ path: '/docs', tag: 'docs', summary: 'This OpenAPI description' }, ...opts.calls])
  app.get('/docs', async () => document)
}
