import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PassThrough, Readable, Transform } from 'node:stream'
import type { ImportInput, ImportOutcome } from '#server/services/import/index.ts'
import { translate, type MessageKey, type MessageVars } from '#shared/i18n/messages.ts'
import {
  IMPORT_CHECK_PATH,
  IMPORT_LIMITS,
  IMPORT_RUN_PATH,
  isImportKind,
  ZIP_KINDS,
  type ImportEvent,
  type ImportKind,
  type ImportProblemView,
} from '#shared/import-kinds.ts'
import type { Lang } from '#shared/locales.ts'
import { formatFileSize } from '#shared/uploads.ts'
import { requireEditor } from './console-upload.ts'
import { requestLang } from './errors.ts'

/** Room for the multipart boundaries and the part headers around the two files. */
const ENVELOPE = 64 * 1024
/** The largest body of a kind: its table, its ZIP when it takes one, and the envelope. */
const bodyLimit = (kind: ImportKind) =>
  IMPORT_LIMITS.table + (ZIP_KINDS.includes(kind) ? IMPORT_LIMITS.zip : 0) + ENVELOPE

/** When a refused dry run or import may try again (another is running on the node). */
const BUSY_RETRY_AFTER_S = 5

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly key: MessageKey,
    readonly vars?: MessageVars,
  ) {
    super(code)
  }
}

const tooLarge = (part: 'table' | 'zip') =>
  new Refusal(413, 'PAYLOAD_TOO_LARGE', 'console.import.tooLarge', {
    part: part === 'zip' ? 'ZIP' : 'CSV/XLSX',
    size: formatFileSize(IMPORT_LIMITS[part]),
  })

/** Counts the bytes of the body as they arrive and stops past the limit (a length header can lie or be absent). */
function limited(limit: number): Transform & { exceeded: boolean } {
  let seen = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      if (seen > limit) counter.exceeded = true
      done(counter.exceeded ? new Error('too large') : null, chunk)
    },
  }) as Transform & { exceeded: boolean }
  counter.exceeded = false
  return counter
}

/**
 * The parts of a multipart body: `table` (CSV or XLSX) and, for the kinds that take one, `zip`.
 * Each part is checked against its limit in bytes; the body as a whole before and while it is read.
 */
async function readParts(request: FastifyRequest, kind: ImportKind): Promise<ImportInput> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > bodyLimit(kind))
    throw tooLarge(ZIP_KINDS.includes(kind) && declared > IMPORT_LIMITS.table + ENVELOPE ? 'zip' : 'table')
  const type = request.headers['content-type']
  if (typeof type !== 'string' || !type.startsWith('multipart/form-data'))
    throw new Refusal(400, 'BAD_REQUEST', 'console.import.badRequest')
  let form: FormData
  const counter = limited(bodyLimit(kind))
  try {
    const body = Readable.toWeb(request.raw.pipe(counter)) as ReadableStream<Uint8Array>
    form = await new Request('http://import.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
      duplex: 'half',
    } as RequestInit).formData()
  } catch {
    if (counter.exceeded) throw tooLarge(ZIP_KINDS.includes(kind) ? 'zip' : 'table')
    throw new Refusal(400, 'BAD_REQUEST', 'console.import.badRequest')
  }
  const table = form.get('table')
  if (!(table instanceof File) || table.size === 0) throw new Refusal(400, 'NO_FILE', 'console.import.noFile')
  if (table.size > IMPORT_LIMITS.table) throw tooLarge('table')
  const zip = ZIP_KINDS.includes(kind) ? form.get('zip') : null
  const zipFile = zip instanceof File && zip.size > 0 ? zip : null
  if (zipFile && zipFile.size > IMPORT_LIMITS.zip) throw tooLarge('zip')
  return {
    fileName: table.name.normalize('NFC'),
    table: new Uint8Array(await table.arrayBuffer()),
    zipName: zipFile?.name.normalize('NFC') ?? null,
    zip: zipFile ? new Uint8Array(await zipFile.arrayBuffer()) : null,
  }
}

