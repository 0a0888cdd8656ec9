import { Transform } from 'node:stream'

/**
 * The page's JavaScript is fetched once the page has loaded (docs/decisions/024-javascript-budget.md).
 * Pages work before their scripts (links, GET and POST forms), so on a slow connection the
 * stylesheet, the text and the banner image should not share the bandwidth with 60–80 KB of
 * scripts. In the HTML React Router's module preloads, its inline module script and the preload of
 * the page's message catalogue are inert (an unknown `rel`, a non-script `type`); a small inline
 * script brings them to life (the `rel` without its `x-` and `-after-load`) once the page has
 * loaded and painted (or after 3 s, when a slow image holds the load event back). The module script
 * is put back as a copy of itself with the same text, so the CSP allows it by the response's nonce
 * or, on a stored page, by the hash of that text. React then hydrates in a transition (app/entry.client.tsx).
 */
export function scriptsAfterLoad(nonce: string | undefined): Transform {
  const starter = `<script${nonce ? ` nonce="${nonce}"` : ''}>${START_SCRIPTS}</script></body>`
  let carry: Buffer = Buffer.alloc(0)
  let started = false
  // The markers and what replaces them are ASCII, so the bytes are searched as they are and only a
  // piece holding a marker is rewritten, through latin1 (one character a byte, each byte kept as it
  // was); the rest of the page, most of it, passes through without being decoded or copied.
  const rewrite = (bytes: Buffer): Buffer => {
    const closes = !started && bytes.includes(BODY_END)
    if (!closes && !INERT.some(([marker]) => bytes.includes(marker))) return bytes
    let text = bytes.toString('latin1')
    for (const [marker, inert] of INERT) text = text.replaceAll(marker, inert)
    if (closes) {
      started = true
      text = text.replace(BODY_END, starter)
    }
    return Buffer.from(text, 'latin1')
  }
  // React writes a page in pieces of a few KB within one turn of the event loop. They go on as one
  // piece at the end of the turn: each piece would otherwise cross the web-stream layers and the
  // compression stream (a trip to the thread pool) on its own (docs/benchmarks.md, session 23).
  let turn: Buffer[] = []
  const pass = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk
      const cut = keepFrom(bytes)
      carry = bytes.subarray(cut)
      if (turn.length === 0) setImmediate(endOfTurn)
      turn.push(rewrite(bytes.subarray(0, cut)))
      done()
    },
    flush(done) {
      turn.push(rewrite(carry))
      done(null, taken())
    },
  })
  const taken = () => {
    const joined = Buffer.concat(turn)
    turn = []
    return joined
  }
  // After the last piece, `flush` has taken the turn's pieces already.
  const endOfTurn = () => {
    if (turn.length > 0) pass.push(taken())
  }
  return pass
}

/** What is left inert until the start, and how: React Router's module preloads and module script, and
 * the preload of the page's message catalogue (app/root.tsx), which app/entry.client.tsx waits for. */
const INERT = [
  ['<link rel="modulepreload"', '<link rel="x-modulepreload-after-load"'],
  ['<link rel="preload" as="fetch"', '<link rel="x-preload-after-load" as="fetch"'],
  [' type="module" async=""', ' type="x-module-after-load"'],
] as const
// Once the page has loaded and its first contentful paint is reported (the load event can come before
// the first paint, and scripts fetched then delay it on a slow phone), or after 3 s when a slow image
// holds the load event back or the page is hidden (nothing is painted then).
const START_SCRIPTS = `{let go=()=>{go=()=>{};for(const l of document.querySelectorAll('link[rel="x-modulepreload-after-load"],link[rel="x-preload-after-load"]'))l.rel=l.rel.replace(/^x-|-after-load$/g,"");const o=document.querySelector('script[type="x-module-after-load"]');if(o){const s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.text=o.text;o.replaceWith(s)}};let loaded=false,painted=!self.PerformanceObserver?.supportedEntryTypes?.includes("paint");const ready=()=>loaded&&painted&&go();if(!painted)new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=true;ready()}}).observe({type:"paint",buffered:true});addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(()=>{loaded=true;ready()})));setTimeout(()=>go(),3000)}`
const BODY_END = '</body>'
const MARKERS = [...INERT.map(([marker]) => marker), BODY_END]
const LONGEST = Math.max(...MARKERS.map((marker) => marker.length))

/** Where a possible partial marker begins at the end of `bytes` (its length when none). */
function keepFrom(bytes: Buffer): number {
  for (let n = Math.min(LONGEST - 1, bytes.length); n > 0; n--) {
    const tail = bytes.toString('latin1', bytes.length - n)
    if (MARKERS.some((marker) => marker.startsWith(tail))) return bytes.length - n
  }
  return bytes.length
}
