import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { receiveUpload } from './receive.ts'
import { createLocalStorage, type Storage } from './storage.ts'

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

let root: string
let storage: Storage
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'receive-test-'))
  storage = createLocalStorage(root)
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

/** Every file left in the storage directory, `.partial` ones included. */
const leftovers = () =>
  (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile())

function receive(source: PassThrough, limit = 100_000) {
  return receiveUpload(source, {
    limit,
    accept: (type) => type.contentType === 'image/png',
    store: (_type, body) => storage.putStream('up/file.png', body),
  })
}

describe('receiveUpload', () => {
  it('streams an accepted file into storage, whatever the chunking, and reports its type and size', async () => {
    const source = new PassThrough()
    const result = receive(source)
    source.write(PNG_HEAD.subarray(0, 3))
    source.write(PNG_HEAD.subarray(3))
    for (let i = 0; i < 10; i++) source.write(Buffer.alloc(5000, i))
    source.end()
    expect(await result).toEqual({ ok: true, type: { contentType: 'image/png', ext: 'png' }, size: 50_008 })
    const stored = (await storage.read('up/file.png'))!
    expect(stored.length).toBe(50_008)
    expect(stored.subarray(0, 8).equals(PNG_HEAD)).toBe(true)
    expect(leftovers()).toEqual([path.join('up', 'file.png')])
  })

  it('stops one byte over the limit, removes what was written and leaves the rest of the stream unread', async () => {
    const source = new PassThrough()
    const result = receive(source, 10_000)
    source.write(Buffer.concat([PNG_HEAD, Buffer.alloc(9_992)]))
    source.write(Buffer.alloc(1))
    expect(await result).toMatchObject({ ok: false, reason: 'too-large', drained: false })
    expect(leftovers()).toEqual([])
  })

  it('reads a refused type to its end without storing a byte, so the answer can use the same connection', async () => {
    const source = new PassThrough()
    const result = receive(source)
    source.write('%PDF-1.7\n')
    source.end(Buffer.alloc(8_000))
    expect(await result).toEqual({
      ok: false,
      reason: 'type',
      type: { contentType: 'application/pdf', ext: 'pdf' },
      drained: true,
    })
    expect(leftovers()).toEqual([])
  })

  it('removes the partial file when the client goes away mid-upload', async () => {
    const source = new PassThrough()
    const result = receive(source)
    source.write(Buffer.concat([PNG_HEAD, Buffer.alloc(6_000)]))
    await new Promise((r) => setTimeout(r, 20))
    source.destroy(new Error('aborted'))
    expect(await result).toMatchObject({ ok: false, reason: 'aborted' })
    expect(leftovers()).toEqual([])
  })

  it('decides on a file shorter than the sniffing window, and refuses an empty one', async () => {
    const short = new PassThrough()
    const result = receive(short)
    short.end(PNG_HEAD)
    expect(await result).toMatchObject({ ok: true, size: 8 })
    const empty = new PassThrough()
    const nothing = receive(empty)
    empty.end()
    expect(await nothing).toEqual({ ok: false, reason: 'empty', type: null, drained: true })
  })
})
