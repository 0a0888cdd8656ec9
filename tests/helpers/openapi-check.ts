import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import zlib from 'node:zlib'

/**
 * Checks answers of the app against its own OpenAPI description (`GET /api/docs`): the status must
 * be one the call documents, the content type one of that response's media types, a JSON body must
 * match its schema (JSON Schema 2020-12, as OpenAPI 3.1 uses, compiled by ajv from the document
 * itself) and the headers it marks required must be there. `checkAnswers(app)` makes every
 * `app.inject` of a test file do so, and fail the test with the differences listed.
 */

type Json = Record<string, unknown>
type Header = { required?: boolean; schema?: Json }
type Response = {
  $ref?: string
  description?: string
  headers?: Record<string, Header>
  content?: Record<string, { schema?: Json }>
}
type Operation = { responses: Record<string, Response> }
export type OpenApiDocument = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Json>; responses?: Record<string, Response> }
}

/** One answer as the check reads it. */
export type Answer = {
  method: string
  /** The request's path and query, e.g. `/api/patent?type=1`. */
  url: string
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

/** The component a method the path does not take is answered with (the document's description says so). */
export const METHOD_NOT_ALLOWED = '#/components/responses/MethodNotAllowed'

const BASE = 'https://openapi.invalid/document.json'
const SCHEMAS = '#/components/schemas/'
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** A copy of `value` whose `#/components/schemas/…` references point into the schema ajv holds as BASE. */
function rebase<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rebase) as T
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMAS)
        ? `${BASE}#/$defs/${item.slice(SCHEMAS.length)}`
        : rebase(item),
    ]),
  ) as T
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

/** A media type of a response that an answer's type falls under: exact, `type/*` or `*\/*`. */
function mediaTypeOf(declared: string[], actual: string): string | undefined {
  const [type] = actual.split('/')
  return (
    declared.find((d) => d === actual) ?? declared.find((d) => d === `${type}/*`) ?? declared.find((d) => d === '*/*')
  )
}

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json')

const excerpt = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text)

function describeErrors(errors: ErrorObject[] | null | undefined, data: unknown): string[] {
  return (errors ?? []).map((e) => {
    const at = e.instancePath || '/'
    let value: unknown = data
    for (const part of e.instancePath.split('/').slice(1))
      value = (value as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
    const params =
      e.keyword === 'additionalProperties'
        ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'`
        : ''
    return `${at} ${e.message}${params} (value: ${excerpt(JSON.stringify(value) ?? 'undefined', 120)})`
  })
}

export class OpenApiCheck {
  private readonly ajv: Ajv2020
  private readonly validators = new Map<string, ValidateFunction>()
  /** Concrete paths first: `/api/product/banner/detail` before `/api/product/banner/detail={id}`. */
  private readonly paths: { template: string; pattern: RegExp; item: Record<string, Operation> }[]

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false })
    addFormats(this.ajv)
    // The OpenAPI 3.1 dialect's own annotations.
    this.ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs'])
    this.ajv.addSchema({ $id: BASE, $defs: rebase(document.components.schemas) })
    this.paths = Object.entries(document.paths)
      .map(([template, item]) => ({
        template,
        item,
        pattern: new RegExp(
          `^${template
            .split(/(\{[^}]+\})/)
            .map((part) => (part.startsWith('{') ? '(.+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
            .join('')}$`,
        ),
      }))
      .sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')))
  }

  /** Compiles every schema of every response: a schema ajv refuses (a bad pattern, a dangling $ref) is a problem too. */
  compileAll(): string[] {
    const problems: string[] = []
    for (const [template, item] of Object.entries(this.document.paths))
      for (const [method, operation] of Object.entries(item))
        for (const [status, response] of Object.entries(operation.responses)) {
          const resolved = this.resolve(response)
          for (const [type, media] of Object.entries(resolved.content ?? {})) {
            if (!media.schema) continue
            try {
              this.validator(`${method.toUpperCase()} ${template} ${status} ${type}`, media.schema)
            } catch (error) {
              problems.push(`${method.toUpperCase()} ${template} ${status} ${type}: ${(error as Error).message}`)
            }
          }
        }
    return problems
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let validate = this.validators.get(key)
    if (!validate) {
      validate = this.ajv.compile(rebase(schema))
      this.validators.set(key, validate)
    }
    return validate
  }

  private resolve(response: Response): Response {
    if (!response.$ref) return response
    const name = response.$ref.replace('#/components/responses/', '')
    const found = this.document.components.responses?.[name]
    if (!found) throw new Error(`${response.$ref} is not in the document`)
    return found
  }

  /** The document's path template of a request path, or undefined when the path is none of its calls. */
  pathOf(path: string): { template: string; item: Record<string, Operation> } | undefined {
    const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path
    return this.paths.find((p) => p.pattern.test(trimmed))
  }

  /**
   * What does not match between an answer and the document; [] when it matches, or when the path
   * is none of the document's calls (unknown addresses, pages, the console).
   */
  problems(answer: Answer): string[] {
    const path = answer.url.split('?')[0] ?? '/'
    const found = this.pathOf(path)
    if (!found) return []
    const method = answer.method.toLowerCase()
    const operation = found.item[method] ?? (method === 'head' ? found.item.get : undefined)
    const status = String(answer.statusCode)
    let where: string
    let response: Response | undefined
    if (operation) {
      where = `paths['${found.template}'].${found.item[method] ? method : 'get'}.responses`
      response = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default
      if (!response)
        return [`${where} lists ${Object.keys(operation.responses).join(', ')}, not ${status}: ${excerpt(answer.body)}`]
    } else {
      // A method the path does not take: the document's 405.
      where = METHOD_NOT_ALLOWED
      if (status !== '405')
        return [
          `${found.template} takes ${Object.keys(found.item)
            .filter((m) => METHODS.includes(m))
            .join(', ')}, so ${answer.method} must answer 405, not ${status}`,
        ]
      response = { $ref: METHOD_NOT_ALLOWED }
    }
    response = this.resolve(response)
    const problems: string[] = []
    const at = `${where}['${status}']`

    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const value = answer.headers[name.toLowerCase()]
      if (value === undefined) {
        if (header.required) problems.push(`${at}: the required header ${name} is missing`)
        continue
      }
      if (!header.schema || name.toLowerCase() === 'set-cookie') continue
      const text = String(Array.isArray(value) ? value[0] : value)
      const type = header.schema.type
      const parsed = type === 'integer' || type === 'number' ? Number(text) : text
      const validate = this.validator(`${at} header ${name}`, header.schema)
      if (!validate(parsed))
        problems.push(`${at}: header ${name}: ${text}: ${describeErrors(validate.errors, parsed).join('; ')}`)
    }

    const content = response.content ?? {}
    const declared = Object.keys(content)
    const bodyless = answer.method === 'HEAD' || answer.statusCode === 304
    if (declared.length === 0) {
      if (answer.body !== '') problems.push(`${at} has no content, but the answer has a body: ${excerpt(answer.body)}`)
      return problems
    }
    const contentType = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase()
    if (!contentType) {
      if (!bodyless) problems.push(`${at}: the answer has no Content-Type (the document: ${declared.join(', ')})`)
      return problems
    }
    const mediaType = mediaTypeOf(declared, contentType)
    if (!mediaType) {
      problems.push(`${at}: Content-Type ${contentType} is not one of ${declared.join(', ')}`)
      return problems
    }
    const schema = content[mediaType]?.schema
    if (bodyless || !schema || !isJson(mediaType)) return problems
    let data: unknown
    try {
      data = JSON.parse(answer.body)
    } catch {
      problems.push(`${at}: the body is not JSON: ${excerpt(answer.body)}`)
      return problems
    }
    const validate = this.validator(pointer(at, mediaType), schema)
    if (!validate(data))
      problems.push(
        `${at} ${mediaType}: the body does not match its schema:\n    ${describeErrors(validate.errors, data).join('\n    ')}`,
      )
    return problems
  }
}

