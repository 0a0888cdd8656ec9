import { PassThrough, Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router'
import { NonceProvider } from '#app/utils/nonce.ts'

export const streamTimeout = 5_000

/**
 * React Router's errors go to the request's structured log, never to stderr. A 4xx it answers
 * itself (405 for a POST, PUT, DELETE or OPTIONS to a page without an action, 404 for no route)
 * is the client's doing, not a fault: Fastify's own request line records it at `info`, and no
 * stack is written. An aborted request (the visitor left) is not logged either.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  const logError = (context as Partial<AppLoadContext> | undefined)?.logError
  if (logError) logError(error, 'page request failed')
  else console.error(error)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  // Crawlers and SPA-mode builds get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          const later = scriptsAfterLoad(nonce)
          later.pipe(body)
          pipe(later)
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are logged here; before it, the promise rejects.
          if (shellRendered) loadContext.logError(error, 'page render failed')
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

/**
 * The page's JavaScript is fetched once the page has loaded (docs/decisions/024-javascript-budget.md).
 * Pages work before their scripts (links, GET and POST forms), so on a slow connection the
 * stylesheet, the text and the banner image should not share the bandwidth with 60–80 KB of
 * scripts. In the HTML React Router's module preloads and its inline module script are inert (an
 * unknown `rel`, a non-script `type`); a small inline script brings them to life at the `load`
 * event (or after 3 s, when a slow image holds it back). The module script is put back as a copy
 * of itself with the same text, so the CSP allows it by the response's nonce or, on a stored page,
 * by the hash of that text. Hydration then runs in steps (app/components/hydrate-later.tsx).
 */
function scriptsAfterLoad(nonce: string | undefined): Transform {
  const decoder = new StringDecoder('utf8')
  const starter = `<script${nonce ? ` nonce="${nonce}"` : ''}>${START_SCRIPTS}</script></body>`
  let carry = ''
  const rewrite = (text: string) =>
    text.replaceAll(MODULE_PRELOAD, INERT_PRELOAD).replaceAll(MODULE_SCRIPT, INERT_SCRIPT).replace('</body>', starter)
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = carry + decoder.write(chunk)
      const cut = keepFrom(text)
      carry = text.slice(cut)
      done(null, rewrite(text.slice(0, cut)))
    },
    flush(done) {
      done(null, rewrite(carry + decoder.end()))
    },
  })
}

const MODULE_PRELOAD = '<link rel="modulepreload"'
const INERT_PRELOAD = '<link rel="x-modulepreload-after-load"'
const MODULE_SCRIPT = ' type="module" async=""'
const INERT_SCRIPT = ' type="x-module-after-load"'
// At the load event, or after 3 s when a slow image holds the load event back.
const START_SCRIPTS = `{let go=()=>{go=()=>{};for(const l of document.querySelectorAll('link[rel="x-modulepreload-after-load"]'))l.rel="modulepreload";const o=document.querySelector('script[type="x-module-after-load"]');if(o){const s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.text=o.text;o.replaceWith(s)}};addEventListener("load",()=>go());setTimeout(()=>go(),3000)}`
const MARKERS = [MODULE_PRELOAD, MODULE_SCRIPT, '</body>']

/** Where a possible partial marker begins at the end of `text` (its length when none). */
function keepFrom(text: string): number {
  for (let n = Math.min(MODULE_PRELOAD.length - 1, text.length); n > 0; n--) {
    const tail = text.slice(text.length - n)
    if (MARKERS.some((marker) => marker.startsWith(tail))) return text.length - n
  }
  return text.length
}
