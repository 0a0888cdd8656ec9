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
import { isKeptPage, setDocumentCacheControl } from '#app/utils/kept-page.ts'
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
  const whole = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
  return renderDocument(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      readyEvent: whole ? 'onAllReady' : 'onShellReady',
      nonce,
      status: responseStatusCode,
      headers: responseHeaders,
      kept: isKeptPage(routerContext),
      logError: loadContext.logError,
    },
  )
}

type Page = {
  readyEvent: 'onAllReady' | 'onShellReady'
  nonce: string
  status: number
  headers: Headers
  kept: boolean
  logError: AppLoadContext['logError']
}

/**
 * The document as a streamed answer. Its callbacks are made here, apart from `handleRequest`, and
 * let go of the page when the stream closes: React's request object holds them, and on Node 20 each
 * web stream made during the render holds that object until a full collection (the stream's native
 * half is weakly held, which a young-generation collection treats as strong). Callbacks closing over
 * `handleRequest`'s scope kept every page's router context, loader data and request alive that long,
 * and the abort timer kept them 6 s more: about 300 KB a page moved to the old generation.
 */
function renderDocument(document: React.ReactNode, page: Page): Promise<Response> {
  // `document` and `page` are read here only, never in a callback, so no callback holds them.
  let held: Page | null = page
  let resolve: (answer: Response) => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const answer = new Promise<Response>((yes, no) => {
    resolve = yes
    reject = no
  })
  let shellRendered = false
  let timer: NodeJS.Timeout | undefined = undefined
  const release = () => {
    clearTimeout(timer)
    held = null
  }
  const { pipe, abort } = renderToPipeableStream(document, {
    nonce: page.nonce,
    [page.readyEvent]() {
      if (!held) return
      shellRendered = true
      const body = new PassThrough()
      held.headers.set('Content-Type', 'text/html; charset=utf-8')
      setDocumentCacheControl(held.headers, held.status, held.kept)
      resolve(new Response(createReadableStreamFromReadable(body), { headers: held.headers, status: held.status }))
      const later = scriptsAfterLoad(held.nonce)
      later.once('close', release)
      later.pipe(body)
      pipe(later)
    },
    onShellError(error: unknown) {
      release()
      reject(error)
    },
    onError(error: unknown) {
      if (!held) return
      held.status = 500
      // Errors after the shell are logged here; before it, the promise rejects.
      if (shellRendered) held.logError(error, 'page render failed')
    },
  })
  timer = setTimeout(abort, streamTimeout + 1000)
  return answer
}