/** The check of an app's description, fetched with `inject` (unchecked) once per app. */
const checks = new WeakMap<FastifyInstance, Promise<OpenApiCheck>>()

type Inject = (options: InjectOptions | string) => Promise<LightMyRequestResponse>

/** The unchecked `inject` of the apps `checkAnswers` wrapped. */
const originals = new WeakMap<FastifyInstance, Inject>()

function checkOf(app: FastifyInstance, inject: Inject): Promise<OpenApiCheck> {
  let check = checks.get(app)
  if (!check) {
    check = inject('/api/docs').then((res) => {
      if (res.statusCode !== 200) throw new Error(`GET /api/docs answered ${res.statusCode}: ${excerpt(res.body)}`)
      return new OpenApiCheck(res.json() as OpenApiDocument)
    })
    checks.set(app, check)
  }
  return check
}

/** The OpenAPI check of `app`'s own description. */
export async function openApiCheck(app: FastifyInstance): Promise<OpenApiCheck> {
  return checkOf(app, originals.get(app) ?? ((options) => app.inject(options)))
}

/** The body as sent before its Content-Encoding (a kept answer goes out compressed). */
function decodedBody(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase()
  if (res.rawPayload.length === 0) return ''
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString()
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString()
  if (encoding === 'deflate') return zlib.inflateSync(res.rawPayload).toString()
  return res.body
}

export function answerOf(res: LightMyRequestResponse): Answer {
  const req = res.raw.req as { method?: string; url?: string }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url: req.url ?? '/',
    statusCode: res.statusCode,
    headers: res.headers,
    body: decodedBody(res),
  }
}

/**
 * From now on every `app.inject(…)` of `app` (the promise forms; the chained and callback forms are
 * left alone) checks its answer against the app's OpenAPI description, and rejects with the
 * differences when it does not match, so the test that made the request fails there.
 */
export function checkAnswers(app: FastifyInstance): void {
  const original = app.inject.bind(app) as FastifyInstance['inject']
  const inject = original as unknown as Inject
  originals.set(app, inject)
  const checked = async (options: InjectOptions | string) => {
    const res = await inject(options)
    const problems = (await checkOf(app, inject)).problems(answerOf(res))
    if (problems.length > 0) {
      const { method, url, statusCode } = answerOf(res)
      throw new Error(
        `${method} ${url} answered ${statusCode}, which the OpenAPI description does not allow:\n  ${problems.join('\n  ')}`,
      )
    }
    return res
  }
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (original as (...args: unknown[]) => unknown)(options, callback)
      : checked(options)) as FastifyInstance['inject']
}
