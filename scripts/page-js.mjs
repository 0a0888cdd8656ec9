// The JavaScript a server-rendered page makes the browser load before it is interactive: the
// modulepreload links and the module scripts React Router writes into the HTML, measured as the
// **brotli** bytes of the built files: the copies the build pre-compresses (scripts/build-server.mjs)
// and the server sends to every browser that accepts `br`, which every current browser does over
// HTTPS (production). Over plain HTTP (a loopback test, a browser without brotli) the gzip copy goes
// out instead, about 15 % larger: `pageJs` reports that sum too.
// Used by the bench (scripts/bench.mjs) and the page-weight test (tests/integration/page-weight.test.ts).
// docs/decisions/034-react-in-the-browser.md
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** The limit of compressed (brotli) JavaScript per public page (issue 29; ADR 034). */
export const PAGE_JS_LIMIT = 115 * 1024

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

/**
 * Compressed bytes of one built file `url` (`/assets/x.js`) under `clientDir`: the pre-compressed
 * copy the server sends when there is one, else the file as it is when compressing it (as the build
 * would) makes it no smaller, or the compressed size.
 */
function compressedBytes(clientDir, url, encoding) {
  const file = path.join(clientDir, decodeURIComponent(url.replace(/^\/+/, '')))
  const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`
  if (fs.existsSync(copy)) return fs.statSync(copy).size
  const data = fs.readFileSync(file)
  const compressed =
    encoding === 'br'
      ? zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length
      : zlib.gzipSync(data, { level: 9 }).length
  return Math.min(compressed, data.length)
}

/** Every script of the page with its brotli and gzip sizes; `total` is the brotli sum (what a browser receives), `gzip` the other. */
export function pageJs(html, clientDir) {
  const files = pageScriptUrls(html).map((url) => ({
    url,
    br: compressedBytes(clientDir, url, 'br'),
    gzip: compressedBytes(clientDir, url, 'gzip'),
  }))
  return { files, total: files.reduce((sum, f) => sum + f.br, 0), gzip: files.reduce((sum, f) => sum + f.gzip, 0) }
}

export const kb = (bytes) => +(bytes / 1024).toFixed(1)
