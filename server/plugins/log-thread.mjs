// The log's thread (docs/decisions/033-log-thread.md): the one writer of the server's log. The main
// thread puts records into shared memory (log-thread.ts): pino's lines as text, and for each kept
// answer only its figures and texts, which this thread turns into pino's `request completed` line.
// It writes them in order, a block each 20 ms while records come. Plain JavaScript: a worker loads
// it as it is, from the source tree and from build/ alike.
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'

/** @type {{ header: Int32Array, data: SharedArrayBuffer, fd: number, layout: Record<string, number> }} */
const { header, data, fd, layout } = workerData
// The header's slots, the records' kinds and heads, as log-thread.ts lays them out (LAYOUT).
const { WRITE, READ, SLEEPING, TEXT, KEPT, PREFIX, TEXT_HEAD, KEPT_HEAD } = layout
/** While records come, the thread takes them this often. */
const TURN_MS = 20

const capacity = data.byteLength
const u32 = new Uint32Array(data)
const f64 = new Float64Array(data)
const bytes = Buffer.from(data)
/** The logger's own fields (`,"pid":…,"hostname":"…"`), as the first kept-answer record's PREFIX gives them. */
let bindings = ''
let sent = 0
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * Milliseconds to the microsecond, as a JSON number: `0.031`, `12.5` (not a double's 17 digits).
 * @param {number} milliseconds
 */
function decimal(milliseconds) {
  const micro = Math.round(milliseconds * 1000)
  if (!(micro >= 0 && micro < 2 ** 31)) return Number.isFinite(milliseconds) ? String(milliseconds) : 'null'
  const fraction = micro % 1000
  if (fraction === 0) return String(micro / 1000)
  return `${(micro - fraction) / 1000}.${String(fraction).padStart(3, '0').replace(/0+$/, '')}`
}

/** pino's `request completed` line of the kept answer at `at`. */
function keptLine(at) {
  const word = at >> 2
  const lengths = u32[word + 3]
  const pathEnd = at + KEPT_HEAD + (lengths & 0xffff)
  const path = bytes.toString('latin1', at + KEPT_HEAD, pathEnd)
  const address = bytes.toString('latin1', pathEnd, pathEnd + (lengths >>> 16))
  return (
    `{"level":30,"time":${Math.floor(f64[(at >> 3) + 2])}${bindings},"reqId":"kept-${(sent++).toString(36)}",` +
    `"req":{"method":"GET","url":${JSON.stringify(path)},"remoteAddress":${JSON.stringify(address)}},` +
    `"res":{"statusCode":${u32[word + 2]}},"responseTime":${decimal(f64[(at >> 3) + 3])},"msg":"request completed"}\n`
  )
}

/** Writes all of `text`, waiting out a full pipe. */
function writeAll(text) {
  let rest = Buffer.from(text)
  while (rest.length > 0) {
    try {
      rest = rest.subarray(fs.writeSync(fd, rest))
    } catch (error) {
      if (error.code !== 'EAGAIN') throw error
      Atomics.wait(pause, 0, 0, 10)
    }
  }
}

/** Writes every record put since the last call and releases them; whether there were any. */
function take() {
  const end = Atomics.load(header, WRITE)
  let at = Atomics.load(header, READ)
  if (at === end) return false
  let text = ''
  while (at !== end) {
    const length = u32[at >> 2]
    if (length === 0) {
      // The record did not fit before the end: it is at the start.
      at = 0
      continue
    }
    const kind = u32[(at >> 2) + 1]
    if (kind === KEPT) text += keptLine(at)
    else {
      const value = bytes.toString('utf8', at + TEXT_HEAD, at + TEXT_HEAD + u32[(at >> 2) + 2])
      if (kind === TEXT) text += value
      else if (kind === PREFIX) bindings = value
    }
    at += length
    if (at === capacity) at = 0
  }
  if (text) writeAll(text)
  Atomics.store(header, READ, at)
  Atomics.notify(header, READ)
  return true
}

let scheduled = false
/** Writes what came; while records come, again a turn later; otherwise sleeps until woken. */
function turn() {
  scheduled = false
  if (take()) return schedule()
  Atomics.store(header, SLEEPING, 1)
  // A record put before the flag was up did not wake the thread: look once more.
  if (Atomics.load(header, WRITE) !== Atomics.load(header, READ)) {
    Atomics.store(header, SLEEPING, 0)
    schedule()
  }
}
function schedule() {
  if (scheduled) return
  scheduled = true
  setTimeout(turn, TURN_MS)
}

parentPort.on('message', (message) => {
  if (message === 'wake') schedule()
})
turn()
