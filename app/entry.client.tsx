import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

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
 * React's server output moves the module preloads that <Scripts /> renders at the end of <body> up
 * into <head>; Preact matches elements in the order the tree renders them, so it would take them
 * for <head>'s own links (the stylesheet's among them) and drop the rest. Put back where the tree
 * has them before hydrating.
 */
function unhoistModulePreloads(): void {
  const firstScript = document.body.querySelector(':scope > script')
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) document.body.insertBefore(link, firstScript)
}

if (import.meta.env.PREACT) unhoistModulePreloads()

void decoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      import.meta.env.PREACT ? wholeDocument : document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  }),
)
