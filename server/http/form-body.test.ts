import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { FORM_BODY_LIMIT, FormBodyError, readFormBody } from './form-body.ts'

const URLENCODED = 'application/x-www-form-urlencoded'
const bytes = (text: string) => new TextEncoder().encode(text)

function multipart(parts: [name: string, value: string, filename?: string][], boundary = 'XyZ123') {
  const body =
    parts
      .map(
        ([name, value, filename]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: text/plain` : ''}\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`
  return { body: bytes(body), type: `multipart/form-data; boundary=${boundary}` }
}

/** A web stream of `count` chunks of `size` bytes that records how far it was read. */
function webStream(count: number, size: number) {
  const state = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === count) return controller.close()
      state.pulled++
      controller.enqueue(bytes('a='.padEnd(size, 'x')))
    },
    cancel() {
      state.cancelled = true
    },
  })
  return { stream, state }
}

async function problem(promise: Promise<unknown>): Promise<FormBodyError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FormBodyError)
  return error as FormBodyError
}

describe('readFormBody', () => {
  it('reads url-encoded fields, UTF-8 included', async () => {
    const body = new URLSearchParams({ name: '홍길동', company: 'Daehan & Co', note: 'a+b c', empty: '' }).toString()
    expect(await readFormBody(bytes(body), URLENCODED)).toEqual({
      name: '홍길동',
      company: 'Daehan & Co',
      note: 'a+b c',
      empty: '',
    })
    expect(await readFormBody(bytes('name=%ED%99%8D+%EA%B8%B8%EB%8F%99'), `${URLENCODED}; charset=UTF-8`)).toEqual({
      name: '홍 길동',
    })
  })

  it('reads multipart text fields, UTF-8 included', async () => {
    const { body, type } = multipart([
      ['name', '김철수'],
      ['division', '구매팀 — 2'],
    ])
    expect(await readFormBody(body, type)).toEqual({ name: '김철수', division: '구매팀 — 2' })
  })

  it('reads web streams and Node streams alike', async () => {
    const { stream } = webStream(3, 10)
    expect(await readFormBody(stream, URLENCODED)).toEqual({ a: 'x'.repeat(8) + 'a=xxxxxxxxa=xxxxxxxx' })
    const node = Readable.from([bytes('user'), bytes('name=a%40example.com&x=1')])
    expect(await readFormBody(node, URLENCODED)).toEqual({ username: 'a@example.com', x: '1' })
  })

  it('treats no body as an empty form', async () => {
    expect(await readFormBody(null, URLENCODED)).toEqual({})
    expect(await readFormBody(bytes(''), URLENCODED)).toEqual({})
  })

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { stream, state } = webStream(100, 1024)
    const error = await problem(readFormBody(stream, URLENCODED, { contentLength: String(FORM_BODY_LIMIT + 1) }))
    expect(error).toMatchObject({ status: 413, problem: 'tooLarge' })
    expect(state.pulled).toBeLessThanOrEqual(1)
    expect((await problem(readFormBody(bytes('a=1'), URLENCODED, { limit: 2, contentLength: 3 }))).status).toBe(413)
  })

  it('counts a body without Content-Length and stops reading at the limit', async () => {
    const { stream, state } = webStream(100, 1024)
    const error = await problem(readFormBody(stream, URLENCODED))
    expect(error).toMatchObject({ status: 413, problem: 'tooLarge' })
    expect(state.cancelled).toBe(true)
    expect(state.pulled).toBeLessThan(100)

    let produced = 0
    const node = Readable.from(
      (function* () {
        for (; produced < 100; produced++) yield bytes('a='.padEnd(1024, 'x'))
      })(),
    )
    expect((await problem(readFormBody(node, URLENCODED))).status).toBe(413)
    expect(node.destroyed).toBe(true)
    expect(produced).toBeLessThan(100)
  })

  it('refuses a body that understates its length (the count decides, not the header)', async () => {
    const { stream } = webStream(20, 1024)
    expect((await problem(readFormBody(stream, URLENCODED, { contentLength: '10' }))).status).toBe(413)
  })

  it('accepts a body of exactly the limit', async () => {
    const body = bytes('a='.padEnd(FORM_BODY_LIMIT, 'x'))
    expect((await readFormBody(body, URLENCODED, { contentLength: body.byteLength })).a).toHaveLength(
      FORM_BODY_LIMIT - 2,
    )
    expect((await problem(readFormBody(bytes('a='.padEnd(FORM_BODY_LIMIT + 1, 'x')), URLENCODED))).status).toBe(413)
  })

  it('refuses malformed multipart, a missing boundary and other content types (400)', async () => {
    const broken = bytes('--XyZ123\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue without an end')
    for (const [body, type] of [
      [broken, 'multipart/form-data; boundary=XyZ123'],
      [multipart([['a', '1']]).body, 'multipart/form-data'],
      [bytes('{"a":"1"}'), 'application/json'],
      [bytes('a=1'), 'text/plain'],
      [bytes('a=1'), undefined],
    ] as const) {
      expect(await problem(readFormBody(body, type)), String(type)).toMatchObject({ status: 400, problem: 'malformed' })
    }
  })

  it('refuses a file part (text fields only)', async () => {
    const { body, type } = multipart([
      ['name', 'a'],
      ['upload', 'content', 'a.txt'],
    ])
    expect(await problem(readFormBody(body, type))).toMatchObject({ status: 400, problem: 'malformed' })
  })

  it('refuses a repeated field in either encoding and names it', async () => {
    expect(
      await problem(readFormBody(bytes('username=a%40x.io&password=p&username=b%40x.io'), URLENCODED)),
    ).toMatchObject({
      status: 400,
      problem: 'repeated',
      field: 'username',
    })
    const { body, type } = multipart([
      ['intent', 'login'],
      ['intent', 'find-id'],
    ])
    expect(await problem(readFormBody(body, type))).toMatchObject({ status: 400, problem: 'repeated', field: 'intent' })
  })

  it('keeps a field named __proto__ a plain field', async () => {
    const values = await readFormBody(bytes('__proto__=x&a=1'), URLENCODED)
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype)
    expect(Object.keys(values)).toEqual(['__proto__', 'a'])
  })
})
