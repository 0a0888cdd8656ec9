import { Readable } from 'node:stream'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicCalls } from '#server/api/index.ts'
import type { ApiCall } from '#server/api/openapi.ts'
import { FORM_BODY_LIMIT, JSON_BODY_LIMIT } from '#server/http/form-body.ts'
import { openApiCheck } from '#tests/helpers/openapi-check.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp({ seed: false, checkAnswers: true })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

type BodySchema = {
  properties?: Record<string, { description?: string }>
  required?: string[]
  additionalProperties?: boolean
}
type Operation = {
  parameters: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }
  >
  security: Record<string, string[]>[]
  requestBody?: { required: boolean; content: Record<string, { schema: { $ref: string } }> }
}
type Doc = {
  openapi: string
  info: { description: string }
  paths: Record<string, { get?: Operation; post?: Operation }>
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, Record<string, unknown>> }
}

/** The body schema a media type of a request body refers to. */
function bodySchema(doc: Doc, ref: { $ref: string }): BodySchema {
  const name = ref.$ref.replace('#/components/schemas/', '')
  expect(doc.components.schemas, ref.$ref).toHaveProperty(name)
  return doc.components.schemas[name] as BodySchema
}

/** Every public call of the specification's section 7 this module serves, with its documented parameters. */
const EXPECTED: Record<string, string[]> = {
  '/api/product/list': [],
  '/api/product/detail': ['info_id'],
  '/api/product/support/list': ['select', 'type', 'id', 'page', 'recordSize', 'pageSize'],
  '/api/patent': ['type'],
  '/api/history': [],
  '/api/banner': [],
  '/api/agency': ['type'],
  '/api/terms': ['type'],
  '/api/product/banner/list': [],
  '/api/product/banner/detail={id}': ['id'],
  '/api/product/banner/detail': ['id'],
  '/api/youtube/list': [],
  '/api/popup': [],
  '/api/invest/category/list': ['type'],
  '/api/invest/list': ['category_info_id', 'type', 'page', 'recordSize', 'pageSize'],
  '/api/search/list': ['keyword', 'language', 'page', 'recordSize', 'pageSize'],
  '/api/support/option/list': ['type', 'option_id_list'],
  '/api/support/list/text': ['type', 'keyword', 'option_id_list', 'page', 'recordSize', 'pageSize'],
  '/api/support/serial': ['code1', 'code2', 'page', 'recordSize', 'pageSize'],
  '/api/s3/download': ['file_name', 'origin_file_name'],
  '/api/ftpdownload': ['filename', 'url'],
  '/media/{key}': ['key'],
}

/**
 * The member calls: method, query parameters, body fields (and which are required), whether a
 * session is needed, and every error status the call can answer.
 */
type MemberCall = {
  method: 'get' | 'post'
  params?: string[]
  body?: string[]
  required?: string[]
  auth?: 'member' | 'optional'
  errors: number[]
}
const MEMBER_CALLS: Record<string, MemberCall> = {
  '/api/sign': {
    method: 'post',
    body: [
      'company',
      'division',
      'name',
      'username',
      'password',
      'password_confirm',
      'consent_service',
      'consent_privacy',
      'lang',
    ],
    required: ['company', 'division', 'name', 'username', 'password', 'consent_service', 'consent_privacy'],
    errors: [400, 403, 409, 413, 415, 429, 503],
  },
  '/api/login': {
    method: 'post',
    body: ['username', 'password', 'flag'],
    required: ['username', 'password'],
    errors: [400, 401, 403, 413, 415, 429, 503],
  },
  '/api/logout': { method: 'post', auth: 'optional', errors: [400, 403, 413, 415, 503] },
  '/api/user': { method: 'get', auth: 'member', errors: [400, 401, 503] },
  '/api/user/detail': { method: 'get', params: ['id'], auth: 'member', errors: [400, 401, 403, 503] },
  '/api/user/update': {
    method: 'post',
    body: ['nickname', 'lang'],
    required: [],
    auth: 'member',
    errors: [400, 401, 403, 413, 415, 503],
  },
  '/api/user/withdraw': { method: 'post', auth: 'member', errors: [400, 401, 403, 413, 415, 503] },
  '/api/pwd/change': {
    method: 'post',
    body: ['old_password', 'new_password', 'new_password_confirm'],
    required: ['old_password', 'new_password'],
    auth: 'member',
    errors: [400, 401, 403, 413, 415, 429, 503],
  },
  '/api/pwd/reset': {
    method: 'post',
    body: ['username', 'company', 'name'],
    required: ['username', 'company', 'name'],
    errors: [400, 403, 404, 413, 415, 429, 503],
  },
  '/api/pwd/reset/confirm': {
    method: 'post',
    body: ['token', 'password', 'password_confirm'],
    required: ['token', 'password'],
    errors: [400, 403, 413, 415, 429, 503],
  },
  '/api/check/nickname': { method: 'get', params: ['nickname'], errors: [400, 429, 503] },
  '/api/email/regist': { method: 'get', params: ['username', 'email_regist_code'], errors: [400, 429, 503] },
  '/api/find/username': { method: 'get', params: ['company', 'division', 'name'], errors: [400, 404, 429, 503] },
}

