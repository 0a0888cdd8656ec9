import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from 'react-router'
import { setDocumentCacheControl } from '#app/utils/kept-page.ts'
import { NonceProvider } from '#app/utils/nonce.ts'
import { scriptsAfterLoad } from '#app/utils/scripts-after-load.server.ts'

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
  const readyEvent =
    isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
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
          setDocumentCacheControl(responseHeaders, responseStatusCode, routerContext)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
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
