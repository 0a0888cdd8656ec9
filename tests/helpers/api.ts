import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { z } from 'zod'
import { errorEnvelopeSchema } from '#shared/api-schemas/common.ts'
import { files } from '#server/db/schema.ts'
import type { Db } from '#server/db/client.ts'
import type { Storage } from '#server/services/files/storage.ts'

/** GET `url`, expect 200 and a success envelope whose data matches `schema`; returns the data. */
export async function getData<S extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  schema: S,
  headers: Record<string, string> = {},
): Promise<z.output<S>> {
  const res = await app.inject({ url, headers })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  expect(res.headers['content-type']).toMatch(/application\/json/)
  const body = res.json()
  expect(body.success).toBe(true)
  expect(Object.keys(body).sort()).toEqual(['data', 'success'])
  return schema.parse(body.data)
}

/** Expect a bilingual error envelope with the given status. */
export function expectError(res: LightMyRequestResponse, status: 400 | 404, url = '') {
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status)
  const body = errorEnvelopeSchema.parse(res.json())
  expect(body.error.code).toBe(status === 400 ? 'BAD_REQUEST' : 'NOT_FOUND')
  expect(body.error.messages.ko).not.toBe('')
  expect(body.error.messages.en).not.toBe('')
  return body
}

/** GET each url and expect a 400 envelope (never a 500). */
export async function expectAllBadRequest(app: FastifyInstance, urls: string[]) {
  for (const url of urls) expectError(await app.inject(url), 400, url)
}

/** Stores bytes under `key` and records them in `files`, as uploads do. */
export async function storeFile(
  db: Db,
  storage: Storage,
  file: { key: string; originName: string; data: Buffer | string; contentType: string },
) {
  const data = typeof file.data === 'string' ? Buffer.from(file.data) : file.data
  await storage.put(file.key, data)
  await db.insert(files).values({
    file_name: file.key,
    origin_file_name: file.originName,
    content_type: file.contentType,
    size: data.length,
  })
  return file.key
}

/** A date `n` days after 2024-01-01, for ordering fixtures. */
export const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n))
