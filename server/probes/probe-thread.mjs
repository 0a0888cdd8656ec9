// The probe port's thread (docs/decisions/030-probe-port.md): answers /healthz and /readyz from
// what the main thread last wrote to shared memory, on an event loop of its own, so a probe is
// answered at once however busy the main loop is. Plain JavaScript: a worker loads it as it is,
// from the source tree and from build/ alike.
import http from 'node:http'
import os from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'

/** @type {{ state: BigInt64Array, host: string, port: number, stalledMs: number, unresponsiveMs: number, staleReadyMs: number }} */
const { state, host, port, stalledMs, unresponsiveMs, staleReadyMs } = workerData
// The slots of `state`, as probe-port.ts writes them.
const BEAT_AT = 0
const READY_AT = 1
const READY = 2
const DRAINING = 3

// This thread only ever answers probes, so it may go first when the CPUs are busy: a higher
// priority for it alone (on Linux a thread's nice value is its own). Allowed to root or with
// CAP_SYS_NICE; otherwise it stays at the process's priority.
let raisedPriority = false
try {
  os.setPriority(0, -10)
  raisedPriority = true
} catch {
  // not permitted: unchanged
}

const body = (status, detail) => JSON.stringify({ status, ...detail })

/** What a probe path answers now: [HTTP status, JSON body]. */
function answer(path) {
  const now = Date.now()
  const loopAge = now - Number(Atomics.load(state, BEAT_AT))
  if (path === '/healthz') {
    // Alive while the main loop turns; stuck for `stalledMs` (a wedged process), a restart is due.
    return loopAge < stalledMs ? [200, body('ok')] : [503, body('stalled', { loopAgeMs: loopAge })]
  }
  if (path === '/readyz') {
    if (Atomics.load(state, DRAINING) === 1n) return [503, body('draining')]
    if (loopAge >= unresponsiveMs) return [503, body('unresponsive', { loopAgeMs: loopAge })]
    const readyAge = now - Number(Atomics.load(state, READY_AT))
    if (readyAge >= staleReadyMs) return [503, body('unknown', { checkedAgoMs: readyAge })]
    return Atomics.load(state, READY) === 1n ? [200, body('ready')] : [503, body('unavailable')]
  }
  return [404, body('not found')]
}

const server = http.createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0]
  const [status, text] = request.method === 'GET' || request.method === 'HEAD' ? answer(path) : [405, body('method not allowed')]
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) })
  response.end(request.method === 'HEAD' ? undefined : text)
})
// Probes are short: an idle or slow client is not kept.
server.requestTimeout = 5_000
server.headersTimeout = 5_000
server.keepAliveTimeout = 5_000
server.on('error', (error) => {
  throw error
})
server.listen({ host, port }, () => {
  const address = server.address()
  parentPort?.postMessage({ listening: typeof address === 'object' && address ? address.port : port, raisedPriority })
})
