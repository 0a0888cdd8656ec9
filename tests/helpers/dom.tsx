import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach } from 'vitest'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/**
 * A fresh DOM root for each test of the calling `describe` (or file) in a jsdom test: `mount`
 * renders an element inside a data router at /page, `render` one as it is; `container()` is the element
 * they render into.
 */
export function setupDomRoot() {
  let container: HTMLDivElement
  let root: Root
  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
  })
  afterEach(() => {
    act(() => root.unmount())
    container.remove()
  })
  return {
    container: () => container,
    /** Renders `element` as it is (one that brings its own router). */
    render(element: ReactNode) {
      act(() => root.render(element))
    },
    mount(element: ReactNode) {
      const Stub = createRoutesStub([{ path: '*', Component: () => <>{element}</> }])
      act(() => root.render(<Stub initialEntries={['/page']} />))
    },
  }
}
