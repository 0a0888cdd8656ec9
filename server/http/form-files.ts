import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import { FormBodyError, type FormBodySource } from './form-body.ts'

/** A file part as the reader stored it: on disk, or not kept at all when it went over the per-file limit. */
export type StreamedFile = {
  /** The name the browser sent. */
  name: string
  /** The temporary file holding its bytes; '' when it was over the limit (its bytes were dropped). */
  path: string
  size: number
  tooLarge: boolean
}

/** A refused body that still had some text fields before the refusal: the form shows them again. */
export class FormFilesError extends FormBodyError {
  constructor(
    problem: 'tooLarge' | 'malformed' | 'repeated',
    readonly fields: Record<string, string>,
    field?: string,
  ) {
    super(problem, field)
  }
}

export type FormWithFiles = {
  fields: Record<string, string>
  files: StreamedFile[]
  /** Removes the temporary files; the caller calls it in every path (a `finally`). */
  dispose: () => Promise<void>
}

const isWebStream = (source: object): source is ReadableStream<Uint8Array> =>
  typeof (source as ReadableStream<Uint8Array>).getReader === 'function'

/** The body's chunks; leaving the loop early stops reading. */
async function* chunksOf(source: FormBodySource): AsyncGenerator<Uint8Array> {
  if (!source) return
  if (source instanceof Uint8Array) {
    yield source
    return
  }
  if (isWebStream(source)) {
    const reader = source.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        yield value
      }
    } finally {
      // Not cancelled: cancelling destroys the request with an error and the answer is lost. The rest
      // stays unread and the connection is closed after the answer (server/plugins/react-router.ts).
      reader.releaseLock()
    }
  }
  yield* source as AsyncIterable<Uint8Array>
}

/**
 * A posted multipart form with files (the public service requests, docs/decisions/069-inquiries.md),
 * streamed: each file part of `fileField` goes to a temporary file as it arrives (memory does not
 * grow with the upload), a part over `fileBytes` is dropped while it streams and marked too large,
 * and the whole body is counted: over `limit` reading stops and a 413 is thrown, carrying the text
 * fields read until then. A declared Content-Length over `limit` stops at the first file part.
 * Text fields as in `readFormBody` (one value per name, no NUL, each at most `fieldBytes`); empty
 * file parts (an input left empty) are skipped; any other file part is malformed.
 */
export async function readFormWithFiles(
  source: FormBodySource,
  contentType: string | null | undefined,
  options: {
    limit: number
    contentLength?: string | number | null | undefined
    fileField: string
    fileBytes: number
    fieldBytes: number
    /**
     * Called when a file part has been written whole (not one dropped as too large), with the text
     * fields read so far: the caller may start working on it while the rest of the body arrives.
     */
    onFile?: (file: StreamedFile, fields: Record<string, string>) => void
  },
): Promise<FormWithFiles> {
  const declared =
    options.contentLength === null || options.contentLength === undefined || options.contentLength === ''
      ? NaN
      : Number(options.contentLength)
  const declaredOver = declared > options.limit
  const fields = new Map<string, string>()
  const snapshot = () => Object.fromEntries(fields)
  const files: StreamedFile[] = []
  let dir: Promise<string> | null = null
  const dispose = async () => {
    if (dir) await rm(await dir, { recursive: true, force: true }).catch(() => {})
  }

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType ?? '' },
      limits: { fileSize: options.fileBytes, fieldSize: options.fieldBytes, fieldNameSize: 200 },
      defParamCharset: 'utf8',
    })
  } catch {
    throw new FormBodyError('malformed')
  }

  const writes: Promise<void>[] = []
  let failure: FormBodyError | null = null
  const fail = (error: FormBodyError) => {
    failure ??= error
  }
  // A body busboy cannot parse.
  parser.on('error', () => fail(new FormFilesError('malformed', snapshot())))

  parser.on('field', (name, value, info) => {
    if (failure) return
    if (name.includes('\0') || value.includes('\0')) return fail(new FormFilesError('malformed', snapshot()))
    if (info.valueTruncated || info.nameTruncated) return fail(new FormFilesError('tooLarge', snapshot()))
    if (fields.has(name)) return fail(new FormFilesError('repeated', snapshot(), name))
    fields.set(name, value)
  })

  parser.on('file', (name, stream, info) => {
    // A part cut short when reading stops errs: handled here (and by the pipeline that writes it).
    stream.on('error', () => {})
    if (failure) return void stream.resume()
    if (name !== options.fileField) {
      stream.resume()
      return fail(new FormFilesError('malformed', snapshot()))
    }
    if (declaredOver) {
      stream.resume()
      return fail(new FormFilesError('tooLarge', snapshot()))
    }
    const entry: StreamedFile = { name: (info.filename ?? '').replace(/\0/g, ''), path: '', size: 0, tooLarge: false }
    files.push(entry)
    const written = (async () => {
      stream.on('limit', () => (entry.tooLarge = true))
      dir ??= mkdtemp(join(tmpdir(), 'form-files-'))
      entry.path = join(await dir, randomBytes(8).toString('hex'))
      const out = createWriteStream(entry.path)
      await pipeline(stream, out)
      entry.size = out.bytesWritten
      if (entry.tooLarge) {
        // Over the per-file limit: what was written is dropped, the name kept for the refusal.
        await rm(entry.path, { force: true })
        entry.path = ''
      } else if (entry.size > 0) options.onFile?.(entry, snapshot())
    })()
    // Marked handled at once: a write that fails with the body (the reader stopped) is awaited below.
    written.catch(() => {})
    writes.push(written)
  })

  // The body is fed to the parser by hand rather than piped: a refusal stops reading without
  // destroying the request with an error, so the page can still answer (413 / 400).
  let total = 0
  const finished = new Promise<void>((resolve) => {
    parser.once('finish', resolve)
    parser.once('close', resolve)
  })
  for await (const chunk of chunksOf(source)) {
    total += chunk.byteLength
    if (total > options.limit) fail(new FormFilesError('tooLarge', snapshot()))
    if (failure) break
    if (!parser.write(chunk))
      await new Promise<void>((resolve) => {
        const done = () => {
          parser.off('drain', done)
          parser.off('close', done)
          resolve()
        }
        parser.on('drain', done)
        parser.on('close', done)
      })
  }
  if (failure) parser.destroy()
  else parser.end()
  await finished
  await Promise.allSettled(writes)
  if (failure) {
    await dispose()
    throw failure
  }
  const failed = (await Promise.allSettled(writes)).some((w) => w.status === 'rejected')
  if (failed) {
    await dispose()
    throw new FormFilesError('malformed', snapshot())
  }
  // An input left empty sends a part without a name or bytes.
  const kept = files.filter((f) => f.name !== '' || f.size > 0)
  return { fields: snapshot(), files: kept, dispose }
}
