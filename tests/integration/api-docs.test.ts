import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicCalls } from '#server/api/index.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

let t: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

type Doc = {
  openapi: string
  paths: Record<string, { get: { parameters: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>; responses: Record<string, unknown> } }>
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
  '/api/support/option/list': ['type', 'option_id_list'],
  '/api/support/list/text': ['type', 'keyword', 'option_id_list', 'page', 'recordSize', 'pageSize'],
  '/api/support/serial': ['code1', 'code2', 'page', 'recordSize', 'pageSize'],
  '/api/s3/download': ['file_name', 'origin_file_name'],
  '/api/ftpdownload': ['filename', 'url'],
  '/media/{key}': ['key'],
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
      expect(op!.parameters.map((p) => p.name).filter((n) => n !== 'lang'), path).toEqual(params)
      expect(op!.responses['200'], path).toBeDefined()
    }
    const detail = doc.paths['/api/product/detail']!.get
    expect(detail.parameters[0]).toMatchObject({ name: 'info_id', in: 'query', required: true })
    expect(detail.responses['404']).toBeDefined()
    expect(doc.paths['/api/product/banner/detail={id}']!.get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true })
    const serial = doc.paths['/api/support/serial']!.get
    expect(serial.parameters.find((p) => p.name === 'code1')).toMatchObject({ required: true, schema: { type: 'string', pattern: '^\\d{2}$' } })
    expect(serial.parameters.find((p) => p.name === 'page')).toMatchObject({ required: false })
    const list = JSON.stringify(doc.paths['/api/support/list/text']!.get.responses['200'])
    for (const field of ['list', 'pagination', 'page_list', 'totalPageCount', 'totalRecordCountAll', 'title_en', 'url_en', 'file_list', 'origin_file_name', 'icon']) {
      expect(list).toContain(`"${field}"`)
    }
    const options = JSON.stringify(doc.paths['/api/support/option/list']!.get.responses['200'])
    for (const field of ['option_list', 'show_yn', 'disabled', 'available', 'code', 'name']) expect(options).toContain(`"${field}"`)
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
      expect(t.app.hasRoute({ method: 'GET', url: call.outsideApi ? call.path : `/api${call.path}` }), call.path).toBe(true)
      if (call.outsideApi) continue
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
    const bad = ['page=abc', 'page=100001', 'recordSize=0', 'recordSize=101', 'pageSize=0', 'pageSize=11', 'page=1&page=2', 'recordSize=%00', 'pageSize=1.5']
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
