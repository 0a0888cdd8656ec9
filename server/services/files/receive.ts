import { PassThrough, type Readable } from 'node:stream'
import { createZipScanner, SNIFF_BYTES, sniffType, type Sniffed } from './sniff.ts'

export type ReceiveRefusal = 'too-large' | 'type' | 'empty' | 'aborted'

export type Received =
  | { ok: true; type: Sniffed; size: number }
  /**
   * `type`: what the first bytes were (null when unknown). `drained`: the whole request body was
   * read, so the connection can carry the answer and the next request; otherwise close it.
   */
  | { ok: false; reason: ReceiveRefusal; type: Sniffed | null; drained: boolean }

export type ReceiveOptions = {
  /** Most bytes accepted; one more refuses the upload. */
  limit: number
  /** Whether a type told from the first bytes may be stored. */
  accept(type: Sniffed): boolean
  /**
   * Starts storing the accepted bytes (once the type is known); resolves when they are all
   * written, rejects (leaving nothing stored) when the stream is destroyed.
   */
  store(type: Sniffed, body: Readable): Promise<unknown>
}

/**
 * Reads an upload stream once, without holding it in memory: the first bytes are kept until the
 * type can be told from them; an accepted type streams on into `store`, counted against the limit
 * (one byte over destroys what was being stored). A refused type is read on to its end and thrown
 * away (up to the limit), so the client gets its answer on a connection still in order. A ZIP is
 * scanned as it passes to tell a Word, Excel or PowerPoint file from a plain archive.
 */
export function receiveUpload(source: Readable, options: ReceiveOptions): Promise<Received> {
  return new Promise((resolve) => {
    const head: Buffer[] = []
    const zip = createZipScanner()
    let headLength = 0
    let total = 0
    let decided = false
    let type: Sniffed | null = null
    let refused: ReceiveRefusal | null = null
    let body: PassThrough | null = null
    let stored: Promise<unknown> | null = null
    let settled = false
    /** A refusal or the end was reached: later events change nothing. */
    let finished = false

    const settle = (result: Received) => {
      if (settled) return
      settled = true
      source.off('data', onData)
      source.off('end', onEnd)
      source.off('error', onAbort)
      source.off('close', onClose)
      resolve(result)
    }
    /** Ends with a refusal once whatever was being stored is removed. */
    const refuse = (reason: ReceiveRefusal, drained: boolean) => {
      if (finished) return
      finished = true
      if (!drained) source.pause()
      body?.destroy(new Error(`upload refused: ${reason}`))
      void (stored ?? Promise.resolve()).then(
        () => settle({ ok: false, reason, type, drained }),
        () => settle({ ok: false, reason, type, drained }),
      )
    }
    const forward = (chunk: Buffer) => {
      zip.push(chunk)
      if (!body!.write(chunk)) {
        source.pause()
        body!.once('drain', () => source.resume())
      }
    }
    const decide = () => {
      decided = true
      const first = Buffer.concat(head)
      type = sniffType(first)
      if (!type || !options.accept(type)) {
        refused = 'type'
        return
      }
      body = new PassThrough()
      // Destroying the body (a refusal) fails `stored`, which is where it is handled; the store may
      // attach its own listeners only later (after creating a folder), so none is left unheard.
      body.on('error', () => {})
      stored = options.store(type, body)
      stored.catch(() => {}) // observed in onEnd or refuse
      forward(first)
    }

    function onData(chunk: Buffer) {
      if (finished) return
      total += chunk.length
      if (total > options.limit) return refuse(refused ?? 'too-large', false)
      if (refused) return
      if (decided) return forward(chunk)
      head.push(chunk)
      headLength += chunk.length
      if (headLength >= SNIFF_BYTES) decide()
    }
    function onEnd() {
      if (finished) return
      if (total === 0) return settle({ ok: false, reason: 'empty', type: null, drained: true })
      if (!decided) decide()
      if (refused) return refuse(refused, true)
      finished = true
      body!.end()
      stored!.then(
        () => settle({ ok: true, type: type!.ext === 'zip' ? (zip.result() ?? type!) : type!, size: total }),
        () => settle({ ok: false, reason: 'aborted', type, drained: true }),
      )
    }
    function onAbort() {
      refuse('aborted', false)
    }
    function onClose() {
      if (!source.readableEnded) refuse('aborted', false)
    }

    source.on('data', onData)
    source.on('end', onEnd)
    source.on('error', onAbort)
    source.on('close', onClose)
  })
}
