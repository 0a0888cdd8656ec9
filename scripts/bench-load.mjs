// Load generation for scripts/bench.mjs: wrk when installed (Debian's `wrk`: C, two threads, so
// the load tool is not the limit when measuring against the Fastify baseline), else autocannon.
import autocannon from 'autocannon'
import { spawn, spawnSync } from 'node:child_process'

export const loadTool = spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk'

/** Requests per second and latency percentiles (ms) of GET `url` under `connections` for `duration` s. */
export async function load({ url, connections, duration, headers = {}, method = 'GET', body, threads = 2 }) {
  if (loadTool === 'wrk' && method === 'GET') return wrk(url, connections, duration, headers, threads)
  const r = await autocannon({ url, connections, duration, method, headers, ...(body ? { body } : {}) })
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.non2xx,
  }
}

/** Runs wrk (two threads; one with `threads: 1`, when two loads run at once), resolving when it ends. */
async function wrk(url, connections, duration, headers, threads = 2) {
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${duration}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ]
  const child = spawn('wrk', args)
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk))
  await new Promise((resolve, reject) => child.on('error', reject).on('close', resolve))
  const ms = (label) => {
    const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out)
    if (!m) return NaN
    const n = Number(m[1])
    return +(m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n).toFixed(2)
  }
  const max = /Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s)/.exec(out)
  const maxMs = max ? Number(max[1]) * (max[2] === 'us' ? 0.001 : max[2] === 's' ? 1000 : 1) : NaN
  const errors =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
    Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0)
  return {
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    p50: ms(50),
    p99: ms(99),
    max: +maxMs.toFixed(2),
    errors,
  }
}
