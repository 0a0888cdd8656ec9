import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { FORM_BODY_LIMIT, JSON_BODY_LIMIT } from '#server/http/form-body.ts'
import { MEDIA_TYPES } from '#server/services/downloads.ts'
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '#shared/session-cookies.ts'
import { envelopeSchema, errorEnvelopeSchema, issuesEnvelopeSchema } from '#shared/api-schemas/common.ts'
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
  /** The `data` of the success envelope (or, with `envelope: false`, the whole answer). */
  response?: z.ZodType
  /** false: the answer is `response` itself, not wrapped in the success envelope (GET /api/docs). */
  envelope?: boolean
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
  type?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  description?: string
  [key: string]: unknown
}

/** The string keywords one side of a pipe may add to the other. */
const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format'] as const

/**
 * What zod's JSON Schema loses of an input's constraints, put back (`override` of `z.toJSONSchema`):
 * - An input schema of a pipe is its first stage only. A string read as a whole number
 *   (`intParam`: digits, then a bounded integer) is documented as that integer with its bounds, as an
 *   OpenAPI client sends an integer parameter; a string trimmed, then checked (the member fields)
 *   carries the checks of the second stage too.
 * - A default of a transformed value is dropped from the input schema; it is put back when it is of the
 *   documented type (`recordSize` 15).
 */
function restoreConstraints(zodSchema: z.core.$ZodType, json: JsonSchema) {
  const def = zodSchema._zod.def
  if (def.type === 'pipe') {
    const { in: first, out: second } = def as z.core.$ZodPipeDef
    if (first._zod.traits.has('$ZodTransform') || json.type !== 'string') return
    const out = jsonSchema(second, 'input')
    if (out.type === 'integer') {
      for (const keyword of STRING_KEYWORDS) delete json[keyword]
      json.type = 'integer'
      // Only the pipe's own bounds: zod gives every .int() the safe-integer range.
      for (const bound of ['minimum', 'maximum'] as const) {
        const value = out[bound]
        if (typeof value === 'number' && Math.abs(value) !== Number.MAX_SAFE_INTEGER) json[bound] = value
      }
    } else if (out.type === 'string') {
      const own = (keyword: string) => (typeof json[keyword] === 'number' ? (json[keyword] as number) : undefined)
      if (typeof out.minLength === 'number') json.minLength = Math.max(own('minLength') ?? 0, out.minLength)
      if (typeof out.maxLength === 'number') json.maxLength = Math.min(own('maxLength') ?? Infinity, out.maxLength)
      if (typeof out.format === 'string') json.format ??= out.format
      if (typeof out.pattern === 'string' && out.pattern !== json.pattern) {
        if (json.pattern === undefined) json.pattern = out.pattern
        else json.allOf = [...((json.allOf as unknown[]) ?? []), { pattern: out.pattern }]
      }
    }
  } else if (def.type === 'default' && json.default === undefined) {
    const value: unknown = (def as z.core.$ZodDefaultDef).defaultValue
    const type = typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value
    if (json.type === type || (json.type === 'number' && type === 'integer')) json.default = value
  }
}

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: io === 'input' ? (ctx) => restoreConstraints(ctx.zodSchema, ctx.jsonSchema as JsonSchema) : undefined,
  }) as JsonSchema
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

type EnvelopeName = 'ErrorEnvelope' | 'IssuesErrorEnvelope' | 'FieldErrorEnvelope' | 'RateLimitEnvelope'

const envelopeRef = (name: EnvelopeName) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${name}` } },
})

const retryAfter = (required: boolean) => ({
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required,
    schema: { type: 'integer', minimum: 1 },
  },
})

/** Every POST body is one of these; the handlers validate them with the same schema. */
const BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'] as const

const SESSION_SECURITY = [{ sessionCookie: [] }, { bearerAuth: [] }]

/** Every status a call may answer besides 200. */
type Status = 304 | ErrorStatus | 413 | 415 | 503

const KIB = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`)

/**
 * The answers of a call besides its success: the ones every call of its shape gives (the plugins'
 * and the handlers' shared rules), then what the call adds itself (`errors`).
 */
