// One connection's latency to a page, timed from a process of its own: the bench that loaded a
// fixture holds a large heap, and its collector's pauses would be counted as the server's time.
//   node scripts/bench-http-latency.mjs <url> [cookie] [runs=300] [warm-up=100]
// Prints one JSON line: {"bytes":…,"p50":…,"p99":…} (ms).
const [url, cookie = '', runs = '300', warmUp = '100'] = process.argv.slice(2)
const headers = cookie ? { cookie } : {}
const get = async () => {
  const res = await fetch(url, { headers })
  const body = await res.text()
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`)
  return body.length
}
const bytes = await get()
// A server just started runs its first requests before the JIT has compiled the render path.
for (let i = 0; i < Number(warmUp); i++) await get()
const times = []
for (let i = 0; i < Number(runs); i++) {
  const start = performance.now()
  await get()
  times.push(performance.now() - start)
}
times.sort((a, b) => a - b)
const at = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] * 10) / 10
console.log(JSON.stringify({ bytes, p50: at(50), p99: at(99) }))
