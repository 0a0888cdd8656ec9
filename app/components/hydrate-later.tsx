import { Component, Suspense, useState, type ReactNode } from 'react'

/**
 * Progressive hydration (docs/decisions/024-javascript-budget.md). Preact hydrates a whole tree in
 * one task, which Lighthouse's 4× slower CPU turns into one long task (Total Blocking Time). A
 * section wrapped in `<HydrateLater>` is skipped on the first pass and hydrated in a task of its
 * own afterwards, in document order, one section per task: Preact keeps the server's DOM of a
 * component that suspends while hydrating and hydrates it when the promise settles.
 *
 * Until then the section is the server's HTML: links and forms work as they do without
 * JavaScript. Only the first page load is split; after it (client navigation) the sections render
 * at once. The child must be **one element**: Preact keeps the first element it finds.
 *
 * The Suspense boundary exists in the Preact build only. On the server a boundary would change the
 * HTML: React 19 streams a large boundary's content after the rest, hidden, and moves it into
 * place with an inline script (the footer jumped: CLS 0.6). Preact needs no markers to hydrate, and
 * under React (`npm run dev`) server and browser render the same tree without it.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [gate] = useState(newGate)
  const gated = <Gate gate={gate}>{children}</Gate>
  return import.meta.env.PREACT ? <Suspense fallback={null}>{gated}</Suspense> : gated
}

/** Called by app/entry.client.tsx right before the document is hydrated (Preact build only). */
export function hydrateInSteps(): void {
  stepping = true
}

interface Opening {
  open: boolean
  promise: Promise<void>
  release: () => void
}

let stepping = false
const waiting: Opening[] = []
let pumping = false
let finished: (() => void) | null = null

/**
 * Runs `done` once the last section has been opened (at once when the first pass queued none).
 * Called by app/entry.client.tsx right after the first pass.
 */
export function afterSteps(done: () => void): void {
  if (pumping) finished = done
  else done()
}

function newGate(): Opening | null {
  if (!stepping) return null
  let release = () => {}
  const promise = new Promise<void>((resolve) => (release = resolve))
  const opening: Opening = { open: false, promise, release }
  waiting.push(opening)
  if (!pumping) {
    pumping = true
    nextTask(pump)
  }
  return opening
}

/**
 * Opens one section per task. Preact renders the section in a microtask after its promise
 * settles, so within this task; sections found inside it join the queue. An empty queue ends the
 * stepped hydration.
 */
function pump(): void {
  const next = waiting.shift()
  if (!next) {
    pumping = false
    stepping = false
    finished?.()
    finished = null
    return
  }
  next.open = true
  next.release()
  nextTask(pump)
}

/** A new task, after the browser had a chance to paint and handle input. */
function nextTask(run: () => void): void {
  const scheduler = (globalThis as { scheduler?: { postTask?: (run: () => void, options: { priority: string }) => unknown } }).scheduler
  if (scheduler?.postTask) scheduler.postTask(run, { priority: 'user-visible' })
  else setTimeout(run, 0)
}

/** Suspends (throws its promise) until the section's turn; a class, so Preact resumes the same instance. */
class Gate extends Component<{ gate: Opening | null; children: ReactNode }> {
  override render() {
    const { gate, children } = this.props
    if (gate && !gate.open) throw gate.promise
    return children
  }
}