function otherResponses(call: ApiCall): Record<string, unknown> {
  const api = !call.outsideApi
  const post = call.method === 'POST'
  const generic: Partial<Record<Status, string>> = {}
  const invalidInput = call.invalidInput ?? (call.query || call.params || call.body ? 'issues' : false)
  if (call.kept)
    generic[304] =
      'Not modified: If-None-Match names the ETag of the answer the node keeps (when it keeps answers: server/plugins/response-cache.ts)'
  // server/plugins/nul-bytes.ts refuses a NUL in any query value of every /api call, the body's too.
  const invalid = [
    invalidInput === 'issues' ? 'invalid parameters (details in data.issues)' : undefined,
    invalidInput === 'fields'
      ? "invalid input (data.fields gives the message per field, in the caller's language)"
      : undefined,
    api ? `a NUL character in a query value${post ? ' or the body, or a body that does not parse' : ''}` : undefined,
  ].filter(Boolean)
  if (invalid.length > 0) generic[400] = `BAD_REQUEST: ${invalid.join('; or ')}`
  if (call.auth === 'member') generic[401] = 'UNAUTHORIZED: no valid session (cookie or Bearer token), or it ended'
  // server/plugins/origin-check.ts refuses every state-changing request from another site.
  if (post)
    generic[403] = 'CROSS_SITE_REQUEST: a cross-site request (Origin, Referer or Sec-Fetch-Site names another site)'
  if (call.notFound) generic[404] = 'NOT_FOUND: unknown id or key'
  if (post) {
    generic[413] = `PAYLOAD_TOO_LARGE: a form body over ${KIB(FORM_BODY_LIMIT)}, or a JSON body over ${KIB(JSON_BODY_LIMIT)}`
    generic[415] =
      'UNSUPPORTED_MEDIA_TYPE: a body that is neither a form (url-encoded or multipart), JSON nor text/plain (which carries no fields)'
  }
  // server/plugins/load-shedding.ts (the /api calls), server/plugins/errors.ts (a database outage), and
  // Fastify itself while the node shuts down (return503OnClosing).
  generic[503] = [
    api ? 'SERVICE_UNAVAILABLE: the node is too busy (load shedding) or the database does not answer' : undefined,
    api ? undefined : 'SERVICE_UNAVAILABLE: the database does not answer',
    'Retry-After says when to try again. While the node shuts down, Fastify answers { error, message, statusCode } instead: ask another node',
  ]
    .filter(Boolean)
    .join('. ')
  const statuses = new Set([...Object.keys(generic), ...Object.keys(call.errors ?? {})].map(Number) as Status[])
  const responses: Record<string, unknown> = {}
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const own = call.errors?.[status as ErrorStatus]
    const description = [own, generic[status]].filter(Boolean).join('; ')
    if (status === 304) {
      responses[status] = { description, headers: { ETag: { required: true, schema: { type: 'string' } } } }
    } else if (status === 429) {
      responses[status] = { description, headers: retryAfter(true), content: envelopeRef('RateLimitEnvelope') }
    } else if (status === 503) {
      responses[status] = {
        description,
        headers: retryAfter(false),
        content: {
          'application/json': {
            schema: {
              anyOf: [{ $ref: '#/components/schemas/ErrorEnvelope' }, { $ref: '#/components/schemas/ShuttingDown' }],
            },
          },
        },
      }
    } else if (status === 400 && invalidInput === 'fields') {
      responses[status] = { description, content: envelopeRef('FieldErrorEnvelope') }
    } else if (status === 400 && invalidInput === 'issues') {
      responses[status] = { description, content: envelopeRef('IssuesErrorEnvelope') }
    } else {
      responses[status] = { description, content: envelopeRef('ErrorEnvelope') }
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
    description: `A form (each field at most once, at most ${KIB(FORM_BODY_LIMIT)}) or the same fields as JSON`,
    content: Object.fromEntries(BODY_TYPES.map((type) => [type, { schema: ref }])),
  }
}

