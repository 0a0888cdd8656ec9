import type { FastifyInstance, FastifyReply } from 'fastify'
import { ftpDownloadQuery, s3DownloadQuery, type DownloadRequest } from '#shared/api-schemas/files.ts'
import { isPlainFileName } from '#shared/files.ts'
import { notFound } from './errors.ts'
import type { ApiCall } from './openapi.ts'
import { parseQuery } from './query.ts'

export const downloadCalls = {
  s3: {
    path: '/s3/download',
    tag: 'files',
    summary: 'Download a stored file by its key (only keys recorded in the files table)',
    query: s3DownloadQuery,
    file: 'download',
    notFound: true,
  },
  ftp: {
    path: '/ftpdownload',
    tag: 'files',
    summary: 'Download a stored file by its base64-encoded key (legacy link shape)',
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
 * `attachment` with an ASCII fallback name for old clients and the exact UTF-8 name in
 * `filename*`, so Korean names survive.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\%;]/g, '_') || 'download'
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`
}

const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=[\w.+"-]+)*$/

export async function downloadRoutes(app: FastifyInstance) {
  const { downloads } = app.services

  async function send(reply: FastifyReply, request: DownloadRequest) {
    const file = await downloads.open(request.file_name)
    if (!file) throw notFound()
    const name = isPlainFileName(request.origin_file_name) ? request.origin_file_name : file.origin_file_name
    return reply
      .header('content-type', CONTENT_TYPE.test(file.content_type) ? file.content_type : 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(file.stream)
  }

  // Not compressed: the bytes go out exactly as stored, with their Content-Length.
  app.get(downloadCalls.s3.path, { compress: false }, async (request, reply) =>
    send(reply, parseQuery(s3DownloadQuery, request.query)),
  )
  app.get(downloadCalls.ftp.path, { compress: false }, async (request, reply) =>
    send(reply, parseQuery(ftpDownloadQuery, request.query)),
  )
}
