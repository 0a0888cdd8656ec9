import { Worker } from 'node:worker_threads'
import { READY_DEADLINE_MS } from '#server/api/health.ts'
import { createReadiness } from '#server/api/readiness.ts'

/** How often the main loop writes its heartbeat, and asks the database whether it answers. */
export const BEAT_EVERY_MS = 100
export const READY_CHECK_EVERY_MS = 100

export type ProbePortOptions = {
  host: string
  port: number
  /** Asks the database (`services.ping`); an answer later than READY_DEADLINE_MS counts as none. */
  ping: () => Promise<void>
  /** `/healthz` answers 503 once the main loop has not turned for this long (a wedged process). */
  stalledMs?: number
  /** `/readyz` answers 503 once the main loop has not turned for this long (no new traffic for now). */
  unresponsiveMs?: number
  /** `/readyz` answers 503 when the last database check is older than this. */
  staleReadyMs?: number
  /** Told when the thread fails after it started (the main port goes on serving). */
  onError: (error: Error) => void
}

export type ProbePort = {
  /** The port the probe thread listens on (the one asked for, or the one given for port 0). */
  port: number
  /** Whether the thread runs at a higher priority than the rest (permitted to root or with CAP_SYS_NICE). */
  raisedPriority: boolean
  /** From now on `/readyz` answers 503 (shutdown). */
  drain(): void
  close(): Promise<void>
}

/**
 * `/healthz` and `/readyz` on a port of their own, answered by a worker thread
 * (`probe-thread.mjs`, docs/decisions/030-probe-port.md). The main thread writes a heartbeat every
 * 100 ms and the database's readiness every 100 ms into shared memory; the thread answers from
 * them at once, however long the main loop's turn. Timers are unreferenced: the port never keeps
 * the process alive.
 */
export async function startProbePort({ host, port, ping, stalledMs = 30_000, unresponsiveMs = 5_000, staleReadyMs = 3_000, onError }: ProbePortOptions): Promise<ProbePort> {
  // The slots probe-thread.mjs reads, times in milliseconds since the epoch.
  const [BEAT_AT, READY_AT, READY, DRAINING] = [0, 1, 2, 3]
  const state = new BigInt64Array(new SharedArrayBuffer(4 * 8))
  const beat = () => Atomics.store(state, BEAT_AT, BigInt(Date.now()))
  beat()
  const heartbeat = setInterval(beat, BEAT_EVERY_MS).unref()

  // A new ping each time (none kept; a check while one runs shares it), limited as the main
  // port's: a database gone away shows within 100 + 800 ms.
  const readiness = createReadiness(ping, { freshMs: 0, timeoutMs: READY_DEADLINE_MS })
  const check = async () => {
    const ok = await readiness.check()
    Atomics.store(state, READY, ok ? 1n : 0n)
    Atomics.store(state, READY_AT, BigInt(Date.now()))
  }
  void check()
  const checker = setInterval(() => void check(), READY_CHECK_EVERY_MS).unref()

  const worker = new Worker(new URL('./probe-thread.mjs', import.meta.url), {
    workerData: { state, host, port, stalledMs, unresponsiveMs, staleReadyMs },
    // The thread's heap holds a small HTTP server: a small limit keeps its memory small.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  })
  const stop = () => {
    clearInterval(heartbeat)
    clearInterval(checker)
  }
  let listening: { listening: number; raisedPriority: boolean }
  try {
    listening = await new Promise((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the probe thread stopped (exit code ${code})`)))
    })
  } catch (error) {
    stop()
    await worker.terminate()
    throw error
  }
  worker.on('error', onError)
  worker.unref()
  return {
    port: listening.listening,
    raisedPriority: listening.raisedPriority,
    drain: () => Atomics.store(state, DRAINING, 1n),
    close: async () => {
      stop()
      await worker.terminate()
    },
  }
}