/** The validator's errors, one a line, for the failure message. */
const listed = (errors: unknown) =>
  Array.isArray(errors)
    ? errors
        .map(
          (e: { instancePath?: string; message?: string; params?: unknown }) =>
            `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
        )
        .join('\n')
    : String(errors)

describe('GET /api/docs', () => {
  it('is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator), and every schema in it compiles as JSON Schema 2020-12', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as Record<string, unknown>
    const validator = new Validator({ allErrors: true })
    const result = await validator.validate(doc)
    expect(result.valid, listed(result.errors)).toBe(true)
    expect(validator.version).toBe('3.1')
    expect((await openApiCheck(t.app)).compileAll()).toEqual([])
    // The validator does refuse what is not: a response without its description, a dangling $ref.
    const broken = structuredClone(doc) as { paths: Record<string, { get: { responses: Record<string, unknown> } }> }
    broken.paths['/api/history']!.get.responses['200'] = { content: {} }
    broken.paths['/api/banner']!.get.responses['404'] = { $ref: '#/components/responses/Nothing' }
    const refused = await new Validator({ allErrors: true }).validate(broken)
    expect(refused.valid).toBe(false)
  })

  it('carries the constraints the server enforces: integer ranges, enums, lengths and patterns', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as Doc
    const param = (path: string, name: string) => doc.paths[path]!.get!.parameters.find((p) => p.name === name)?.schema
    expect(param('/api/invest/list', 'recordSize')).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 15 })
    expect(param('/api/invest/list', 'pageSize')).toEqual({ type: 'integer', minimum: 1, maximum: 10, default: 5 })
    expect(param('/api/invest/list', 'page')).toEqual({ type: 'integer', maximum: 100000, default: 1 })
    expect(param('/api/invest/list', 'type')).toEqual({ type: 'integer', enum: [1, 2] })
    expect(param('/api/support/list/text', 'type')).toEqual({ type: 'integer', minimum: 1, maximum: 12 })
    expect(param('/api/product/detail', 'info_id')).toEqual({ type: 'integer', minimum: 1, maximum: 2147483647 })
    expect(param('/api/search/list', 'keyword')).toMatchObject({ type: 'string', maxLength: 100 })
    expect(param('/api/search/list', 'language')).toEqual({ type: 'string', enum: ['KOR', 'ENG'] })
    expect(param('/api/morgan/list', 'ord')).toMatchObject({ pattern: '^\\d{2}(-\\d{1,4})?$' })
    expect(param('/api/check/nickname', 'nickname')).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 })
    expect(param('/media/{key}', 'key')).toMatchObject({ maxLength: 300, pattern: expect.any(String) })
    const sign = doc.components.schemas.SignBody as { properties: Record<string, Record<string, unknown>> }
    for (const field of ['company', 'division', 'name'])
      expect(sign.properties[field], field).toMatchObject({ type: 'string', minLength: 1, maxLength: 50 })
    expect(sign.properties.username).toMatchObject({
      minLength: 1,
      maxLength: 100,
      pattern: expect.stringContaining('@'),
    })
    expect(sign.properties.password).toMatchObject({ minLength: 8, maxLength: 30 })
    // The password pattern is the rule itself (shared/member-limits.ts).
    const password = new RegExp(sign.properties.password!.pattern as string, 'u')
    for (const ok of ['Valve#2024a', 'a1!aaaaa']) expect(password.test(ok), ok).toBe(true)
    for (const bad of ['Valve2024a', 'Valve#abcd', '12345678#', 'a1!aaaa', `a1!${'a'.repeat(28)}`, 'Valve#2024 a'])
      expect(password.test(bad), bad).toBe(false)
    expect(JSON.stringify(doc.components.schemas.IssuesErrorEnvelope)).toContain('"issues"')
  })

  it('is an OpenAPI 3.1 document listing every call with its parameters and response shapes', async () => {
    const res = await t.app.inject('/api/docs')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    const doc = res.json() as Doc
    expect(doc.openapi).toBe('3.1.0')
    for (const [path, params] of Object.entries(EXPECTED)) {
      const op = doc.paths[path]?.get
      expect(op, path).toBeDefined()
      expect(op!.security, path).toEqual([])
      expect(
        op!.parameters.map((p) => p.name).filter((n) => n !== 'lang'),
        path,
      ).toEqual(params)
      expect(op!.responses['200'], path).toBeDefined()
    }
    const detail = doc.paths['/api/product/detail']!.get!
    expect(detail.parameters[0]).toMatchObject({ name: 'info_id', in: 'query', required: true })
    expect(detail.responses['404']).toBeDefined()
    expect(doc.paths['/api/product/banner/detail={id}']!.get!.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    })
    const serial = doc.paths['/api/support/serial']!.get!
    expect(serial.parameters.find((p) => p.name === 'code1')).toMatchObject({
      required: true,
      schema: { type: 'string', pattern: '^\\d{2}$' },
    })
    expect(serial.parameters.find((p) => p.name === 'page')).toMatchObject({ required: false })
    const list = JSON.stringify(doc.paths['/api/support/list/text']!.get!.responses['200'])
    for (const field of [
      'list',
      'pagination',
      'page_list',
      'totalPageCount',
      'totalRecordCountAll',
      'title_en',
      'url_en',
      'file_list',
      'origin_file_name',
      'icon',
    ]) {
      expect(list).toContain(`"${field}"`)
    }
    const options = JSON.stringify(doc.paths['/api/support/option/list']!.get!.responses['200'])
    for (const field of ['option_list', 'show_yn', 'disabled', 'available', 'code', 'name'])
      expect(options).toContain(`"${field}"`)
  })

  it('lists every member call with its parameters, body fields, session and error answers', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as Doc
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'session',
    })
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.info.description).not.toContain('No call needs credentials')
    expect(doc.info.description).toContain('Bearer')
    for (const [path, call] of Object.entries(MEMBER_CALLS)) {
      const op = doc.paths[path]?.[call.method]
      expect(op, `${call.method} ${path}`).toBeDefined()
      const other = call.method === 'get' ? 'post' : 'get'
      expect(doc.paths[path]![other], `${path} has only ${call.method}`).toBeUndefined()
      expect(
        op!.parameters.map((p) => p.name).filter((n) => n !== 'lang'),
        path,
      ).toEqual(call.params ?? [])
      if (call.body) {
        expect(op!.requestBody?.required, path).toBe(true)
        const content = op!.requestBody!.content
        expect(Object.keys(content).sort(), path).toEqual([
          'application/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
        ])
        for (const { schema: ref } of Object.values(content)) {
          const schema = bodySchema(doc, ref)
          expect(Object.keys(schema.properties ?? {}), path).toEqual(call.body)
          expect(schema.required ?? [], path).toEqual(call.required)
        }
      } else {
        expect(op!.requestBody, path).toBeUndefined()
      }
      const sessions = [{ sessionCookie: [] }, { bearerAuth: [] }]
      expect(op!.security, path).toEqual(
        call.auth === 'member' ? sessions : call.auth === 'optional' ? [...sessions, {}] : [],
      )
      expect(Object.keys(op!.responses), path).toEqual(['200', ...call.errors.map(String)])
      if (call.errors.includes(429)) {
        expect(op!.responses['429']!.headers, path).toHaveProperty('Retry-After')
        expect(JSON.stringify(op!.responses['429']), path).toContain('RateLimitEnvelope')
      }
      if ((call.body || call.params) && path !== '/api/email/regist')
        expect(JSON.stringify(op!.responses['400']), path).toContain('FieldErrorEnvelope')
    }
    // Response shapes from shared/api-schemas/members.ts.
    const user = JSON.stringify(doc.paths['/api/user']!.get!.responses['200'])
    for (const field of ['id', 'username', 'company', 'division', 'name', 'nickname', 'access_yn', 'created_at'])
      expect(user).toContain(`"${field}"`)
    expect(user).not.toContain('password')
    const login = doc.paths['/api/login']!.post!.responses['200']!
    expect(login.headers).toHaveProperty('Set-Cookie')
    expect(JSON.stringify(login.content)).toContain('"type":"string"')
    expect(JSON.stringify(doc.paths['/api/check/nickname']!.get!.responses['200'])).toContain('"available"')
    const sign = bodySchema(doc, doc.paths['/api/sign']!.post!.requestBody!.content['application/json']!.schema)
    expect(sign.properties?.password?.description).toContain('8-30')
    expect(
      bodySchema(doc, doc.paths['/api/user/update']!.post!.requestBody!.content['application/json']!.schema)
        .additionalProperties,
    ).toBe(false)
    expect(JSON.stringify(doc.components.schemas.FieldErrorEnvelope)).toContain('"fields"')
  })

  it('documents the status each member call answers to empty input without a session', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as Doc
    const expected: Record<string, number> = { '/api/logout': 200 }
    for (const [path, call] of Object.entries(MEMBER_CALLS)) {
      const res = await t.app.inject({
        method: call.method === 'get' ? 'GET' : 'POST',
        url: path,
        remoteAddress: '198.51.100.9',
        ...(call.method === 'post' ? { payload: {} } : {}),
      })
      expect(res.statusCode, path).toBe(expected[path] ?? (call.auth === 'member' ? 401 : 400))
      expect(Object.keys(doc.paths[path]![call.method]!.responses), path).toContain(String(res.statusCode))
      if (res.statusCode === 400 && path !== '/api/email/regist') expect(res.json().data.fields, path).toBeDefined()
    }
  })

  it('documents only routes that exist, and each answers 200 (or its documented 404)', async () => {
    const sample: Record<string, string> = {
      '/product/detail': '?info_id=1',
      '/patent': '?type=1',
      '/agency': '?type=1',
      '/terms': '?type=1',
      '/product/banner/detail=:id': '',
      '/product/banner/detail': '?id=1',
      '/invest/category/list': '?type=1',
      '/support/option/list': '?type=1',
      '/support/list/text': '?type=1',
      '/support/serial': '?code1=25',
      '/s3/download': '?file_name=a/b.pdf&origin_file_name=b.pdf',
      '/ftpdownload': '?filename=b.pdf&url=YS9iLnBkZg==',
    }
    for (const call of publicCalls) {
      expect(
        t.app.hasRoute({ method: call.method ?? 'GET', url: call.outsideApi ? call.path : `/api${call.path}` }),
        call.path,
      ).toBe(true)
      // The member and restricted calls need input or a session: their answers are checked above,
      // in members-*.test.ts and api-restricted.test.ts.
      if (call.outsideApi || call.tag === 'members' || call.tag === 'restricted') continue
      const url = `/api${call.path.replace(':id', '1')}${sample[call.path] ?? ''}`
      const res = await t.app.inject(url)
      // Unknown ids and keys are 404 too, but from the route: its summary must be documented as such.
      if (res.statusCode === 404) expect(call.notFound, url).toBe(true)
      else expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    }
  })
})

describe('every list call', () => {
  it('answers 400, never 500, for wrong types, out-of-range values and repeated keys', async () => {
    const lists = [
      '/api/product/support/list?',
      '/api/invest/list?',
      '/api/support/list/text?type=1&',
      '/api/support/serial?code1=25&',
    ]
    const bad = [
      'page=abc',
      'page=100001',
      'recordSize=0',
      'recordSize=101',
      'pageSize=0',
      'pageSize=11',
      'page=1&page=2',
      'recordSize=%00',
      'pageSize=1.5',
    ]
    for (const base of lists) {
      for (const q of bad) {
        const res = await t.app.inject(base + q)
        expect(res.statusCode, base + q).toBe(400)
        expect(res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
      }
    }
  })

  it('answers the 400 message in the caller language', async () => {
    const ko = await t.app.inject('/api/patent?type=9')
    expect(ko.json().error.message).toBe('요청 값이 올바르지 않습니다.')
    const en = await t.app.inject('/api/patent?type=9&lang=en')
    expect(en.json().error.message).toBe('The request values are not valid.')
    expect(en.json().data.issues[0]).toMatchObject({ path: 'type' })
  })
})

describe('the answer check (tests/helpers/openapi-check.ts)', () => {
  it('refuses what the description does not allow, saying where and why', async () => {
    const check = await openApiCheck(t.app)
    const json = { 'content-type': 'application/json; charset=utf-8' }
    const answer = (
      method: string,
      url: string,
      statusCode: number,
      body: unknown,
      headers: Record<string, string> = json,
    ) => ({
      method,
      url,
      statusCode,
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const ok = { success: true, data: [] }
    expect(check.problems(answer('GET', '/api/history', 200, ok))).toEqual([])
    expect(check.problems(answer('GET', '/api/history', 409, ok))[0]).toContain(
      "paths['/api/history'].get.responses lists 200",
    )
    expect(check.problems(answer('GET', '/api/history', 200, ok, { 'content-type': 'text/html' }))[0]).toContain(
      'Content-Type text/html is not one of application/json',
    )
    const wrong = check.problems(answer('GET', '/api/history?x=1', 200, { success: true, data: [{ id: 'one' }] }))
    expect(wrong[0]).toContain('the body does not match its schema')
    expect(wrong[0]).toContain('/data/0/id must be integer')
    const error = { success: false, error: { code: 'TOO_MANY_REQUESTS', message: 'm', messages: { ko: 'm', en: 'm' } } }
    const limited = check.problems(answer('GET', '/api/check/nickname', 429, { ...error, data: { retry_after: 5 } }))
    expect(limited).toEqual([
      "paths['/api/check/nickname'].get.responses['429']: the required header Retry-After is missing",
    ])
    expect(check.problems(answer('PUT', '/api/history', 404, error))[0]).toContain('must answer 405, not 404')
    expect(check.problems(answer('HEAD', '/api/history/', 200, ''))).toEqual([])
    expect(check.problems(answer('GET', '/api/no-such-call', 404, error))).toEqual([])
  })
})

/** Every call /api/docs lists: the public calls and itself. */
const everyCall: ApiCall[] = [...publicCalls, { path: '/docs', tag: 'docs', summary: 'This OpenAPI description' }]

/** A request that reaches the call's handler shape: its path with a sample id, at its own method. */
function addressOf(call: ApiCall) {
  return call.outsideApi ? call.path.replace('*', 'images/none.png') : `/api${call.path.replace(':id', '1')}`
}

describe('the statuses every call shares', () => {
  it('are documented: HEAD, another method (405), a NUL in the query, and for a POST a cross-site origin, a malformed body, another body type and a body too large', async () => {
    // Every answer here goes through the check of `checkAnswers` (tests/helpers/test-app.ts).
    for (const call of everyCall) {
      const url = addressOf(call)
      const method = call.method ?? 'GET'
      const remoteAddress = '198.51.100.20'
      if (method === 'GET') {
        const head = await t.app.inject({ method: 'HEAD', url, remoteAddress })
        expect(head.body, url).toBe('')
      }
      const other = await t.app.inject({ method: method === 'GET' ? 'DELETE' : 'PUT', url, remoteAddress })
      expect(other.statusCode, url).toBe(405)
      expect(other.headers.allow, url).toContain(method)
      if (call.outsideApi) continue
      const nul = await t.app.inject({ method, url: `${url}?x=%00`, remoteAddress })
      expect(nul.statusCode, `${url}: ${nul.body}`).toBe(400)
      if (method !== 'POST') continue
      const post = (headers: Record<string, string>, payload: string) =>
        t.app.inject({ method, url, remoteAddress, headers, payload })
      const json = { 'content-type': 'application/json' }
      expect((await post({ ...json, origin: 'https://elsewhere.example' }, '{}')).statusCode, url).toBe(403)
      expect((await post(json, '{"a":')).statusCode, url).toBe(400)
      expect((await post({ 'content-type': 'application/xml' }, '<a/>')).statusCode, url).toBe(415)
      expect((await post(json, `{"a":"${'x'.repeat(JSON_BODY_LIMIT)}"}`)).statusCode, url).toBe(413)
      const form = { 'content-type': 'application/x-www-form-urlencoded' }
      expect((await post(form, `a=${'x'.repeat(FORM_BODY_LIMIT)}`)).statusCode, url).toBe(413)
    }
  })
})

describe('a node too busy to answer', () => {
  let busy: Awaited<ReturnType<typeof buildTestApp>>
  beforeAll(async () => {
    busy = await buildTestApp({
      seed: false,
      checkAnswers: true,
      // One slot for everyone (none kept for the signed-in), no queue.
      env: {
        MAX_RENDERS_IN_FLIGHT: '1',
        SIGNED_IN_RENDERS: '0',
        RENDER_QUEUE_LENGTH: '0',
        SHED_EVENT_LOOP_DELAY_MS: '0',
      },
    })
  }, 180_000)
  afterAll(async () => busy?.close(), 60_000)

  it('answers every /api call with the documented 503 and Retry-After', async () => {
    // The description first: asked while the node is busy, it would be shed too.
    await openApiCheck(busy.app)
    // One call in flight holds the only slot: a form whose body has not ended.
    const body = new Readable({ read() {} })
    const held = busy.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(busy.app.loadShedding.inFlight()).toBe(1)
    for (const call of everyCall) {
      if (call.outsideApi) continue
      const res = await busy.app.inject({ method: call.method ?? 'GET', url: addressOf(call) })
      expect(res.statusCode, call.path).toBe(503)
      expect(res.headers['retry-after'], call.path).toBeDefined()
    }
    body.push('username=a')
    body.push(null)
    expect((await held).statusCode).toBe(400)
  })
})
