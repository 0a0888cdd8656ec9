import { type FormBodyError } from '#server/http/form-body.ts'
import { readFormWithFiles, type FormWithFiles, type StreamedFile } from '#server/http/form-files.ts'
import type { FileProblem } from '#server/services/service-inbox/index.ts'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { ATTACHMENT_RULES } from '#shared/service-request-rules.ts'

/**
 * A multipart post with attachments under the requests' rules (the public forms, the customer's
 * answer, the staff's reply): streamed to temporary files, each file and the whole body limited
 * while reading (server/http/form-files.ts). The caller disposes of the files in a `finally`.
 */
export function readRequestPost(
  request: Request,
  onFile?: (file: StreamedFile, fields: Record<string, string>) => void,
): Promise<FormWithFiles> {
  return readFormWithFiles(request.body, request.headers.get('content-type'), {
    limit: ATTACHMENT_RULES.totalBytes + ATTACHMENT_RULES.textBytes,
    contentLength: request.headers.get('content-length'),
    fileField: 'files',
    fileBytes: ATTACHMENT_RULES.fileBytes,
    fieldBytes: ATTACHMENT_RULES.textBytes,
    ...(onFile && { onFile }),
  })
}

/** What a post the reader refused is told: over the total (413), or unreadable (400). */
export const refusedPostKey = (error: FormBodyError): MessageKey =>
  error.status === 413 ? 'serviceRequest.error.totalTooLarge' : 'api.badRequest'

const FILE_MESSAGES = {
  count: 'serviceRequest.error.fileCount',
  'too-large': 'serviceRequest.error.fileTooLarge',
  type: 'serviceRequest.error.fileType',
  damaged: 'serviceRequest.error.fileDamaged',
  empty: 'serviceRequest.error.fileDamaged',
} as const satisfies Record<FileProblem['problem'], MessageKey>

/** What refused attachments are told: the first problem, naming its file. */
export const filesMessage = (problems: readonly FileProblem[]) => {
  const first = problems[0]!
  return { key: FILE_MESSAGES[first.problem], vars: { name: first.name } }
}