const problemViews = (lang: Lang, outcome: Extract<ImportOutcome, { ok: false }>): ImportProblemView[] =>
  outcome.problems.map((p) => ({ row: p.row, column: p.column, message: translate(lang, p.problem, p.vars) }))

function refuse(reply: FastifyReply, lang: Lang, refusal: Refusal) {
  // The rest of a refused body is not worth receiving.
  reply.header('connection', 'close')
  if (refusal.code === 'BUSY') reply.header('retry-after', String(BUSY_RETRY_AFTER_S))
  return reply.status(refusal.status).send({
    success: false,
    error: {
      code: refusal.code,
      message: translate(lang, refusal.key, refusal.vars),
      messages: { ko: translate('ko', refusal.key, refusal.vars), en: translate('en', refusal.key, refusal.vars) },
    },
  })
}

/**
 * The console's bulk import (docs/decisions/022-bulk-import.md), for editors and administrators:
 * - `POST /admin/import/check?kind=…`: the dry run; `{ success, data: { ok, summary } | { ok: false, problems } }`.
 * - `POST /admin/import/run?kind=…`: checks again and imports; the answer is a stream of
 *   server-sent events (`progress` after each batch, then `done`, `problems` or `failed`), so the
 *   request that runs the import also carries its progress, on whichever node took it.
 * Both take a multipart body with the parts `table` and `zip`. Its own scope: the body stays unread
 * until the route reads it.
 */
export async function consoleImportRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))
  /**
   * One dry run or import at a time on a node, from before its body is read to its end: each holds
   * its upload in memory and inflates ZIP entries, and an import's transaction would make a second
   * wait anyway. Another gets a 409 with Retry-After at once, its body unread.
   */
  let running = false

  const prepare = async (request: FastifyRequest) => {
    const staff = await requireEditor(app, request)
    const lang = requestLang(request)
    const kind = (request.query as Record<string, unknown>).kind
    if (!isImportKind(kind)) throw new Refusal(400, 'BAD_REQUEST', 'console.import.badRequest')
    if (running) throw new Refusal(409, 'BUSY', 'console.import.busy')
    running = true
    try {
      return { staff, lang, kind, input: await readParts(request, kind) }
    } catch (error) {
      running = false
      throw error
    }
  }

  app.post(IMPORT_CHECK_PATH, async (request, reply) => {
    let job
    try {
      job = await prepare(request)
    } catch (error) {
      if (error instanceof Refusal) return refuse(reply, requestLang(request), error)
      throw error
    }
    try {
      const outcome = await app.services.imports.run(job.kind, job.input, {
        dryRun: true,
        actor: { userId: job.staff.user.id, ip: request.ip },
      })
      return { success: true, data: outcome.ok ? outcome : { ok: false, problems: problemViews(job.lang, outcome) } }
    } finally {
      running = false
    }
  })

  app.post(IMPORT_RUN_PATH, { compress: false }, async (request, reply) => {
    let job
    try {
      job = await prepare(request)
    } catch (error) {
      if (error instanceof Refusal) return refuse(reply, requestLang(request), error)
      throw error
    }
    const events = new PassThrough()
    const send = (event: ImportEvent) => events.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
    const { staff, lang, kind, input } = job
    void (async () => {
      try {
        const outcome = await app.services.imports.run(kind, input, {
          onProgress: (done, total) => send({ type: 'progress', done, total }),
          actor: { userId: staff.user.id, ip: request.ip },
        })
        send(
          outcome.ok
            ? { type: 'done', summary: outcome.summary }
            : { type: 'problems', problems: problemViews(lang, outcome) },
        )
      } catch (error) {
        request.log.error({ err: error }, 'import failed')
        send({ type: 'failed', message: translate(lang, 'error.generic.body') })
      } finally {
        running = false
        events.end()
      }
    })()
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-accel-buffering', 'no')
      .send(events)
  })
}
