import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { afterSteps, hydrateInSteps } from '#app/components/hydrate-later.tsx'

/**
 * In the production build React is Preact's compat layer (docs/decisions/024-javascript-budget.md).
 * HydratedRouter suspends on its first render until the server's loader data is decoded; React
 * waits for that at the root, Preact would hydrate around a suspended root and create the
 * document's inline scripts again (which the CSP refuses). So the decoding is started and awaited
 * first — the router's first call throws the promise of it — and the document is hydrated in one
 * pass once the data is there.
 */
async function decoded(): Promise<void> {
  try {
    ;(HydratedRouter as (props: object) => unknown)({})
  } catch (pending) {
    if (pending instanceof Promise) await pending
  }
}

/**
 * The document as Preact should see it. Given `document` itself, Preact hydrates into
 * `document.documentElement` and so looks for an `<html>` inside `<html>` (and builds a second
 * one); through this stand-in it walks the document's own children, `<html>` first, as React does.
 */
const wholeDocument = new Proxy(document, {
  get(target, key) {
    // Only <html>: the doctype is not part of the tree, and a node placed "before the first child"
    // would land before it.
    if (key === 'firstChild') return target.documentElement
    if (key === 'childNodes') return [target.documentElement]
    // Preact 11 swaps a container of node type 9 (a document) for its <html>.
    if (key === 'nodeType') return Node.DOCUMENT_FRAGMENT_NODE
    const value: unknown = Reflect.get(target, key, target)
    return typeof value === 'function' ? value.bind(target) : value
  },
  set: (target, key, value) => Reflect.set(target, key, value, target),
})

/**
 * Preact matches the elements already in the page in the order the tree renders them (by tag
 * only), so <head> must hold what the tree renders there, in that order, or it takes one link for
 * another and drops the rest — the stylesheet among them. React's server output differs in two
 * ways, undone here before hydrating:
 * - the module preloads that <Scripts /> renders at the end of <body> are moved up into <head>:
 *   put back where the tree has them;
 * - resource hints React makes itself (an image preload for each `<img fetchpriority="high">`) are
 *   written right after the charset and viewport: the tree has none, the layout's own elements go
 *   on with the theme colour, so what lies between is removed (the fetch it started goes on).
 */
function matchServerHead(): void {
  const firstScript = document.body.querySelector(':scope > script')
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) document.body.insertBefore(link, firstScript)
  const themeColor = document.head.querySelector('meta[name="theme-color"]')
  let node = document.head.querySelector('meta[name="viewport"]')?.nextSibling ?? null
  while (themeColor && node && node !== themeColor) {
    const next = node.nextSibling
    node.remove()
    node = next
  }
}

/**
 * The router in a task of its own (Preact only): HydratedRouter makes it on its first render once
 * the data is decoded (routes, history, hydration data: about a third of the hydration's time) and
 * keeps it for the render that hydrates. Called outside a render it makes the router, then throws
 * at its first hook, which is expected and ignored.
 */
function createRouterFirst(): void {
  try {
    ;(HydratedRouter as (props: object) => unknown)({})
  } catch {
    // The hook outside a render.
  }
}

/** A new task: the browser may paint and handle input in between (docs/decisions/024-javascript-budget.md). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function hydrate(): Promise<void> {
  await decoded()
  if (import.meta.env.PREACT) {
    await nextTask()
    createRouterFirst()
    await nextTask()
    // Sections in <HydrateLater> are hydrated afterwards, one task each.
    hydrateInSteps()
  }
  startTransition(() => {
    hydrateRoot(
      import.meta.env.PREACT ? wholeDocument : document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
  // Preact hydrates the first pass synchronously; the sections follow, one task each.
  afterSteps(markHydrated)
}

/**
 * `window.__hydrated` is true once every section of the page has been hydrated, so its controls
 * answer to the page's own code: end-to-end tests wait for it (tests/e2e/helpers.ts `hydrated`).
 * Under React (`npm run dev`) hydration is not stepped and this comes as soon as it is scheduled.
 */
function markHydrated(): void {
  ;(window as { __hydrated?: boolean }).__hydrated = true
}

if (import.meta.env.PREACT) matchServerHead()

void hydrate()
