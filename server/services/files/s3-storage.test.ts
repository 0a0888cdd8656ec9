import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { startS3 } from '#tests/helpers/s3.ts'
import type { Storage } from './storage.ts'
import { storageFor } from './storage-for.ts'

let s3: Awaited<ReturnType<typeof startS3>>
let storage: Storage

beforeAll(async () => {
  s3 = await startS3()
  storage = await storageFor(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory', ...s3.env }))
})
afterAll(async () => s3?.close())

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('S3 storage (s3rver)', () => {
  it('is chosen by S3_BUCKET and round-trips put, read, open and remove', async () => {
    await storage.put('documents/a.pdf', Buffer.from('%PDF-1.4 hello'))
    expect((await storage.read('documents/a.pdf'))?.toString()).toBe('%PDF-1.4 hello')
    const opened = await storage.open('documents/a.pdf')
    expect(opened?.size).toBe(14)
    expect(await text(opened!.stream)).toBe('%PDF-1.4 hello')
    await storage.remove('documents/a.pdf')
    expect(await storage.open('documents/a.pdf')).toBeNull()
    expect(await storage.read('documents/a.pdf')).toBeNull()
  })

  it('streams a 12 MB upload in parts and streams it back byte for byte', async () => {
    const data = randomBytes(12 * 1024 * 1024)
    const chunks = Array.from({ length: 48 }, (_, i) => data.subarray(i * 262_144, (i + 1) * 262_144))
    expect(await storage.putStream('uploads/big.bin', Readable.from(chunks))).toBe(data.length)
    const opened = await storage.open('uploads/big.bin')
    expect(opened?.size).toBe(data.length)
    expect((await bytesOf(opened!.stream)).equals(data)).toBe(true)
  })

  it('leaves nothing under the key when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(randomBytes(1024))
        this.destroy(new Error('client went away'))
      },
    })
    await expect(storage.putStream('uploads/broken.bin', failing)).rejects.toThrow()
    expect(await storage.open('uploads/broken.bin')).toBeNull()
  })

  it('refuses a key that could leave the storage root', async () => {
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/invalid storage key/)
  })

  it('clear empties the bucket', async () => {
    await storage.put('a/one.txt', Buffer.from('1'))
    await storage.put('b/two.txt', Buffer.from('2'))
    await storage.clear()
    expect(await storage.read('a/one.txt')).toBeNull()
    expect(await storage.read('b/two.txt')).toBeNull()
    expect(await storage.open('uploads/big.bin')).toBeNull()
  })
})
