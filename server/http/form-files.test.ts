import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { FormBodyError } from './form-body.ts'
import { FormFilesError, readFormWithFiles, type StreamedFile } from './form-files.ts'

// The streamed multipart reader of the public request forms (docs/decisions/069-inquiries.md).
async function body(parts: [string, string | { name: string; data: Buffer }][]) {
  const form = new FormData()
  for (const [k, v] of parts)
    if (typeof v === 'string') form.append(k, v)
    else form.append(k, new Blob([new Uint8Array(v.data)]), v.name)
  const res = new Response(form)
  return { type: res.headers.get('content-type')!, bytes: new Uint8Array(await res.arrayBuffer()) }
}

/** The body as a web stream in small chunks, as a request arrives. */
const streamed = (bytes: Uint8Array, size = 1000) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.subarray(i, i + size))
      controller.close()
    },
  })

const options = { limit: 20_000, fileField: 'files', fileBytes: 5_000, fieldBytes: 2_000 }

describe('readFormWithFiles', () => {
  it('streams files to temporary files, keeps the text fields and removes the files on dispose', async () => {
    const { type, bytes } = await body([
      ['name', '김현장'],
      ['files', { name: '사진.jpg', data: Buffer.alloc(3000, 7) }],
      ['files', { name: 'big.pdf', data: Buffer.alloc(6000, 1) }],
      ['after', 'kept'],
    ])
    const seen: string[] = []
    const form = await readFormWithFiles(streamed(bytes), type, {
      ...options,
      onFile: (f: StreamedFile, fields) => seen.push(`${f.name}:${fields.name}`),
    })
    expect(form.fields).toEqual({ name: '김현장', after: 'kept' })
    const [photo, big] = form.files
    expect(photo).toMatchObject({ name: '사진.jpg', size: 3000, tooLarge: false })
    expect(await readFile(photo!.path)).toEqual(Buffer.alloc(3000, 7))
    // Over the per-file limit: dropped while streaming, its name kept for the refusal, the text after it read.
    expect(big).toMatchObject({ name: 'big.pdf', path: '', tooLarge: true })
    expect(seen).toEqual(['사진.jpg:김현장'])
    await form.dispose()
    expect(existsSync(photo!.path)).toBe(false)
  })

  it('stops at the total limit with a 413 that carries the text read before', async () => {
    const { type, bytes } = await body([
      ['name', 'Kim'],
      ...Array.from({ length: 5 }, (_, i): [string, { name: string; data: Buffer }] => [
        'files',
        { name: `p${i}.jpg`, data: Buffer.alloc(4_900, i) },
      ]),
    ])
    const refused = await readFormWithFiles(streamed(bytes), type, options).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(FormFilesError)
    expect((refused as FormFilesError).status).toBe(413)
    expect((refused as FormFilesError).fields).toEqual({ name: 'Kim' })
    // A declared length over the limit: refused at the first file part, nothing written.
    const declared = await readFormWithFiles(streamed(bytes), type, {
      ...options,
      contentLength: bytes.length,
    }).catch((e: unknown) => e)
    expect((declared as FormFilesError).status).toBe(413)
    expect((declared as FormFilesError).fields).toEqual({ name: 'Kim' })
  })

  it('refuses a repeated field, a NUL, another file field and a body that does not parse (400)', async () => {
    const repeated = await body([
      ['a', '1'],
      ['a', '2'],
    ])
    const nul = await body([['a', 'x\0y']])
    const other = await body([['photo', { name: 'x.jpg', data: Buffer.alloc(10) }]])
    for (const b of [repeated, nul, other]) {
      const error = await readFormWithFiles(streamed(b.bytes), b.type, options).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(FormBodyError)
      expect((error as FormBodyError).status).toBe(400)
    }
    const broken = await readFormWithFiles(
      streamed(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished')),
      'multipart/form-data; boundary=x',
      options,
    ).catch((e: unknown) => e)
    expect((broken as FormBodyError).status).toBe(400)
    const wrongType = await readFormWithFiles(streamed(new Uint8Array(3)), 'text/plain', options).catch(
      (e: unknown) => e,
    )
    expect((wrongType as FormBodyError).status).toBe(400)
  })
})
