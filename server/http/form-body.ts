/**
 * The one reader of posted forms, for the API (a Fastify content-type parser) and the page
 * actions (a web Request): url-encoded or multipart text fields, at most `limit` bytes.
 *
 * Rules, the same at both edges:
 * - A declared Content-Length over the limit is refused before a byte is read; a body without
 *   one (chunked) is counted as it arrives and reading stops at the limit. Either way: 413.
 * - A field may appear once. A repeated field is refused (400) rather than resolved by picking
 *   the first or last value: the two edges, or a proxy and the server, could otherwise read
 *   different values from one request. The member forms never repeat a name.
 * - Text only: a file part, a body that does not parse, or another content type is a 400.
 * - A NUL character in a name or value is a malformed body (400): PostgreSQL cannot store it in
 *   text and no field means one, as the API refuses it in every input (`server/plugins/nul-bytes.ts`).
 */

/** Largest member form body: a few short fields. */
export const FORM_BODY_LIMIT = 16 * 1024

/** Fastify's `bodyLimit` (server/app.ts): the largest body it reads itself, a call's JSON among them (a larger one is a 413). */
export const JSON_BODY_LIMIT = 1024 * 1024

export type FormBodyProblem = 'tooLarge' | 'malformed' | 'repeated'

export class FormBodyError extends Error {
  readonly status: 400 | 413
  constructor(
    readonly problem: FormBodyProblem,
    /** The repeated field's name. */
    readonly field?: string,
  ) {
    super(problem === 'repeated' ? `form field repeated: ${field}` : `form body ${problem}`)
    this.status = problem === 'tooLarge' ? 413 : 400
  }
}

/** A body as either edge has it: bytes, a web stream (Request.body) or a Node stream. */
export type FormBodySource = Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null | undefined

export type FormBodyOptions = {
  /** Largest body in bytes (default 16 KiB). */
  limit?: number
  /** The request's Content-Length header, when it has one. */
  contentLength?: string | number | null | undefined
}

const isWebStream = (source: object): source is ReadableStream<Uint8Array> =>
  typeof (source as ReadableStream<Uint8Array>).getReader === 'function'

/** The bytes of the body, refusing more than `limit`; a stream is cancelled at the limit. */
export async function readCapped(source: FormBodySource, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = []
  let size = 0
  const take = (chunk: Uint8Array) => {
    size += chunk.byteLength
    if (size > limit) return false
    chunks.push(chunk)
    return true
  }
  if (!source) {
    // No body at all: an empty form.
  } else if (source instanceof Uint8Array) {
    if (!take(source)) throw new FormBodyError('tooLarge')
  } else if (isWebStream(source)) {
    const reader = source.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (!take(value)) {
        await reader.cancel().catch(() => {})
        throw new FormBodyError('tooLarge')
      }
    }
  } else {
    // Leaving the loop early ends the iteration, which destroys a Node stream: nothing more is read.
    for await (const chunk of source) if (!take(chunk)) throw new FormBodyError('tooLarge')
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * The fields of a posted form as one string per name. Throws `FormBodyError`: 413 over the
 * limit, 400 for a malformed body, a file part or a repeated field.
 */
export async function readFormBody(
  source: FormBodySource,
  contentType: string | null | undefined,
  { limit = FORM_BODY_LIMIT, contentLength }: FormBodyOptions = {},
): Promise<Record<string, string>> {
  const declared =
    contentLength === null || contentLength === undefined || contentLength === '' ? NaN : Number(contentLength)
  if (declared > limit) throw new FormBodyError('tooLarge')
  const bytes = await readCapped(source, limit)
  let form: FormData
  try {
    // The platform's parser (undici) handles both encodings and UTF-8; anything else throws.
    form = await new Response(bytes, { headers: { 'content-type': contentType ?? '' } }).formData()
  } catch {
    throw new FormBodyError('malformed')
  }
  const fields = new Map<string, string>()
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') throw new FormBodyError('malformed')
    if (name.includes('\0') || value.includes('\0')) throw new FormBodyError('malformed')
    if (fields.has(name)) throw new FormBodyError('repeated', name)
    fields.set(name, value)
  }
  // fromEntries defines own properties, so a field named __proto__ stays a plain field.
  return Object.fromEntries(fields)
}
