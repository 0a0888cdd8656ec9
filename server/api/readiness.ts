/**
 * How long a database answer stands for readiness, and how long a ping may take. The two together
 * bound how late an outage shows: a success just before the database went away stands 150 ms, then
 * the next ping fails within its timeout (800 ms from /readyz), so /readyz says 503 within 1 s.
 */
export const READINESS_FRESH_MS = 150
export const READINESS_TIMEOUT_MS = 1000

/**
 * Whether the database answers, asked at most once per `freshMs` and never twice at once: a load
 * balancer's probes (every node, every few seconds, from several balancers) and a burst of them
 * under load never queue a ping each behind the page queries. A ping that takes longer than `timeoutMs` counts as down,
 * so an outage answers within a second instead of when the driver gives up.
 */
export function createReadiness(
  ping: () => Promise<void>,
  { freshMs = READINESS_FRESH_MS, timeoutMs = READINESS_TIMEOUT_MS, now = Date.now }: { freshMs?: number; timeoutMs?: number; now?: () => number } = {},
) {
  let last: { ok: boolean; at: number } | undefined
  let inFlight: Promise<boolean> | undefined

  async function probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs)
      timer.unref()
    })
    try {
      const ok = await Promise.race([ping().then(() => true, () => false), timedOut])
      last = { ok, at: now() }
      return ok
    } finally {
      clearTimeout(timer)
      inFlight = undefined
    }
  }

  return {
    /** True when the database answered within the last `freshMs`, or answers now within `timeoutMs`. */
    check(): Promise<boolean> {
      if (last && now() - last.at < freshMs) return Promise.resolve(last.ok)
      return (inFlight ??= probe())
    },
  }
}
