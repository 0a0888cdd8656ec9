import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { envelopeSchema, errorEnvelopeSchema } from '#shared/api-schemas/common.ts'
import { locales } from '#shared/locales.ts'

/**
 * One public call as the OpenAPI description lists it. The route modules declare these next to
 * their handlers, from the same zod schemas the handlers validate with, so the description
 * cannot drift from what is enforced.
 */
export type ApiCall = {
  /** Fastify route path, relative to /api (or to the root when `outsideApi`). */
  path: string
  /** OpenAPI path template when it differs from `path` (path parameters). */
  docPath?: string
  outsideApi?: boolean
  tag: string
  summary: string
  query?: z.ZodType
  params?: z.ZodType
  /** The `data` of the success envelope. */
  response?: z.ZodType
  /** A file answer instead of JSON. */
  file?: 'download' | 'image'
  /** The call answers 404 for unknown ids or keys. */
  notFound?: boolean
}

type JsonSchema = {
  properties?: Record<string, JsonSchema>
  required?: string[]
  description?: string
  [key: string]: unknown
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path') {
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

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
})

function operation(call: ApiCall) {
  const responses: Record<string, unknown> = {}
  if (call.file === 'download') {
    responses['200'] = {
      description: 'The file bytes, as an attachment (Content-Disposition with a UTF-8 filename*)',
      content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    }
  } else if (call.file === 'image') {
    responses['200'] = {
      description: 'The image bytes, cached for a day',
      content: Object.fromEntries(
        ['image/svg+xml', 'image/png', 'image/webp', 'image/jpeg'].map((t) => [t, { schema: { type: 'string', contentMediaType: t } }]),
      ),
    }
  } else if (call.response) {
    responses['200'] = {
      description: 'Success envelope',
      content: { 'application/json': { schema: jsonSchema(envelopeSchema(call.response), 'output') } },
    }
  }
  if (call.query || call.params) responses['400'] = errorResponse('Invalid parameters (details in data.issues)')
  if (call.notFound) responses['404'] = errorResponse('Unknown id or key')
  return {
    tags: [call.tag],
    summary: call.summary,
    security: [],
    parameters: [...parameters(call.params, 'path'), ...parameters(call.query, 'query'), ...(call.outsideApi ? [] : [langParameter])],
    responses,
  }
}

/** The OpenAPI 3.1 document of the given calls. */
export function openApiDocument(calls: ApiCall[]) {
  const paths: Record<string, { get: ReturnType<typeof operation> }> = {}
  for (const call of calls) {
    const path = call.docPath ?? call.path
    paths[call.outsideApi ? path : `/api${path}`] = { get: operation(call) }
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
        'No call needs credentials; a Bearer token or session cookie is accepted and ignored.',
    },
    tags: [
      { name: 'products', description: 'Product tree, details and the reference archive' },
      { name: 'content', description: 'Company and home-page content' },
      { name: 'support', description: 'Service & support documents and circuit diagrams' },
      { name: 'investors', description: 'Investor notices (Korean only)' },
      { name: 'files', description: 'Downloads and images' },
    ],
    paths,
    components: { schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') } },
  }
}

/** GET /api/docs: the description, built once. */
export async function docsRoutes(app: FastifyInstance, opts: { calls: ApiCall[] }) {
  const document = openApiDocument([{ path: '/docs', tag: 'docs', summary: 'This OpenAPI description' }, ...opts.calls])
  app.get('/docs', async () => document)
}
