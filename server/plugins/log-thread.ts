import fs from 'node:fs'
import { Worker } from 'node:worker_threads'

/** The server's log destination: pino writes its lines here; the front door puts its kept answers' records. */
export type LogThread = {
  /** One of pino's lines (or any text), written in order with everything else. */
  write(text: string): boolean
  /** The logger's own fields (pino's bindings, `,"pid":…,"hostname":"…"`) for the kept answers' lines. */
  prefix(bindings: string): void
  /** A kept answer's `request completed` line, composed by the thread; false when dropped (the thread is 1 MB behind). */
  kept(url: string, address: string | undefined, status: number, milliseconds: number): boolean
  /** Returns once everything put so far is written (at most 2 s). */
  flushSync(): void
  /** Writes what is left and stops the thread. */
  end(): Promise<void>
}

export type LogThreadOptions = {
  /** Where the log goes: standard output by default. */
  fd?: number
  /** Bytes of shared memory for records not yet written (tests make it small). */
  capacity?: number
}

/**
 * The shared memory's layout, handed to log-thread.mjs with it: the header's slots, the records'
 * kinds, and their heads. A text record: length (0: the record is at the start), kind, the text's
 * bytes; then the text. A kept answer: length, kind, status, the texts' lengths, time,
 * milliseconds; then the path and the address.
 */
const LAYOUT = { WRITE: 0, READ: 1, SLEEPING: 2, TEXT: 1, KEPT: 2, PREFIX: 3, TEXT_HEAD: 16, KEPT_HEAD: 32 } as const
const { WRITE, READ, SLEEPING, TEXT, KEPT, PREFIX, TEXT_HEAD, KEPT_HEAD } = LAYOUT
const MAX_PATH = 4096
const MAX_ADDRESS = 255
/** About 4,000 kept answers' records: 200 ms of a busy node's, while the thread takes them every 20 ms. */
const CAPACITY = 1 << 20
/** How long a text waits for room while the thread moves, and `flushSync` for the thread, in 20 ms steps. */
const WAIT_STEPS = 100
/** A thread that has not moved for this long is held (by a full pipe). */
const STALLED_MS = 250

/**
 * The log's own thread (docs/decisions/033-log-thread.md), the one writer of the server's log.
 * pino's lines are copied into shared memory as they come (a line waits for room while the thread
 * moves, and is dropped at once while the thread is held by a full pipe); for a kept answer the
 * front door copies only its figures and the path's and address's bytes (about 50 ns), and the
 * thread composes its line, which on the main thread
 * cost about 0.5 µs and under load 10–20 % of a kept page's throughput. The thread
 * (log-thread.mjs, started with the first record) writes all in order, a block each 20 ms while
 * records come, and sleeps otherwise. Records that found no room are counted and reported in a
 * warning line; should the thread fail, pino's lines are written by the main thread from then on
 * and kept answers' records are dropped. The process's `exit` waits for the thread to write
 * what is left.
 */
