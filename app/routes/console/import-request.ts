import {
  IMPORT_CHECK_PATH,
  IMPORT_RUN_PATH,
  type ImportEvent,
  type ImportKind,
  type ImportProblemView,
  type ImportSummary,
} from '#shared/import-kinds.ts'
import type { Lang } from '#shared/locales.ts'

type CheckResult = { ok: true; summary: ImportSummary } | { ok: false; problems: ImportProblemView[] }

/** The server's message of a refused call (in the page language), or null when it sent none. */
async function refusal(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { message?: string } }
    return body.error?.message ?? null
  } catch {
    return null
  }
}

/** The dry run: every problem of the files, or the counts of new and updated rows. */
export async function checkImport(
  kind: ImportKind,
  lang: Lang,
  body: FormData,
): Promise<{ ok: true; result: CheckResult } | { ok: false; message: string | null }> {
  try {
    const response = await fetch(`${IMPORT_CHECK_PATH}?kind=${kind}&lang=${lang}`, { method: 'POST', body })
    if (!response.ok) return { ok: false, message: await refusal(response) }
    const answer = (await response.json()) as { data: CheckResult }
    return { ok: true, result: answer.data }
  } catch {
    return { ok: false, message: null }
  }
}

type End = Exclude<ImportEvent, { type: 'progress' }> | { type: 'refused'; message: string | null }

/**
 * The import: the answer is a stream of server-sent events read as it arrives (fetch, since the
 * files are POSTed); `onProgress` gets each batch, the promise the last event.
 */
export async function runImport(
  kind: ImportKind,
  lang: Lang,
  body: FormData,
  onProgress: (done: number, total: number) => void,
): Promise<End> {
  let response: Response
  try {
    response = await fetch(`${IMPORT_RUN_PATH}?kind=${kind}&lang=${lang}`, { method: 'POST', body })
  } catch {
    return { type: 'refused', message: null }
  }
  if (!response.ok || !response.body) return { type: 'refused', message: await refusal(response) }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = frame.split('\n').find((line) => line.startsWith('data: '))
      if (!data) continue
      const event = JSON.parse(data.slice(6)) as ImportEvent
      if (event.type === 'progress') onProgress(event.done, event.total)
      else return event
    }
  }
  return { type: 'refused', message: null }
}
