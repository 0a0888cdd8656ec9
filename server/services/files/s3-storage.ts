import { PassThrough, type Readable } from 'node:stream'
import type { S3Options } from '#server/config.ts'
import { assertKey, type Storage } from './storage.ts'

/**
 * The `Storage` interface on an S3-compatible bucket. Bytes stream both ways: `putStream` is a
 * multipart upload of 5 MB parts (aborted when the source fails, so nothing is left under the key;
 * S3 shows an object only once it is complete), `open` hands on the response body as it arrives.
 * Only `read` (small files: PDF text, image variants) holds a whole object in memory.
 */
export async function createS3Storage(options: S3Options): Promise<Storage> {
  // Loaded here, when S3 is configured: the SDK is large, and a server on local files never loads it.
  const {
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3')
  const { Upload } = await import('@aws-sdk/lib-storage')
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = options.bucket

  const get = async (key: string) => {
    assertKey(key)
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  return {
    async put(key, data) {
      assertKey(key)
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }))
    },
    async putStream(key, data) {
      assertKey(key)
      let size = 0
      const counted = new PassThrough()
      counted.on('data', (chunk: Buffer) => (size += chunk.length))
      // A failing source fails the upload; the upload's own failure ends the source.
      data.on('error', (error) => counted.destroy(error))
      data.pipe(counted)
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted },
        queueSize: 2,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
      } catch (error) {
        data.destroy()
        throw error
      }
      return size
    },
    async open(key) {
      const object = await get(key)
      if (!object?.Body) return null
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 }
    },
    async read(key) {
      const object = await get(key)
      if (!object?.Body) return null
      return Buffer.from(await object.Body.transformToByteArray())
    },
    async remove(key) {
      assertKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    async clear() {
      // Up to 1,000 keys a page; each page deleted, then listed again from the start until empty.
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket }))
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
        if (keys.length === 0) return
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }))
      }
    },
  }
}