export function logThread({ fd = 1, capacity = CAPACITY }: LogThreadOptions = {}): LogThread {
  const header = new Int32Array(new SharedArrayBuffer(3 * 4))
  const data = new SharedArrayBuffer(capacity)
  const u8 = Buffer.from(data)
  const u32 = new Uint32Array(data)
  const f64 = new Float64Array(data)
  /** A text this long in UTF-16 units needs at most 3/8 of the memory in UTF-8. */
  const maxChars = capacity >> 3
  let write = 0
  let dropped = 0
  /** The thread's position when it was last found held; -1 while it moves. */
  let stalledAt = -1
  let bindings = ''
  let thread: Worker | undefined
  let failed = false

  const flushSync = () => {
    for (let step = 0; thread && !failed && step < WAIT_STEPS; step++) {
      const read = Atomics.load(header, READ)
      if (read === write || read === stalledAt) return
      wake()
      Atomics.wait(header, READ, read, 20)
    }
  }
  /** The main thread's own write, once the thread has failed or ended (a log that cannot be written is not the request's error). */
  const writeHere = (text: string) => {
    try {
      fs.writeSync(fd, text)
      return true
    } catch {
      return false
    }
  }
  const started = () => {
    if (thread || failed) return !failed
    thread = new Worker(new URL('./log-thread.mjs', import.meta.url), {
      workerData: { header, data, fd, layout: LAYOUT },
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    })
    thread.on('error', (error) => {
      failed = true
      writeHere(`{"level":50,"time":${Date.now()}${bindings},"err":${JSON.stringify({ message: error.message, stack: error.stack })},"msg":"the log thread failed: lines are written by the main thread, kept answers are not logged"}\n`)
    })
    thread.unref()
    process.on('exit', flushSync)
    return true
  }
  const wake = () => {
    if (Atomics.load(header, SLEEPING) === 1 && Atomics.compareExchange(header, SLEEPING, 1, 0) === 1) thread?.postMessage('wake')
  }
  /** Where a record of `length` bytes goes (a wrap mark left when it must start over at 0), or -1 for no room. */
  const reserve = (length: number, patient: boolean): number => {
    for (let step = 0; ; step++) {
      // Up to one step short of the thread's position: equal positions mean empty.
      const read = Atomics.load(header, READ)
      if (read !== stalledAt) stalledAt = -1
      if (write >= read) {
        const room = capacity - write
        if (room > length || (room === length && read !== 0)) return write
        if (read > length) {
          u32[write >> 2] = 0
          return 0
        }
      } else if (read - write > length) return write
      if (!patient || step === WAIT_STEPS || failed || read === stalledAt) return -1
      wake()
      // The thread writes each 20 ms; no progress in 250 ms means it is held (a full pipe): lines are
      // dropped, without waiting, until it moves again, rather than the server waiting on its log.
      if (Atomics.wait(header, READ, read, STALLED_MS) === 'timed-out' && Atomics.load(header, READ) === read) {
        stalledAt = read
        return -1
      }
    }
  }
  const publish = (at: number, length: number) => {
    write = at + length === capacity ? 0 : at + length
    Atomics.store(header, WRITE, write)
    wake()
    if (dropped > 0) {
      const count = dropped
      dropped = 0
      putText(TEXT, `{"level":40,"time":${Date.now()}${bindings},"dropped":${count},"msg":"log: lines dropped, the log thread fell behind"}\n`)
    }
  }
  const putText = (kind: number, text: string) => {
    const size = Buffer.byteLength(text)
    const length = (TEXT_HEAD + size + 7) & ~7
    const at = reserve(length, true)
    if (at < 0) return void dropped++
    u32[at >> 2] = length
    u32[(at >> 2) + 1] = kind
    u32[(at >> 2) + 2] = size
    u8.write(text, at + TEXT_HEAD, size)
    publish(at, length)
  }

  return {
    write(text) {
      if (!started()) return writeHere(text)
      for (let from = 0; from < text.length; ) {
        let to = Math.min(text.length, from + maxChars)
        // Not between the two halves of a surrogate pair.
        if (to < text.length && (text.charCodeAt(to - 1) & 0xfc00) === 0xd800) to--
        putText(TEXT, from === 0 && to === text.length ? text : text.slice(from, to))
        from = to
      }
      return true
    },
    prefix(fields) {
      bindings = fields
      if (started()) putText(PREFIX, fields)
    },
    kept(url, ip, status, milliseconds) {
      if (!started()) return false
      const query = url.indexOf('?')
      const pathLength = Math.min(query < 0 ? url.length : query, MAX_PATH)
      const address = ip ?? ''
      const addressLength = Math.min(address.length, MAX_ADDRESS)
      const length = (KEPT_HEAD + pathLength + addressLength + 7) & ~7
      const at = reserve(length, false)
      if (at < 0) {
        dropped++
        return false
      }
      const word = at >> 2
      u32[word] = length
      u32[word + 1] = KEPT
      u32[word + 2] = status
      u32[word + 3] = pathLength | (addressLength << 16)
      f64[(at >> 3) + 2] = Date.now()
      f64[(at >> 3) + 3] = milliseconds
      let byte = at + KEPT_HEAD
      // The HTTP parser's texts are one byte a character (latin1), as the thread reads them.
      for (let i = 0; i < pathLength; i++) u8[byte++] = url.charCodeAt(i)
      for (let i = 0; i < addressLength; i++) u8[byte++] = address.charCodeAt(i)
      publish(at, length)
      return true
    },
    flushSync,
    async end() {
      flushSync()
      process.off('exit', flushSync)
      const worker = thread
      failed = true
      await worker?.terminate()
    },
  }
}
