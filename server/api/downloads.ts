import type { FastifyInstance, FastifyReply } from 'fastify'
import type { OpenedFile } from '#server/services/downloads.ts'
import { ftpDownloadQuery, s3DownloadQuery, type DownloadRequest } from '#shared/api-schemas/files.ts'
import { isPlainFileName } from '#shared/files.ts'
import { notFound } from './errors.ts'
import type { ApiCall } from './openapi.ts'
import { parseQuery } from './query.ts'

export const downloadCalls = {
  s3: {
    path: '/s3/download',
    tag: 'files',
    summary:
      'Download a stored file by its key (only keys recorded in the files table, while a published record offers the file)',
    query: s3DownloadQuery,
    file: 'download',
    notFound: true,
  },
  ftp: {
    path: '/ftpdownload',
    tag: 'files',
    summary: 'Download a stored file by its base64-encoded key (legacy link shape; the same rule)',
    query: ftpDownloadQuery,
    file: 'download',
    notFound: true,
  },
} satisfies Record<string, ApiCall>

/** RFC 5987 attr-char: what encodeURIComponent leaves alone, minus the characters it must escape. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * Bidirectional controls (LRM/RLM, the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069, ALM): a right-to-left override makes `invoice\u202Efdp.exe` look like
 * `invoiceexe.pdf`. No file name needs one.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/**
 * The name a download is offered under: the link's name when it is a plain file name with the
 * stored file's own extension (a document's title as its name), else the stored name, so a link
 * cannot offer a PDF as `setup.exe`. Bidirectional controls are removed either way.
 */
export function downloadName(requested: string, stored: string): string {
  const clean = (name: string) => name.replace(BIDI_CONTROLS, '').trim()
  const asked = clean(requested)
  const own = clean(stored) || 'download'
  return isPlainFileName(asked) && extensionOf(asked) === extensionOf(own) ? asked : own
}

/**
 * `attachment` with an ASCII fallback name for old clients and the exact UTF-8 name in
 * `filename*`, so Korean names survive; bidirectional controls never reach the browser.
 */
export function contentDisposition(name: string): string {
  const shown = name.replace(BIDI_CONTROLS, '')
  const fallback = shown.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\%;]/g, '_') || 'download'
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(shown)}`
}

const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=[\w.+"-]+)*$/

/** Sends an opened file as a download under the name the link asks for (see `downloadName`). */
export function sendDownload(reply: FastifyReply, file: OpenedFile, requestedName: string) {
  const name = downloadName(requestedName, file.origin_file_name)
  return reply
    .header('content-type', CONTENT_TYPE.test(file.content_type) ? file.content_type : 'application/octet-stream')
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .send(file.stream)
}

/**
 * The public downloads: a recorded file while it is not withdrawn (a superseded revision's, an
 * unpublished or removed document's file answers 404: docs/decisions/039-withdrawn-files.md).
 */
export async function downloadRoutes(app: FastifyInstance) {
  const { downloads } = app.services

  async function send(reply: FastifyReply, request: DownloadRequest) {
    const file = await downloads.open(request.file_name, 'public')
    if (!file) throw notFound()
    return sendDownload(reply, file, request.origin_file_name)
  }

  // Not compressed: the bytes go out exactly as stored, with their Content-Length.
  app.get(downloadCalls.s3.path, { compress: false }, async (request, reply) =>
    send(reply, parseQuery(s3DownloadQuery, request.query)),
  )
  app.get(downloadCalls.ftp.path, { compress: false }, async (request, reply) =>
    send(reply, parseQuery(ftpDownloadQuery, request.query)),
  )
}
