import type { Lang } from '#shared/locales.ts'
import { UPLOAD_NAME_HEADER, UPLOAD_PATH, type UploadedFile, type UploadKind } from '#shared/uploads.ts'

export type UploadHandlers = {
  /** Bytes sent so far, 0–100. */
  onProgress(percent: number): void
  /** Every byte is sent; the server is checking the file (and making an image's variants). */
  onSent(): void
  onDone(file: UploadedFile): void
  /** The server's message (in the page language); null when it sent none, `network` when no answer came at all. */
  onError(message: string | null, network: boolean): void
  onAbort(): void
}

type Answer = { success: true; data: UploadedFile } | { success: false; error?: { message?: string } }

/**
 * Sends one file to `POST /admin/upload` (docs/decisions/017-console-uploads.md): the bytes as the
 * body, the name URI-encoded in a header. XMLHttpRequest rather than fetch, for upload progress.
 * Returns the function that cancels it.
 */
export function sendUpload(file: File, kind: UploadKind, lang: Lang, handlers: UploadHandlers): () => void {
  const xhr = new XMLHttpRequest()
  xhr.open('POST', `${UPLOAD_PATH}?kind=${kind}&lang=${lang}`)
  xhr.setRequestHeader('Content-Type', 'application/octet-stream')
  xhr.setRequestHeader(UPLOAD_NAME_HEADER, encodeURIComponent(file.name))
  xhr.responseType = 'json'
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable && event.total > 0)
      handlers.onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)))
  }
  xhr.upload.onload = () => handlers.onSent()
  xhr.onload = () => {
    const answer = xhr.response as Answer | null
    if (xhr.status === 200 && answer?.success) handlers.onDone(answer.data)
    else handlers.onError((answer && !answer.success && answer.error?.message) || null, false)
  }
  xhr.onerror = () => handlers.onError(null, true)
  xhr.onabort = () => handlers.onAbort()
  xhr.send(file)
  return () => xhr.abort()
}