/** The 200 of a call. */
function success(call: ApiCall) {
  if (call.file === 'download')
    return {
      description:
        'The file bytes, as an attachment (Content-Disposition with a UTF-8 filename*), with the type stored with the file (application/octet-stream when it has none that is valid)',
      headers: {
        'Content-Disposition': { required: true, schema: { type: 'string', pattern: '^attachment; filename="' } },
        'Content-Length': { required: true, schema: { type: 'integer', minimum: 0 } },
      },
      content: { '*/*': {} },
    }
  if (call.file === 'image')
    return {
      description: 'The image bytes, cached for a day',
      headers: { 'Content-Length': { required: true, schema: { type: 'integer', minimum: 0 } } },
      content: Object.fromEntries([...MEDIA_TYPES].map((type) => [type, {}])),
    }
  if (!call.response) throw new Error(`${call.path}: a call answers JSON or a file`)
  const headers = {
    ...(call.cookies
      ? {
          'Set-Cookie': {
            description:
              call.cookies === 'set'
                ? `${SESSION_COOKIE} (HttpOnly) and ${SESSION_HINT_COOKIE}=1, SameSite=Lax, Max-Age=${SESSION_LIFETIME_SEC}, Secure on https`
                : `${SESSION_COOKIE} and ${SESSION_HINT_COOKIE} cleared (Max-Age=0)`,
            required: true,
            schema: { type: 'string' },
          },
        }
      : {}),
    ...(call.kept
      ? { ETag: { description: 'On an answer the node kept (for If-None-Match)', schema: { type: 'string' } } }
      : {}),
  }
  const envelope = call.envelope ?? true
  return {
    description: envelope ? 'Success envelope' : 'The answer itself (no envelope)',
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: {
      'application/json': {
        schema: jsonSchema(envelope ? envelopeSchema(call.response) : call.response, 'output'),
      },
    },
  }
}

function operation(call: ApiCall) {
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
    responses: { 200: success(call), ...otherResponses(call) },
  }
}

type Operation = ReturnType<typeof operation>

/** The answer of a method an address does not take (server/plugins/methods.ts). */
const methodNotAllowed = {
  description:
    'METHOD_NOT_ALLOWED: the address takes other methods, which Allow names (the error envelope under /api, a short bilingual text elsewhere)',
  headers: {
    Allow: {
      required: true,
      description: 'The methods the address takes, e.g. "GET, HEAD"',
      schema: { type: 'string' },
    },
  },
  content: { ...envelopeRef('ErrorEnvelope'), 'text/plain': { schema: { type: 'string' } } },
}

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
        '{ success: false, data?, error: { code, message, messages: { ko, en } } } with a 4xx or 5xx status. ' +
        'Paged lists put { list, pagination: { page, page_list, totalPageCount, totalRecordCountAll } } in data. ' +
        'Content fields come in both languages: title (Korean), title_en (English). ' +
        'The content and file calls need no credentials. The member calls that act for a member (marked with a ' +
        `security requirement) need its session: the HttpOnly cookie "${SESSION_COOKIE}" that POST /api/login sets, or ` +
        '"Authorization: Bearer <token>" with the token it answers; without one they answer 401. ' +
        `POST bodies are forms (url-encoded or multipart, each field at most once, at most ${KIB(FORM_BODY_LIMIT)}) or JSON ` +
        `(at most ${KIB(JSON_BODY_LIMIT)}); a body of another type than these or text/plain is a 415. ` +
        'A POST whose Origin or Referer names another site is refused with 403. ' +
        'Past a rate limit a member call answers 429 with Retry-After; a node too busy to answer now, or whose ' +
        'database does not answer, answers 503 with Retry-After. ' +
        'Every GET call answers HEAD too (the same status and headers, no body). Any other method at one of these ' +
        'addresses answers 405 with Allow (components.responses.MethodNotAllowed).',
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
      { name: 'restricted', description: 'Order lookups for members the company granted the restricted area' },
      { name: 'docs', description: 'This description' },
    ],
    paths,
    components: {
      schemas: {
        ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output'),
        IssuesErrorEnvelope: jsonSchema(issuesEnvelopeSchema, 'output'),
        FieldErrorEnvelope: jsonSchema(fieldErrorEnvelopeSchema, 'output'),
        RateLimitEnvelope: jsonSchema(rateLimitEnvelopeSchema, 'output'),
        ShuttingDown: jsonSchema(shuttingDownSchema, 'output'),
        ...bodies,
      },
      responses: { MethodNotAllowed: methodNotAllowed },
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

/** Fastify's own 503 while the node shuts down (`return503OnClosing`), before any route or hook runs. */
const shuttingDownSchema = z
  .object({ error: z.literal('Service Unavailable'), message: z.string(), statusCode: z.literal(503) })
  .describe("Fastify's answer while the node shuts down")

/** What GET /api/docs answers: this document, not wrapped in an envelope. */
const documentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
  components: z.looseObject({}),
})

/** GET /api/docs: the description, built once. */
export async function docsRoutes(app: FastifyInstance, opts: { calls: ApiCall[] }) {
  const document = openApiDocument([
    { path: '/docs', tag: 'docs', summary: 'This OpenAPI description', response: documentSchema, envelope: false },
    ...opts.calls,
  ])
  app.get('/docs', async () => document)
}
