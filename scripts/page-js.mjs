// The JavaScript a server-rendered page makes the browser load before it is interactive: the
// modulepreload links and the module scripts React Router writes into the HTML, measured as the
// gzip bytes of the built files (what a browser without brotli receives; brotli is ~10 % less).
// Used by the bench (scripts/bench.mjs) and the page-weight test (tests/integration/page-weight.test.ts). docs/decisions/024-javascript-budget.md
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** The limit of compressed JavaScript per public page (issue 14, goal 5). */
export const PAGE_JS_LIMIT = 100 * 1024

/** The `/assets/…js` addresses a page's HTML preloads or imports, each once, in order. */
export function pageScriptUrls(html) {
  const urls = new Set()
  // `x-modulepreload-after-load`: the preloads app/entry.server.tsx leaves inert until the load event.
  for (const m of html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|x-modulepreload-after-load)"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1]
    if (href) urls.add(href)
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/\bimport\(\s*"([^"]+\.js)"\s*\)/g)) urls.add(m[1])
  for (const m of html.matchAll(/\bimport\s+"([^"]+\.js)"/g)) urls.add(m[1])
  return [...urls]
}

/** Gzip bytes of one built file `url` (`/assets/x.js`) under `clientDir` (the pre-compressed copy when there is one). */
export function gzipBytes(clientDir, url) {
  const file = path.join(clientDir, decodeURIComponent(url.replace(/^\/+/, '')))
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
}

/** Every script of the page with its gzip size, and their sum. */
export function pageJs(html, clientDir) {
  const files = pageScriptUrls(html).map((url) => ({ url, gzip: gzipBytes(clientDir, url) }))
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) }
}

export const kb = (bytes) => +(bytes / 1024).toFixed(1)
