import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicCalls } from '#server/api/index.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
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
    errors: [400, 403, 409, 413, 429],
  },
  '/api/login': {
    method: 'post',
    body: ['username', 'password', 'flag'],
    required: ['username', 'password'],
    errors: [400, 401, 403, 413, 429],
  },
  '/api/logout': { method: 'post', auth: 'optional', errors: [403] },
  '/api/user': { method: 'get', auth: 'member', errors: [401] },
  '/api/user/detail': { method: 'get', params: ['id'], auth: 'member', errors: [400, 401, 403] },
  '/api/user/update': {
    method: 'post',
    body: ['nickname', 'lang'],
    required: [],
    auth: 'member',
    errors: [400, 401, 403, 413],
  },
  '/api/user/withdraw': { method: 'post', auth: 'member', errors: [401, 403] },
  '/api/pwd/change': {
    method: 'post',
    body: ['old_password', 'new_password', 'new_password_confirm'],
    required: ['old_password', 'new_password'],
    auth: 'member',
    errors: [400, 401, 403, 413, 429],
  },
  '/api/pwd/reset': {
    method: 'post',
    body: ['username', 'company', 'name'],
    required: ['username', 'company', 'name'],
    errors: [400, 403, 404, 413, 429],
  },
  '/api/pwd/reset/confirm': {
    method: 'post',
    body: ['token', 'password', 'password_confirm'],
    required: ['token', 'password'],
    errors: [400, 403, 413, 429],
  },
  '/api/check/nickname': { method: 'get', params: ['nickname'], errors: [400, 429] },
  '/api/email/regist': { method: 'get', params: ['username', 'email_regist_code'], errors: [400, 429] },
  '/api/find/username': { method: 'get', params: ['company', 'division', 'name'], errors: [400, 404, 429] },
}

describe('GET /api/docs', () => {
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
      if (call.errors.includes(400) && path !== '/api/email/regist')
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
